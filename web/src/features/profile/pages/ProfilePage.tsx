import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { PasswordChangeInput, ProfileInput, type User } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldGrid } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth, useCompany } from '../../../session/index.ts';
import { useChangePassword, useUpdateProfile } from '../api.ts';
import { showSuccess } from '../../../components/SnackbarHost.tsx';

const ROLE_NAMES: Record<string, string> = {
  admin: 'Admin',
  agent: 'Agent',
  owner: 'Owner',
  accountant: 'Accountant',
  other: 'Team member',
};

const PROFILE_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', span: 12 },
] as const;

/** The contract's input plus the confirmation, which must repeat the new password. */
const PasswordForm = PasswordChangeInput.extend({ confirmPassword: z.string() }).refine(
  (values) => values.confirmPassword === values.newPassword,
  { path: ['confirmPassword'], message: 'The new passwords do not match' },
);

/** /profile, every role: the user's own name, email and password. */
export function ProfilePage() {
  const { user } = useAuth();
  const { company } = useCompany();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Your profile" subtitle="How you appear to your colleagues, and how you sign in." />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <ProfileForm user={user} companyName={company?.name} />
        <PasswordSection />
      </Stack>
    </>
  );
}

function ProfileForm({ user, companyName }: { user: User; companyName: string | undefined }) {
  const updateProfile = useUpdateProfile();
  const { control, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(ProfileInput),
    mode: 'onTouched',
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleSave = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await updateProfile.mutateAsync(body);
      reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email });
      showSuccess('Profile saved');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Your profile could not be saved.');
    }
  });

  return (
    <Paper component="section" aria-labelledby="profile-details" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box id="profile-details">
        <SectionTitle>Details</SectionTitle>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {ROLE_NAMES[user.role] ?? user.role}
        {companyName ? ` at ${companyName}` : ''}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void handleSave(event)}>
        <FormFieldGrid control={control} fields={PROFILE_FIELDS} />
        <ErrorAlert message={failure} sx={{ mt: 2 }} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <SubmitButton pending={formState.isSubmitting} disabled={!formState.isDirty}>
            Save profile
          </SubmitButton>
        </Box>
      </Box>
    </Paper>
  );
}

function PasswordSection() {
  const changePassword = useChangePassword();
  const { control, handleSubmit, reset, watch, formState } = useForm({
    resolver: zodResolver(PasswordForm),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleChange = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset();
      showSuccess('Password changed. Your other sessions were signed out.');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Your password could not be changed.');
    }
  });

  return (
    <Paper component="section" aria-labelledby="change-password" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box id="change-password">
        <SectionTitle>Change password</SectionTitle>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Changing your password signs you out on every other device.
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void handleChange(event)}>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField
            control={control}
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText="At least 8 characters."
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
        </Stack>
        <ErrorAlert message={failure} sx={{ mt: 2 }} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <SubmitButton pending={formState.isSubmitting}>Change password</SubmitButton>
        </Box>
      </Box>
    </Paper>
  );
}
