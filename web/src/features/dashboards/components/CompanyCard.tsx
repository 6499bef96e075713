import type { ReactNode } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../../components/DetailList.tsx';
import { useCompany } from '../../../session/index.ts';

/** The signed-in user's company at a glance: name, address, phone, email. */
export function CompanyCard({ action }: { action?: ReactNode }) {
  const { company, loading, error } = useCompany();
  return (
    <Paper component="section" aria-label="Company" sx={{ p: 2.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#0f2a47',
            color: '#fff',
          }}
        >
          <BusinessIcon />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Your company
          </Typography>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {company?.name ?? (loading ? <Skeleton width={140} /> : 'Company')}
          </Typography>
        </Box>
      </Box>
      {error && !company ? (
        <Alert severity="error">{error}</Alert>
      ) : company ? (
        <DetailList
          stacked
          items={[
            { label: 'Address', value: company.address },
            { label: 'Phone', value: company.phone },
            { label: 'Email', value: company.email },
          ]}
        />
      ) : (
        <Box role="status" aria-label="Loading company">
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </Box>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Paper>
  );
}
