import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { SignupInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormFieldGrid } from '../../../components/FormFields.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { catchFailure, useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../../../session/index.ts';
import { INVITATION_LINK, SIGN_IN_LINK } from '../auth-links.ts';
import {
  companyFields,
  EMPTY_NEW_COMPANY,
  NewCompanyInput,
  withoutBlankOptionals,
} from '../../company/index.ts';
import { PERSON_FIELDS } from '../person-fields.ts';

// Creating a company: `company` is the new company's profile, the fields this page asks for.
const AdminSignup = SignupInput.extend({ company: NewCompanyInput });

const COMPANY_FIELDS = companyFields('company.', { isSignup: true });

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Box component="legend" sx={{ p: 0 }}>
        <SectionTitle>{legend}</SectionTitle>
      </Box>
      {children}
    </Box>
  );
}

export function AdminSignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { control, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(AdminSignup),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      name: '',
      email: '',
      password: '',
      company: EMPTY_NEW_COMPANY,
    },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleCreate = handleSubmit(
    catchFailure(setFailure, 'Signup failed', async ({ company, ...you }) => {
      await auth.signup({ ...you, company: withoutBlankOptionals(company) });
      await navigate('/admin-dashboard');
    }),
  );

  return (
    <AuthCard
      maxWidth={720}
      title="Start your agency"
      subtitle="Create your company on Lintel. You will be its admin, and can invite your team next."
      links={[SIGN_IN_LINK, INVITATION_LINK]}
      linksInline
    >
      <Box component="form" noValidate onSubmit={(event) => void handleCreate(event)}>
        <ErrorAlert message={failure} sx={{ mb: 3 }} />
        <Fieldset legend="You">
          <FormFieldGrid control={control} fields={PERSON_FIELDS} />
        </Fieldset>
        <Divider sx={{ my: 3 }} />
        <Fieldset legend="Your agency">
          <FormFieldGrid control={control} fields={COMPANY_FIELDS} />
        </Fieldset>
        <SubmitButton pending={formState.isSubmitting} sx={{ mt: 3 }} fullWidth>
          Create company
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}
