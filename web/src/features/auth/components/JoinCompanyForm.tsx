import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { JoinInput } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldList } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../../../session/index.ts';

const FIELDS = [
  {
    name: 'code',
    label: 'Invitation code',
    autoComplete: 'off',
    helperText: 'From your invitation email or your admin.',
  },
] as const;

/** A signed-in user without a company joins one with an invitation code, in the invited role. */
export function JoinCompanyForm() {
  const auth = useAuth();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(JoinInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleJoin = handleSubmit(
    catchFailure(setFailure, 'The invitation could not be accepted.', ({ code }) =>
      auth.acceptInvitation(code),
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={(event) => void handleJoin(event)} spacing={2.5}>
      <ErrorAlert message={failure} />
      <FormFieldList control={control} fields={FIELDS} />
      <SubmitButton pending={formState.isSubmitting} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        Join company
      </SubmitButton>
    </Stack>
  );
}
