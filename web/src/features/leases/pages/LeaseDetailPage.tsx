import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, formatPercent, type Lease } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailList, type Detail } from '../../../components/DetailList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDay } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../../session/index.ts';
import { canChangeLease, canReadLeases, useActivateLease, useLease } from '../api.ts';
import { LeaseFormDialog } from '../components/LeaseFormDialog.tsx';
import { LeaseStatusChip } from '../components/LeaseStatusChip.tsx';
import { RenewLeaseDialog } from '../components/RenewLeaseDialog.tsx';
import { TerminateLeaseDialog } from '../components/TerminateLeaseDialog.tsx';
import { DepositCard, RemindersCard } from '../../accounts/index.ts';

const backLink = (
  <Button component={RouterLink} to="/leases" startIcon={<ArrowBackIcon />}>
    All leases
  </Button>
);

/** /leases/:leaseId: the lease, its renewal chain, and what the role may do in its state. */
export function LeaseDetailPage() {
  const { user } = useAuth();
  const { leaseId = '' } = useParams();
  if (!canReadLeases(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Lease" />
        <Alert severity="info">Leases are managed by your agency&apos;s staff.</Alert>
      </Stack>
    );
  }
  return <LeaseDetail leaseId={leaseId} />;
}

type DialogKind = 'edit' | 'activate' | 'terminate' | 'renew';

function LeaseDetail({ leaseId }: { leaseId: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data: lease, error, isPending, refetch } = useLease(leaseId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [activateError, setActivateError] = useState<string | null>(null);
  const activate = useActivateLease();

  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading lease" />
      </Box>
    );
  }
  if (error || !lease) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageHeader title="Lease" />
        <Alert
          severity="error"
          sx={{ alignSelf: 'stretch' }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {toApiError(error, 'The lease could not be loaded.').message}
        </Alert>
        {backLink}
      </Stack>
    );
  }

  const canChange = canChangeLease(user, lease);
  const open = (kind: DialogKind) => {
    setDialogKey((key) => key + 1);
    setActivateError(null);
    setDialog(kind);
  };
  const close = () => setDialog(null);

  const handleActivate = async () => {
    setActivateError(null);
    try {
      await activate.mutateAsync(lease._id);
      close();
    } catch (failure) {
      setActivateError(toApiError(failure, 'The lease could not be activated. Please try again.').message);
    }
  };

  const actions = canChange && (
    <>
      {lease.status === 'draft' && (
        <>
          <Button variant="outlined" onClick={() => open('edit')}>
            Edit
          </Button>
          <Button variant="contained" onClick={() => open('activate')}>
            Activate
          </Button>
        </>
      )}
      {lease.status === 'active' && (
        <>
          {!lease.renewalId && (
            <Button variant="contained" onClick={() => open('renew')}>
              Renew
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => open('terminate')}>
            Terminate
          </Button>
        </>
      )}
    </>
  );

  const money = (amount: number) => formatMoney(amount, lease.currency);
  const leaseLink = (id: string, label: string) => (
    <Link component={RouterLink} to={`/leases/${id}`}>
      {label}
    </Link>
  );
  const items: Detail[] = [
    { label: 'Status', value: <LeaseStatusChip status={lease.status} /> },
    { label: 'Property', value: lease.propertyName },
    { label: 'Tenant', value: lease.tenantName },
    { label: 'Start date', value: formatDay(lease.startDate) },
    { label: 'End date', value: formatDay(lease.endDate) },
    { label: 'Monthly rent', value: money(lease.rentAmount) },
    { label: 'Rent due day', value: `Day ${lease.rentDueDay} of each month` },
    { label: 'Deposit', value: money(lease.depositAmount) },
    ...(lease.escalationBp !== null
      ? [{ label: 'Escalation', value: formatPercent(lease.escalationBp) }]
      : []),
    { label: 'Terms', value: lease.terms },
    ...(lease.terminationReason ? [{ label: 'Termination reason', value: lease.terminationReason }] : []),
  ];
  const chain: Detail[] = [
    { label: 'Renews', value: lease.renewedFromId ? leaseLink(lease.renewedFromId, 'Previous lease') : null },
    { label: 'Renewed by', value: lease.renewalId ? leaseLink(lease.renewalId, 'Renewal lease') : null },
  ];

  return (
    <Stack spacing={2}>
      <Box>{backLink}</Box>
      <PageHeader
        title={`${lease.propertyName} — ${lease.tenantName}`}
        subtitle={`${formatDay(lease.startDate)} to ${formatDay(lease.endDate)}`}
        actions={actions}
      />
      {!canChange && (
        <Typography color="text.secondary" variant="body2">
          You can view this lease; changes are made by the agent who manages the property or an admin.
        </Typography>
      )}
      <Paper variant="outlined" component="section" aria-label="Lease details" sx={{ p: { xs: 2, sm: 3 } }}>
        <DetailList items={items} />
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Renewal chain" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Renewal chain
        </Typography>
        <DetailList items={chain} />
      </Paper>
      {lease.status !== 'draft' && <DepositCard lease={lease} />}
      {lease.status !== 'draft' && <RemindersCard lease={lease} />}

      {dialog === 'edit' && <LeaseFormDialog key={dialogKey} open lease={lease} onClose={close} />}
      <ConfirmDialog
        open={dialog === 'activate'}
        title="Activate this lease?"
        message={
          <>
            <strong>{lease.propertyName}</strong> becomes occupied by {lease.tenantName}, and the lease can no
            longer be edited.
          </>
        }
        confirmLabel="Activate"
        busy={activate.isPending}
        error={activateError}
        onConfirm={() => void handleActivate()}
        onClose={close}
      />
      {dialog === 'terminate' && <TerminateLeaseDialog key={dialogKey} open lease={lease} onClose={close} />}
      {dialog === 'renew' && (
        <RenewLeaseDialog
          key={dialogKey}
          open
          lease={lease}
          onClose={close}
          onRenewed={(renewal: Lease) => void navigate(`/leases/${renewal._id}`)}
        />
      )}
    </Stack>
  );
}
