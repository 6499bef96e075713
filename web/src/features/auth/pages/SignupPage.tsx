import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Password, SignupInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../AuthProvider.tsx';

// Joining a company: `company` is the invitation code, the union's string branch.
const InvitationSignup = SignupInput.extend({ company: SignupInput.shape.company.options[1] });

export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(InvitationSignup),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', password: '', company: searchParams.get('code') ?? '' },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleSignup = handleSubmit(async (input) => {
    setFailure(null);
    try {
      await auth.signup(input);
      // SPEC §2: after sign-up the user goes to /dashboard (which forwards named roles home).
      await navigate('/dashboard');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Signup failed');
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join your agency on Lintel with the invitation code your admin sent you."
      footer={
        <>
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to="/login">
              Sign in
            </Link>
          </Typography>
          <Typography variant="body2">
            Starting a new agency?{' '}
            <Link component={RouterLink} to="/admin-signup">
              Create a company
            </Link>
          </Typography>
        </>
      }
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleSignup(event)} spacing={2.5}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <FormTextField control={control} name="name" label="Full name" autoComplete="name" />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText={`At least ${Password.minLength ?? 8} characters.`}
        />
        <FormTextField
          control={control}
          name="company"
          label="Invitation code"
          autoComplete="off"
          helperText="From your invitation email or your admin."
        />
        <SubmitButton pending={formState.isSubmitting} fullWidth>
          Create account
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
