import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { ForgotPasswordInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { sendPasswordResetLink } from '../api.ts';

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', autoFocus: true },
] as const;

/** /forgot-password: asks for the emailed link that sets a new password. */
export function ForgotPasswordPage() {
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(ForgotPasswordInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);
  // The server's words: the same whether or not the email has an account. The form stays, so a
  // mistyped address can be sent again.
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const handleSend = handleSubmit(
    catchFailure(setFailure, 'The link could not be sent. Please try again.', async (input) => {
      setSentMessage(null);
      setSentMessage(await sendPasswordResetLink(input));
    }),
  );

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email you sign in with. We will send a link to set a new password."
      links={[{ prompt: 'Remembered it?', to: '/login', label: 'Sign in' }]}
    >
      <Stack component="form" noValidate onSubmit={(event) => void handleSend(event)} spacing={2.5}>
        {sentMessage && (
          <Alert severity="success" role="status">
            {sentMessage}
          </Alert>
        )}
        <ErrorAlert message={failure} />
        <FormFieldList control={control} fields={FIELDS} />
        <SubmitButton pending={formState.isSubmitting} fullWidth>
          Send link
        </SubmitButton>
      </Stack>
    </AuthCard>
  );
}
