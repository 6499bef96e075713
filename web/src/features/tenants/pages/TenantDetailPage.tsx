import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCalendarDate, formatMoney, type Lease, type LeaseStatus } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../../session/index.ts';
import { useTenant, useTenantLeases } from '../api.ts';
import { ArchiveTenantDialog, DeleteTenantDialog } from '../components/TenantConfirmDialogs.tsx';
import { TenantFormDialog } from '../components/TenantFormDialog.tsx';

const LEASE_PAGE_SIZE = 10;

const STATUS: Record<LeaseStatus, { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  draft: { label: 'Draft', color: 'default' },
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  terminated: { label: 'Terminated', color: 'error' },
};

const formatDate = (iso: string) => formatCalendarDate(iso.slice(0, 10));

type DialogKind = 'form' | 'archive' | 'delete';

/** One tenant: their details, what the signed-in user may do with them, and their leases. */
export function TenantDetailPage() {
  const { tenantId = '' } = useParams();
  const { user } = useAuth();
  const role = user?.role;
  const canDelete = role === 'admin' || role === 'agent';
  const listPath = `${homeFor(role)}/tenants`;
  const navigate = useNavigate();
  const { data: tenant, error, isPending } = useTenant(tenantId);

  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const openDialog = (kind: DialogKind) => {
    setDialog(kind);
    setDialogKey((key) => key + 1);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);
  const forgetDialog = () => setDialog(null);

  const back = (
    <Button
      component={RouterLink}
      to={listPath}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      All tenants
    </Button>
  );

  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading tenant" />
      </Box>
    );
  }
  if (error || !tenant) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{error?.message ?? 'Tenant not found'}</Alert>
      </Stack>
    );
  }

  const archived = tenant.archivedAt !== null;
  const actions = (
    <>
      {tenant.canEdit && (
        <>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => openDialog('form')}>
            Edit
          </Button>
          <Button
            variant="outlined"
            startIcon={archived ? <RestoreIcon /> : <ArchiveIcon />}
            onClick={() => openDialog('archive')}
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
        </>
      )}
      {canDelete && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => openDialog('delete')}
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <Stack spacing={3}>
      {back}
      <PageHeader
        title={tenant.name}
        subtitle={archived ? `Archived on ${formatDate(tenant.archivedAt!)}` : 'Tenant'}
        actions={actions}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SectionTitle>Details</SectionTitle>
        <DetailList
          items={[
            { label: 'Full name', value: tenant.name },
            {
              label: 'Email',
              value: tenant.email ? <Link href={`mailto:${tenant.email}`}>{tenant.email}</Link> : null,
            },
            { label: 'Phone', value: tenant.phone },
            { label: 'ID number', value: tenant.idNumber },
            { label: 'Notes', value: tenant.notes },
            { label: 'Added', value: formatDate(tenant.createdAt) },
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SectionTitle>Leases</SectionTitle>
        <TenantLeases tenantId={tenant._id} />
      </Paper>

      {dialog === 'form' && (
        <TenantFormDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog === 'archive' && (
        <ArchiveTenantDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog === 'delete' && (
        <DeleteTenantDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
          onDone={() => void navigate(listPath, { replace: true })}
        />
      )}
    </Stack>
  );
}

function TenantLeases({ tenantId }: { tenantId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useTenantLeases(tenantId, page, LEASE_PAGE_SIZE);
  if (isPending) return <CircularProgress size={24} aria-label="Loading leases" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const leases: Lease[] = data.data;
  if (leases.length === 0) {
    return <Typography color="text.secondary">Leases appear here once recorded</Typography>;
  }
  // Past the server's count limit the total is a lower bound, and at least one more lease exists:
  // offer every page known to exist, the next ones appear as the count moves with the page.
  const { total, totalIsLowerBound } = data.meta;
  const pages = Math.ceil((totalIsLowerBound ? total + 1 : total) / LEASE_PAGE_SIZE);
  return (
    <Stack spacing={1}>
      <List disablePadding aria-label="Leases">
        {leases.map((lease) => (
          <ListItem key={lease._id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/leases/${lease._id}`}
              divider
              sx={{ px: 1, gap: 2, flexWrap: 'wrap' }}
            >
              <ListItemText
                primary={lease.propertyName}
                secondary={`${formatDate(lease.startDate)} – ${formatDate(lease.endDate)} · ${formatMoney(
                  lease.rentAmount,
                  lease.currency,
                )} a month`}
                sx={{ minWidth: 0 }}
              />
              <Chip
                size="small"
                variant="outlined"
                label={STATUS[lease.status].label}
                color={STATUS[lease.status].color}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ alignSelf: 'center' }}
        />
      )}
      {totalIsLowerBound && (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          More than {total.toLocaleString()} leases
        </Typography>
      )}
    </Stack>
  );
}
