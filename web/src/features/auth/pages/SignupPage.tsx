import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { InvitationCode, SignupInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { SIGN_IN_LINK } from '../auth-links.ts';
import { useAuth } from '../../../session/index.ts';
import { PERSON_FIELDS } from '../person-fields.ts';

// `company` is the invitation code, if any: left blank, the user signs up without a company.
const OptionalInvitationSignup = SignupInput.extend({
  company: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), InvitationCode])),
});

const FIELDS = [
  ...PERSON_FIELDS,
  {
    name: 'company',
    label: 'Invitation code (optional)',
    autoComplete: 'off',
    helperText: 'From your invitation email. Without one, you can create an agency or join one later.',
  },
] as const;

export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(OptionalInvitationSignup),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', password: '', company: searchParams.get('code') ?? '' },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleSignup = handleSubmit(
    catchFailure(setFailure, 'Signup failed', async ({ company, ...person }) => {
      // No code: no `company` at all (SPEC §7's plain sign-up), not an empty one.
      await auth.signup(company ? { ...person, company } : person);
      // SPEC §2: after sign-up the user goes to /dashboard (which forwards named roles home).
      await navigate('/dashboard');
    }),
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join your agency with the invitation code your admin sent you, or start without one."
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
