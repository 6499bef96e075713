import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';

/** The way back to an account list, above an account page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Box>
      <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />}>
        {label}
      </Button>
    </Box>
  );
}

/** An account page that could not show: still loading, failed (with Try again), or not for this user. */
export function AccountPageState({
  title,
  back,
  loading,
  error,
  onRetry,
  info,
}: {
  title: string;
  back: ReactNode;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  info?: string;
}) {
  if (loading) return <PageSpinner label={`Loading ${title.toLowerCase()}`} />;
  return (
    <Stack spacing={2}>
      {back}
      <PageHeader title={title} />
      {error && (
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                Try again
              </Button>
            )
          }
        >
          {error}
        </Alert>
      )}
      {info && <Alert severity="info">{info}</Alert>}
    </Stack>
  );
}
