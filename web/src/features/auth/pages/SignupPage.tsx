import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { SignupInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { SIGN_IN_LINK } from '../auth-links.ts';
import { useAuth } from '../AuthProvider.tsx';
import { PERSON_FIELDS } from '../person-fields.ts';

// Joining a company: `company` is the invitation code, the union's string branch.
const InvitationSignup = SignupInput.extend({ company: SignupInput.shape.company.options[1] });

const FIELDS = [
  ...PERSON_FIELDS,
  {
    name: 'company',
    label: 'Invitation code',
    autoComplete: 'off',
    helperText: 'From your invitation email or your admin.',
  },
] as const;

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

  const handleSignup = handleSubmit(
    catchFailure(setFailure, 'Signup failed', async (input) => {
      await auth.signup(input);
      // SPEC §2: after sign-up the user goes to /dashboard (which forwards named roles home).
      await navigate('/dashboard');
    }),
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join your agency on Lintel with the invitation code your admin sent you."
      links={[
        SIGN_IN_LINK,
        { prompt: 'Starting a new agency?', to: '/admin-signup', label: 'Create a company' },
      ]}
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleSignup(event)} spacing={2.5}>
        <ErrorAlert message={failure} />
        <FormFieldList control={control} fields={FIELDS} />
        <SubmitButton pending={formState.isSubmitting} fullWidth>
          Create account
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
