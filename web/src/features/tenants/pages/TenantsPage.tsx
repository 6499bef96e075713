import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DataGrid,
  type GridCellParams,
  type GridColDef,
  type GridRowParams,
  type GridSortModel,
} from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/UnarchiveOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tenant } from '@lintel/contracts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useDebouncedValue } from '../../properties/hooks/use-debounced-value.ts';
import { useTenantList, type TenantListQuery } from '../api.ts';
import { ArchiveTenantDialog, DeleteTenantDialog } from '../components/TenantConfirmDialogs.tsx';
import { TenantFormDialog } from '../components/TenantFormDialog.tsx';

const PAGE_SIZES = [10, 25, 50, 100];
const SORTABLE = new Set(['name', 'email']);

type DialogState =
  | { kind: 'form'; tenant: Tenant | null }
  | { kind: 'archive'; tenant: Tenant }
  | { kind: 'delete'; tenant: Tenant };

const toSort = (model: GridSortModel): string | undefined => {
  const [first] = model;
  if (!first?.sort || !SORTABLE.has(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

/**
 * The tenant register. Admins and agents add and delete (a tenant with leases is refused, with the
 * server's message); each row says whether the signed-in user may edit or archive it, so only
 * what the server allows is offered. Accountants read.
 */
export function TenantsPage() {
  const { user } = useAuth();
  const role = user?.role;
  const canAdd = role === 'admin' || role === 'agent';
  const navigate = useNavigate();
  const detailPath = (tenant: Tenant) => `${homeFor(role)}/tenants/${tenant._id}`;

  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [showArchived, setShowArchived] = useState(false);
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [pageSize, setPageSize] = useState(25);
  const sort = toSort(sortModel);
  const listKey = JSON.stringify([q, sort, showArchived]);
  const [paging, setPaging] = useState({ key: listKey, page: 0 });
  const page = paging.key === listKey ? paging.page : 0;

  const query: TenantListQuery = {
    page: page + 1,
    pageSize,
    sort,
    archived: showArchived,
    ...(q ? { q } : {}),
  };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useTenantList(query);
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const openDialog = (next: DialogState) => {
    setDialog(next);
    setDialogKey((key) => key + 1);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);
  const forgetDialog = () => setDialog(null);
  /** The last row of a later page left it: step back rather than show an empty page. */
  const afterRemoval = () => {
    if (rows.length === 1 && page > 0) setPaging({ key: listKey, page: page - 1 });
  };

  const columns = useMemo<GridColDef<Tenant>[]>(() => {
    const all: GridColDef<Tenant>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 150,
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
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {row.name}
            </Typography>
            {compact && (row.phone || row.email) && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.phone ?? row.email}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'email',
        headerName: 'Email',
        flex: 1.2,
        minWidth: 170,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'phone',
        headerName: 'Phone',
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'idNumber',
        headerName: 'ID number',
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
    ];
    if (canAdd) {
      all.push({
        field: 'actions',
        headerName: 'Actions',
        width: 140,
        sortable: false,
        filterable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => {
          const restoring = row.archivedAt !== null;
          const ArchiveGlyph = restoring ? RestoreIcon : ArchiveIcon;
          const archiveLabel = restoring ? 'Restore' : 'Archive';
          return (
            // Buttons act on the row; they do not also open the tenant's page.
            <Box
              sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}
              onClick={(event) => event.stopPropagation()}
              onKeyDown={(event) => event.stopPropagation()}
            >
              {row.canEdit && (
                <>
                  <Tooltip title="Edit">
                    <IconButton
                      aria-label={`Edit ${row.name}`}
                      onClick={() => openDialog({ kind: 'form', tenant: row })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={archiveLabel}>
                    <IconButton
                      aria-label={`${archiveLabel} ${row.name}`}
                      onClick={() => openDialog({ kind: 'archive', tenant: row })}
                    >
                      <ArchiveGlyph fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
              <Tooltip title="Delete">
                <IconButton
                  aria-label={`Delete ${row.name}`}
                  onClick={() => openDialog({ kind: 'delete', tenant: row })}
                  sx={{ '&:hover, &.Mui-focusVisible': { color: 'error.main' } }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        },
      });
    }
    return all;
  }, [canAdd, compact]);

  const addButton = canAdd && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => openDialog({ kind: 'form', tenant: null })}
    >
      Add tenant
    </Button>
  );
  const isEmpty = !error && !isPending && !isPlaceholderData && total === 0;
  const isFiltered = Boolean(q);

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Tenants"
        subtitle="The people who rent from the agency's owners."
        actions={addButton}
      />
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          label="Search tenants"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, email, phone or ID number"
          size="small"
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
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
        <FormControlLabel
          control={
            <Switch checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          }
          label="Show archived"
        />
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
            {isFiltered
              ? 'No tenants match your search'
              : showArchived
                ? 'No archived tenants'
                : 'No tenants yet'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {isFiltered
              ? 'Try other words, or clear the search.'
              : showArchived
                ? 'Tenants you archive will show here.'
                : canAdd
                  ? 'Add the first tenant, then record a lease for them.'
                  : 'Tenants will show here once the agency adds them.'}
          </Typography>
          {isFiltered ? (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          ) : (
            !showArchived && addButton
          )}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataGrid
            aria-label={showArchived ? 'Archived tenants' : 'Tenants'}
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
            columnVisibilityModel={{ email: !compact, phone: wide, idNumber: wide }}
            onRowClick={({ row }: GridRowParams<Tenant>) => void navigate(detailPath(row))}
            onCellKeyDown={({ row, field }: GridCellParams<Tenant>, event) => {
              if (event.key === 'Enter' && field !== 'actions') void navigate(detailPath(row));
            }}
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
              '& .MuiIconButton-root.Mui-focusVisible': {
                outline: '2px solid',
                outlineColor: 'primary.main',
              },
            }}
          />
        </Paper>
      )}

      {dialog?.kind === 'form' && (
        <TenantFormDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={dialog.tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'archive' && (
        <ArchiveTenantDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={dialog.tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
          onDone={afterRemoval}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTenantDialog
          key={dialogKey}
          open={dialogOpen}
          tenant={dialog.tenant}
          onClose={closeDialog}
          onExited={forgetDialog}
          onDone={afterRemoval}
        />
      )}
    </Stack>
  );
}
