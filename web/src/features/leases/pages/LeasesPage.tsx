import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowParams,
  type GridSortModel,
} from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatMoney, LEASE_STATUSES, type Lease, type LeaseStatus } from '@lintel/contracts';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useDebouncedValue } from '../../properties/hooks/use-debounced-value.ts';
import { canReadLeases, useLeaseList, type LeaseListQuery } from '../api.ts';
import { LeaseFormDialog } from '../components/LeaseFormDialog.tsx';
import { LeaseStatusChip } from '../components/LeaseStatusChip.tsx';
import { formatLeaseDate, LEASE_STATUS_LABELS } from '../lease-labels.ts';

const PAGE_SIZES = [10, 25, 50, 100];
/** Grid columns the server sorts by; their field names are the API's `sort` keys. */
const SORTABLE = new Set(['status', 'propertyName', 'tenantName', 'startDate', 'endDate', 'rentAmount']);

const toSort = (model: GridSortModel): string | undefined => {
  const [first] = model;
  if (!first?.sort || !SORTABLE.has(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

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

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<LeaseStatus | ''>('');
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'endDate', sort: 'asc' }]);
  const [pageSize, setPageSize] = useState(25);
  const sort = toSort(sortModel);
  const listKey = JSON.stringify([q, status, sort]);
  const [paging, setPaging] = useState({ key: listKey, page: 0 });
  const page = paging.key === listKey ? paging.page : 0;

  const query: LeaseListQuery = {
    page: page + 1,
    pageSize,
    sort,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
  };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useLeaseList(query);
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;
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
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              height: '100%',
              minWidth: 0,
            }}
          >
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
          </Box>
        ),
      },
      { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 140 },
      {
        field: 'startDate',
        headerName: 'Start',
        width: 120,
        valueFormatter: (value: string) => formatLeaseDate(value),
      },
      {
        field: 'endDate',
        headerName: 'End',
        width: 120,
        valueFormatter: (value: string) => formatLeaseDate(value),
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
  const isEmpty = !error && !isPending && !isPlaceholderData && total === 0;

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
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'minmax(0, 2fr) minmax(0, 1fr)',
            lg: 'minmax(220px, 1fr) 180px',
          },
        }}
      >
        <TextField
          label="Search leases"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Property or tenant"
          size="small"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label="Status"
          size="small"
          value={status}
          onChange={(event) => setStatus(event.target.value as LeaseStatus | '')}
        >
          <MenuItem value="">All statuses</MenuItem>
          {optionItems(LEASE_STATUSES, LEASE_STATUS_LABELS)}
        </TextField>
      </Box>

      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      )}

      {isEmpty ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            {isFiltered ? 'No leases match your search' : 'No leases yet'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {isFiltered
              ? 'Try other words, or clear the filters.'
              : canCreate
                ? 'Create the first lease to let a property.'
                : 'Leases will show here once the agency signs them.'}
          </Typography>
          {isFiltered ? (
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
          )}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataGrid
            aria-label="Leases"
            rows={rows}
            columns={columns}
            getRowId={(row) => row._id}
            rowCount={total}
            loading={isFetching}
            paginationMode="server"
            paginationModel={{ page, pageSize }}
            onPaginationModelChange={(model) => {
              setPageSize(model.pageSize);
              setPaging({ key: listKey, page: model.pageSize === pageSize ? model.page : 0 });
            }}
            pageSizeOptions={PAGE_SIZES}
            sortingMode="server"
            sortModel={sortModel}
            onSortModelChange={setSortModel}
            sortingOrder={['asc', 'desc']}
            columnVisibilityModel={columnVisibilityModel}
            onRowClick={({ row }: GridRowParams<Lease>) => void navigate(`/leases/${row._id}`)}
            disableColumnFilter
            disableColumnSelector
            disableColumnMenu
            disableRowSelectionOnClick
            rowSelection={false}
            autoHeight
            rowHeight={compact ? 60 : 52}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
            sx={{
              border: 0,
              '& .MuiDataGrid-row': { cursor: 'pointer' },
              '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
              '& .MuiDataGrid-cell:focus-within': { outline: 'none' },
            }}
          />
        </Paper>
      )}

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
