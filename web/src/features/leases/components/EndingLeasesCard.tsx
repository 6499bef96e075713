import { Link as RouterLink } from 'react-router';
import EventIcon from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useEndingLeases } from '../api.ts';

const TITLE = 'Leases ending within 30 days';

/** Dashboard card: active leases ending soon (agent and owner: theirs; admin: all). */
export function EndingLeasesCard() {
  const { data, error, isPending } = useEndingLeases(30);
  return (
    <Paper component="section" aria-label={TITLE} variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <EventIcon aria-hidden color="warning" />
        <Typography variant="h6" component="h2">
          {TITLE}
        </Typography>
      </Box>
      {isPending ? (
        <CircularProgress size={24} aria-label="Loading leases ending soon" />
      ) : error ? (
        <ErrorAlert message={toApiError(error, 'Leases ending soon could not be loaded.').message} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No leases end in the next 30 days.</Typography>
      ) : (
        <List dense disablePadding>
          {data.map((lease) => (
            <ListItem key={lease._id} disableGutters sx={{ display: 'block' }}>
              <Link component={RouterLink} to={`/leases/${lease._id}`} sx={{ fontWeight: 500 }}>
                {lease.propertyName}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {lease.tenantName} · ends {formatDay(lease.endDate)} ·{' '}
                {formatMoney(lease.rentAmount, lease.currency)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to="/leases" size="small">
          All leases
        </Button>
      </Box>
    </Paper>
  );
}
