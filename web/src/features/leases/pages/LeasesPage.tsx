import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatMoney, LEASE_STATUSES, type Lease, type LeaseStatus } from '@lintel/contracts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDay } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { canReadLeases, useLeaseList, type LeaseListQuery } from '../api.ts';
import { LeaseFormDialog } from '../components/LeaseFormDialog.tsx';
import { LeaseStatusChip } from '../components/LeaseStatusChip.tsx';
import { LEASE_STATUS_LABELS } from '../lease-labels.ts';

/** Grid columns the server sorts by; their field names are the API's `sort` keys. */
const SORTABLE = ['status', 'propertyName', 'tenantName', 'startDate', 'endDate', 'rentAmount'];

/** /leases for every signed-in role; 'other' gets an explanation and calls nothing (403 ends the session). */
export function LeasesPage() {
  const { user } = useAuth();
  if (!canReadLeases(user?.role)) {
    return (
      <Stack spacing={2}>
        <PageHeader title="Leases" />
        <Alert severity="info">Leases are managed by your agency&apos;s staff.</Alert>
      </Stack>
    );
  }
  return <LeaseList />;
}

function LeaseList() {
  const { user } = useAuth();
  const role = user?.role;
  const canCreate = role === 'admin' || role === 'agent';
  const isOwner = role === 'owner';
  const navigate = useNavigate();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const [status, setStatus] = useState<LeaseStatus | ''>('');
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'endDate', sort: 'asc' }],
    filters: [status],
  });
  const { search, setSearch, q } = list;
  const query: LeaseListQuery = { ...list.query, ...(status ? { status } : {}) };
  const leases = useLeaseList(query);
  const isFiltered = Boolean(q || status);
  const [editorOpen, setEditorOpen] = useState(false);
  const [editorKey, setEditorKey] = useState(0);

  const columns = useMemo<GridColDef<Lease>[]>(
    () => [
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        renderCell: ({ row }) => <LeaseStatusChip status={row.status} />,
      },
      {
        field: 'propertyName',
        headerName: 'Property',
        flex: 1.2,
        minWidth: 160,
        renderCell: ({ row }) => (
          <StackedCell>
            <Link
              component={RouterLink}
              to={`/leases/${row._id}`}
              underline="hover"
              sx={{ fontWeight: 500 }}
              noWrap
              onClick={(event) => event.stopPropagation()}
            >
              {row.propertyName}
            </Link>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {LEASE_STATUS_LABELS[row.status]} · {row.tenantName} ·{' '}
                {formatMoney(row.rentAmount, row.currency)}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 140 },
      {
        field: 'startDate',
        headerName: 'Start',
        width: 120,
        valueFormatter: (value: string) => formatDay(value),
      },
      {
        field: 'endDate',
        headerName: 'End',
        width: 120,
        valueFormatter: (value: string) => formatDay(value),
      },
      {
        field: 'rentAmount',
        headerName: 'Rent',
        width: 130,
        type: 'number',
        valueFormatter: (value: number, row) => formatMoney(value, row.currency),
      },
    ],
    [compact],
  );

  const columnVisibilityModel: GridColumnVisibilityModel = {
    status: !compact,
    tenantName: !compact,
    startDate: wide,
    endDate: !compact,
    rentAmount: !compact,
  };

  const openEditor = () => {
    setEditorKey((key) => key + 1);
    setEditorOpen(true);
  };
  const newButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={openEditor}>
      New lease
    </Button>
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Leases"
        subtitle={
          isOwner
            ? 'The leases on your properties.'
            : canCreate
              ? 'Draft, activate, renew and end leases.'
              : 'Every lease of the agency, read-only.'
        }
        actions={newButton}
      />
      <FilterBar
        search={{
          label: 'Search leases',
          value: search,
          onChange: setSearch,
          placeholder: 'Property or tenant',
        }}
        widths={['180px']}
      >
        <FilterSelect label="Status" allLabel="All statuses" value={status} onChange={setStatus}>
          {optionItems(LEASE_STATUSES, LEASE_STATUS_LABELS)}
        </FilterSelect>
      </FilterBar>

      <ServerDataGrid
        aria-label="Leases"
        list={leases}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={({ row }: GridRowParams<Lease>) => void navigate(`/leases/${row._id}`)}
        empty={{
          title: isFiltered ? 'No leases match your search' : 'No leases yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : canCreate
              ? 'Create the first lease to let a property.'
              : 'Leases will show here once the agency signs them.',
          action: isFiltered ? (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setStatus('');
              }}
            >
              Clear filters
            </Button>
          ) : (
            newButton
          ),
        }}
      />

      {canCreate && (
        <LeaseFormDialog
          key={editorKey}
          open={editorOpen}
          lease={null}
          onClose={() => setEditorOpen(false)}
          onSaved={(lease) => void navigate(`/leases/${lease._id}`)}
        />
      )}
    </Stack>
  );
}
