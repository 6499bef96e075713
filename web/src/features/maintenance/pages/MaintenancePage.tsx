import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GridColDef, GridRowParams } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  formatMoney,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  type MaintenancePriority,
  type MaintenanceRequest,
  type MaintenanceStatus,
} from '@lintel/contracts';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canRaiseMaintenance, canReadMaintenance, useMaintenanceRequests } from '../api.ts';
import { MaintenanceStatusChip } from '../components/MaintenanceStatusChip.tsx';
import { NewRequestDialog } from '../components/NewRequestDialog.tsx';
import { MAINTENANCE_STATUS_LABELS, PRIORITY_LABELS } from '../maintenance-labels.ts';

const SORTABLE = ['createdAt', 'priority', 'status', 'title'];

const SUBTITLES: Partial<Record<string, string>> = {
  admin: 'Every request of the agency: approve, assign and follow the work.',
  accountant: 'Requests and their costs.',
  agent: 'Requests on the properties you manage.',
  owner: 'Requests on your properties, and estimates waiting for your approval.',
};

/**
 * /admin/maintenance, /agent-dashboard/maintenance and /owner-dashboard/maintenance: the requests
 * the role may read (the server scopes them), with "New request" for the roles that raise them.
 */
export function MaintenancePage() {
  const { user } = useAuth();
  if (!canReadMaintenance(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Maintenance" />
        <Alert severity="info">Maintenance is handled by your agency.</Alert>
      </Stack>
    );
  }
  return <MaintenanceList />;
}

function MaintenanceList() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [status, setStatus] = useState<MaintenanceStatus | ''>('');
  const [priority, setPriority] = useState<MaintenancePriority | ''>('');
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'createdAt', sort: 'desc' }],
    filters: [status, priority],
  });
  const requests = useMaintenanceRequests({
    ...list.query,
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
  });
  const creating = useDialogState<true>();
  const isFiltered = Boolean(list.q || status || priority);
  const open = (id: string) => void navigate(`/maintenance/${id}`);

  const columns = useMemo<GridColDef<MaintenanceRequest>[]>(
    () => [
      { field: 'title', headerName: 'Request', flex: 1.4, minWidth: 160 },
      { field: 'propertyName', headerName: 'Property', flex: 1, minWidth: 140, sortable: false },
      {
        field: 'priority',
        headerName: 'Priority',
        width: 100,
        valueFormatter: (value: MaintenancePriority) => PRIORITY_LABELS[value],
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        renderCell: ({ row }) => <MaintenanceStatusChip status={row.status} />,
      },
      {
        field: 'estimatedCost',
        headerName: 'Estimate',
        width: 120,
        type: 'number',
        sortable: false,
        valueFormatter: (value: number | null, row) =>
          value === null ? '—' : formatMoney(value, row.currency),
      },
      {
        field: 'ownerApprovalRequired',
        headerName: 'Owner approval',
        width: 130,
        sortable: false,
        valueGetter: (_value, row) =>
          row.ownerApprovalRequired ? (row.ownerApprovedAt ? 'Approved' : 'Waiting') : '—',
      },
      {
        field: 'createdAt',
        headerName: 'Raised',
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value),
      },
    ],
    [],
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Maintenance"
        subtitle={SUBTITLES[user?.role ?? '']}
        actions={
          canRaiseMaintenance(user?.role) && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => creating.openDialog(true)}>
              New request
            </Button>
          )
        }
      />
      <Box
        role="search"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' } }}
      >
        <SearchField
          label="Search requests"
          value={list.search}
          onChange={list.setSearch}
          placeholder="Title, description or property"
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <FilterSelect label="Status" allLabel="All statuses" value={status} onChange={setStatus}>
          {optionItems(MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS)}
        </FilterSelect>
        <FilterSelect label="Priority" allLabel="All priorities" value={priority} onChange={setPriority}>
          {optionItems(MAINTENANCE_PRIORITIES, PRIORITY_LABELS)}
        </FilterSelect>
      </Box>
      <ServerDataGrid
        aria-label="Maintenance requests"
        list={requests}
        columns={columns}
        state={list.grid}
        onRowClick={({ row }: GridRowParams<MaintenanceRequest>) => open(row._id)}
        empty={{
          title: isFiltered ? 'No requests match your search' : 'No maintenance requests yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : 'Requests will show here once raised.',
        }}
      />
      {creating.dialog && (
        <NewRequestDialog
          key={creating.dialogKey}
          open={creating.dialogOpen}
          onClose={creating.closeDialog}
          onExited={creating.forgetDialog}
          onCreated={(created) => {
            creating.closeDialog();
            open(created._id);
          }}
        />
      )}
    </Stack>
  );
}
