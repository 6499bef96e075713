import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CompanyInput, Password, SignupInput } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { useFormFailure } from '../../../components/use-form-failure.ts';
import { useAuth } from '../AuthProvider.tsx';

// Creating a company: `company` is the new company's profile, the fields this page asks for.
const AdminSignup = SignupInput.extend({
  company: CompanyInput.pick({
    name: true,
    address: true,
    phone: true,
    email: true,
    registrationNumber: true,
    tinNumber: true,
    vatNumber: true,
    website: true,
  }),
});

/** Optional fields left blank are not sent. */
const blankToUndefined = (value: string | null | undefined) => value || undefined;

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
      company: {
        name: '',
        address: '',
        phone: '',
        email: '',
        registrationNumber: '',
        tinNumber: '',
        vatNumber: '',
        website: '',
      },
    },
  });
  const [failure, setFailure] = useFormFailure(watch);

  const handleCreate = handleSubmit(async ({ company, ...you }) => {
    setFailure(null);
    try {
      await auth.signup({
        ...you,
        company: {
          ...company,
          vatNumber: blankToUndefined(company.vatNumber),
          website: blankToUndefined(company.website),
        },
      });
      await navigate('/admin-dashboard');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Signup failed');
    }
  });

  return (
    <AuthCard
      maxWidth={720}
      title="Start your agency"
      subtitle="Create your company on Lintel. You will be its admin, and can invite your team next."
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
          {' · '}
          Have an invitation?{' '}
          <Link component={RouterLink} to="/signup">
            Create your account
          </Link>
        </Typography>
      }
    >
      <Box component="form" noValidate onSubmit={(event) => void handleCreate(event)}>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {failure}
          </Alert>
        )}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Box component="legend" sx={{ p: 0 }}>
            <SectionTitle>You</SectionTitle>
          </Box>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="name" label="Full name" autoComplete="name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                helperText={`At least ${Password.minLength ?? 8} characters.`}
              />
            </Grid>
          </Grid>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Box component="legend" sx={{ p: 0 }}>
            <SectionTitle>Your agency</SectionTitle>
          </Box>
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="company.name"
                label="Company name"
                autoComplete="organization"
              />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="company.address"
                label="Company address"
                autoComplete="street-address"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="company.phone"
                label="Company phone"
                type="tel"
                autoComplete="tel"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.email" label="Company email" type="email" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="company.registrationNumber"
                label="Registration number"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.tinNumber" label="TIN number" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="company.vatNumber"
                label="VAT number"
                helperText="Optional"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="company.website"
                label="Website"
                type="url"
                autoComplete="url"
                helperText="Optional"
              />
            </Grid>
          </Grid>
        </Box>
        <SubmitButton pending={formState.isSubmitting} sx={{ mt: 3 }} fullWidth>
          Create company
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}
