import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { ResetPasswordInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { toApiError } from '../../../lib/http.ts';
import { setNewPassword } from '../api.ts';
import { FORGOT_PASSWORD_PATH, SIGN_IN_LINK } from '../auth-links.ts';
import { PASSWORD_SET_NOTICE, type LoginNotice } from '../login-notice.ts';
import { NEW_PASSWORD_FIELD } from '../person-fields.ts';

// The token comes from the link, not the form: only the password is typed, twice.
const NewPasswordForm = ResetPasswordInput.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine(({ password, confirm }) => password === confirm, {
    message: 'Passwords do not match',
    path: ['confirm'],
  });

const FIELDS = [
  { ...NEW_PASSWORD_FIELD, label: 'New password', autoFocus: true },
  { name: 'confirm', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
] as const;

/** A link that cannot set a password, and where to get one that can. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Alert severity="error" role="alert">
      {message}{' '}
      <Link component={RouterLink} to={FORGOT_PASSWORD_PATH}>
        Ask for a new link
      </Link>
    </Alert>
  );
}

/** /reset-password?token=…: the emailed link's page, where a new password is set. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(NewPasswordForm),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);
  // The server's 400: the link is unknown, used or expired, and no password will make it work.
  const [linkFailure, setLinkFailure] = useState<string | null>(null);

  const handleSave = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await setNewPassword({ token, password });
      const state: LoginNotice = { notice: PASSWORD_SET_NOTICE };
      // Replaced: Back should not lead to a link that has just been used.
      await navigate('/login', { replace: true, state });
    } catch (error) {
      const { status, message } = toApiError(error, 'The password could not be set. Please try again.');
      if (status === 400) setLinkFailure(message);
      else setFailure(message);
    }
  });

  const problem = token ? linkFailure : 'This link is incomplete: it has no code in it.';

  return (
    <AuthCard
      title="Set a new password"
      subtitle="Choose the password you will sign in with."
      links={[SIGN_IN_LINK]}
    >
      {problem ? (
        <LinkProblem message={problem} />
      ) : (
        <Stack component="form" noValidate onSubmit={(event) => void handleSave(event)} spacing={2.5}>
          <ErrorAlert message={failure} />
          <FormFieldList control={control} fields={FIELDS} />
          <SubmitButton pending={formState.isSubmitting} fullWidth>
            Set password
          </SubmitButton>
        </Stack>
      )}
    </AuthCard>
  );
}
