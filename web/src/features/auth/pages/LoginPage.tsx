import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormOutlinedField } from '../../../components/FormOutlinedField.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useClearOnEdit, useFormFailure } from '../../../components/use-form-failure.ts';
import { INVITATION_LINK } from '../auth-links.ts';
import { useAuth } from '../../../session/index.ts';
import { loginResolver } from '../login-resolver.ts';

export function LoginPage() {
  const auth = useAuth();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: loginResolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);
  // The session's own message ('Session expired…') stays until the user starts typing.
  const clearSessionError = useCallback(() => auth.clearError(), [auth]);
  useClearOnEdit(watch, Boolean(auth.error), clearSessionError);

  // login navigates by role.
  const handleLogin = handleSubmit(
    catchFailure(setFailure, 'Login failed', ({ email, password }) => auth.login(email, password)),
  );

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to your agency’s workspace."
      links={[INVITATION_LINK, { prompt: 'New to Lintel?', to: '/admin-signup', label: 'Start your agency' }]}
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleLogin(event)} spacing={2.5}>
        <ErrorAlert message={failure ?? auth.error} />
        <FormOutlinedField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <FormOutlinedField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton pending={formState.isSubmitting} fullWidth>
          Sign in
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
