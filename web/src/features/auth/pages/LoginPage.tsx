import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormOutlinedField } from '../../../components/FormOutlinedField.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useClearOnEdit, useFormFailure } from '../../../components/use-form-failure.ts';
import { FORGOT_PASSWORD_PATH, INVITATION_LINK } from '../auth-links.ts';
import { loginNoticeOf } from '../login-notice.ts';
import { NEXT_PARAM, safeNextPath } from '../next-path.ts';
import { useAuth } from '../../../session/index.ts';
import { loginResolver } from '../login-resolver.ts';

export function LoginPage() {
  const auth = useAuth();
  // Left by the page that sent the user here, e.g. after setting a new password.
  const notice = loginNoticeOf(useLocation().state);
  // Where an emailed link leads after sign-in (decision 0008); SPEC's home by role otherwise.
  const next = safeNextPath(useSearchParams()[0].get(NEXT_PARAM));
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: loginResolver,
    // Checked when the person signs in, not as they leave a field: leaving the empty email for
    // "Forgot password?" would otherwise show an error that moves the link from under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);
  // The session's own message ('Session expired…') stays until the user starts typing.
  const clearSessionError = useCallback(() => auth.clearError(), [auth]);
  useClearOnEdit(watch, Boolean(auth.error), clearSessionError);

  // login navigates to `next`, else by role.
  const handleLogin = handleSubmit(
    catchFailure(setFailure, 'Login failed', ({ email, password }) => auth.login(email, password, next)),
  );

  // Someone already signed in who follows such a link goes straight on.
  if (auth.isAuthenticated && next) return <Navigate replace to={next} />;

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to your agency’s workspace."
      links={[INVITATION_LINK, { prompt: 'New to Lintel?', to: '/admin-signup', label: 'Start your agency' }]}
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleLogin(event)} spacing={2.5}>
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
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
        <Link component={RouterLink} to={FORGOT_PASSWORD_PATH} variant="body2" sx={{ alignSelf: 'flex-end' }}>
          Forgot password?
        </Link>
        <SubmitButton pending={formState.isSubmitting} fullWidth>
          Sign in
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
