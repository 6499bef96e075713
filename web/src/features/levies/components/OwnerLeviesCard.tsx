import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { formatMoney } from '@lintel/contracts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useDueLevies } from '../api.ts';
import { LevyStatusChip } from './LevyStatusChip.tsx';

const TITLE = 'Levies';

/** The owner's home: this month's levies on their properties, and earlier unpaid ones (read only). */
export function OwnerLeviesCard() {
  const { data, error, isPending } = useDueLevies();
  return (
    <Paper component="section" aria-label={TITLE} variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <RequestQuoteIcon aria-hidden color="primary" />
        <Typography variant="h6" component="h2">
          {TITLE}
        </Typography>
      </Box>
      {isPending ? (
        <CircularProgress size={24} aria-label="Loading levies" />
      ) : error ? (
        <ErrorAlert message={toApiError(error, 'Levies could not be loaded.').message} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No levies on your properties this month.</Typography>
      ) : (
        <List dense disablePadding>
          {data.map((charge) => (
            <ListItem key={charge._id} disableGutters sx={{ gap: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>{charge.propertyName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {charge.bodyCorporate} · {charge.period} · {formatMoney(charge.amount, charge.currency)}
                </Typography>
              </Box>
              <LevyStatusChip status={charge.status} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
