import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldGrid } from '../../../components/FormFields.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../../../session/index.ts';
import {
  companyFields,
  EMPTY_NEW_COMPANY,
  NewCompanyInput,
  withoutBlankOptionals,
} from '../../company/index.ts';

// The fields /admin-signup asks of a new agency, labelled as there ("Company email", …).
const FIELDS = companyFields('', { isSignup: true });

/** A signed-in user without a company creates one: they become its admin and go to its home. */
export function CreateAgencyForm() {
  const auth = useAuth();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(NewCompanyInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_NEW_COMPANY,
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleCreate = handleSubmit(
    catchFailure(setFailure, 'The agency could not be created.', (company) =>
      auth.createCompany(withoutBlankOptionals(company)),
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleCreate(event)}>
      <ErrorAlert message={failure} sx={{ mb: 2.5 }} />
      <FormFieldGrid control={control} fields={FIELDS} />
      <SubmitButton pending={formState.isSubmitting} sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}>
        Create agency
      </SubmitButton>
    </Box>
  );
}
