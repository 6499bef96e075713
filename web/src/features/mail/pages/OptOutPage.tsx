import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAIL_OPT_OUT_LABELS } from '@lintel/contracts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useOptOut, useOptOutDetails } from '../api.ts';

/**
 * /opt-out?token=…: the page an email's "Stop these emails" link opens. It asks first, so a mail
 * scanner that follows links cannot opt anyone out; the signed token is all it needs.
 */
export function OptOutPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const details = useOptOutDetails(token);
  const optOut = useOptOut();
  const shown = optOut.data ?? details.data;

  return (
    <AuthCard title="Email preferences" subtitle="Reminders and statements by email">
      {!token ? (
        <ErrorAlert message="This link is incomplete: it has no code in it." />
      ) : details.error ? (
        <ErrorAlert message={details.error.message} />
      ) : !shown ? (
        <PageSpinner label="Reading the link" />
      ) : shown.optedOut ? (
        <Alert severity="success" role="status">
          Done. {shown.email} will get no more {MAIL_OPT_OUT_LABELS[shown.category]} from {shown.companyName}{' '}
          by email. Security emails, such as password resets, still arrive.
        </Alert>
      ) : (
        <Stack spacing={2.5}>
          <Typography>
            Stop emailing {MAIL_OPT_OUT_LABELS[shown.category]} from <strong>{shown.companyName}</strong> to{' '}
            <strong>{shown.email}</strong>?
          </Typography>
          <ErrorAlert message={optOut.error?.message} />
          <Button
            variant="contained"
            fullWidth
            disabled={optOut.isPending}
            onClick={() => optOut.mutate(token)}
          >
            Stop these emails
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
