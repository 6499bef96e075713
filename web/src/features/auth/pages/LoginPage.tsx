import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoginInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useClearOnEdit, useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../AuthProvider.tsx';

export function LoginPage() {
  const auth = useAuth();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(LoginInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);
  // The session's own message ('Session expired…') stays until the user starts typing.
  const clearSessionError = useCallback(() => auth.clearError(), [auth]);
  useClearOnEdit(watch, Boolean(auth.error), clearSessionError);

  const handleLogin = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await auth.login(email, password); // navigates by role
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Login failed');
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to your agency’s workspace."
      footer={
        <>
          <Typography variant="body2">
            Have an invitation?{' '}
            <Link component={RouterLink} to="/signup">
              Create your account
            </Link>
          </Typography>
          <Typography variant="body2">
            New to Lintel?{' '}
            <Link component={RouterLink} to="/admin-signup">
              Start your agency
            </Link>
          </Typography>
        </>
      }
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleLogin(event)} spacing={2.5}>
        {(failure ?? auth.error) && (
          <Alert severity="error" role="alert">
            {failure ?? auth.error}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <FormTextField
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
