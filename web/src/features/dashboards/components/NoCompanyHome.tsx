import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NO_COMPANY_MESSAGE } from '@lintel/contracts';
import { CreateAgencyForm, JoinCompanyForm } from '../../auth/index.ts';
import { HomeHeader } from './HomeHeader.tsx';

/** A way forward: a titled section with its form, and its share of a wide screen. */
interface Choice {
  title: string;
  description: string;
  form: ReactNode;
  lg: number;
}

// The short way first: on a phone, someone with a code should not scroll past the agency form.
const CHOICES: Choice[] = [
  {
    title: 'Join with an invitation code',
    description: 'Joining an agency already on Lintel? Enter the code its admin sent you.',
    form: <JoinCompanyForm />,
    lg: 5,
  },
  {
    title: 'Create an agency',
    description: 'Set up your company on Lintel. You will be its admin, and can invite your team next.',
    form: <CreateAgencyForm />,
    lg: 7,
  },
];

function ChoiceCard({ title, description, form }: Choice) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        {description}
      </Typography>
      {form}
    </Paper>
  );
}

/**
 * /dashboard for a user who signed up without an invitation: SPEC §5's company message and the two
 * ways into a company. Nothing here asks the server for company data, which would all fail.
 */
export function NoCompanyHome() {
  return (
    <>
      <HomeHeader subtitle="Welcome to Lintel. Join your team, or start your agency." />
      <Alert severity="info" sx={{ mb: 3 }}>
        {NO_COMPANY_MESSAGE}
      </Alert>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        {CHOICES.map((choice) => (
          <Grid key={choice.title} size={{ xs: 12, lg: choice.lg }}>
            <ChoiceCard {...choice} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
