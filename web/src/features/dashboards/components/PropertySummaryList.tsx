import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Property } from '@lintel/contracts';
import { humanize } from '../property-stats.ts';
import { PropertyStatusChip } from './PropertyStatusChip.tsx';

/** A short, read-only list of properties: name, address, type and status; stacks on phones. */
export function PropertySummaryList({
  title,
  properties,
  loading,
  error,
  limit,
  action,
  emptyText = 'No properties yet',
}: {
  title: string;
  properties: readonly Property[];
  loading: boolean;
  error: string | null;
  limit?: number;
  action?: ReactNode;
  emptyText?: string;
}) {
  const titleId = useId();
  const shown = limit ? properties.slice(0, limit) : properties;
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 2.5,
          pt: 2,
          pb: 1,
        }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {title}
          {!loading && !error && properties.length > 0 && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontWeight: 400 }}>
              ({properties.length})
            </Typography>
          )}
        </Typography>
        {action}
      </Box>
      {loading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
          <CircularProgress aria-label="Loading properties" />
        </Box>
      ) : error ? (
        <Alert severity="error" sx={{ m: 2.5, mt: 1 }}>
          {error}
        </Alert>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 3, pt: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <List disablePadding>
          {shown.map((property) => (
            <ListItem
              key={property._id}
              divider
              sx={{
                px: 2.5,
                py: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                '&:last-of-type': { borderBottom: 'none' },
              }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{property.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {property.address}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {humanize(property.type)}
                </Typography>
                <PropertyStatusChip status={property.status} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {limit !== undefined && properties.length > shown.length && !loading && !error && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 1.5 }}>
          Showing {shown.length} of {properties.length}.
        </Typography>
      )}
    </Paper>
  );
}
