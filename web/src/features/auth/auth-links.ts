import type { AuthLink } from '../../components/AuthCard.tsx';

export const SIGN_IN_LINK: AuthLink = { prompt: 'Already have an account?', to: '/login', label: 'Sign in' };
export const INVITATION_LINK: AuthLink = {
  prompt: 'Have an invitation?',
  to: '/signup',
  label: 'Create your account',
};

export const FORGOT_PASSWORD_PATH = '/forgot-password';
