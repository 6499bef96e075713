import { useMemo, useState } from 'react';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InviteIcon from '@mui/icons-material/PersonAddAlt';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { OwnerSummary } from '@lintel/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useDebouncedValue } from '../../properties/hooks/use-debounced-value.ts';
import { useDeleteOwner, useOwnerList, type OwnerListQuery } from '../api.ts';
import { InviteOwnerDialog } from '../components/InviteOwnerDialog.tsx';
import { OwnerFormDialog } from '../components/OwnerFormDialog.tsx';

const PAGE_SIZES = [10, 25, 50, 100];
const SORTABLE = new Set(['name', 'email']);

type DialogState =
  | { kind: 'form'; owner: OwnerSummary | null }
  | { kind: 'invite'; owner: OwnerSummary & { email: string } }
  | { kind: 'delete'; owner: OwnerSummary };

const toSort = (model: GridSortModel): string | undefined => {
  const [first] = model;
  if (!first?.sort || !SORTABLE.has(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

const canInvite = (owner: OwnerSummary): owner is OwnerSummary & { email: string } =>
  Boolean(owner.email) && !owner.userId;

/**
 * The owner register (PRODUCT.md "Owner"): admins and agents add, edit and invite; only admins
 * delete; accountants read. The server refuses the rest, and SPEC's client ends the session on a
 * 403, so nothing a role may not do is offered.
 */
export function OwnersPage() {
  const { user } = useAuth();
  const role = user?.role;
  const canEdit = role === 'admin' || role === 'agent';
  const canDelete = role === 'admin';

  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [pageSize, setPageSize] = useState(25);
  const sort = toSort(sortModel);
  const listKey = JSON.stringify([q, sort]);
  const [paging, setPaging] = useState({ key: listKey, page: 0 });
  const page = paging.key === listKey ? paging.page : 0;

  const query: OwnerListQuery = { page: page + 1, pageSize, sort, ...(q ? { q } : {}) };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useOwnerList(query);
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteOwner = useDeleteOwner();

  const openDialog = (next: DialogState) => {
    setDialog(next);
    setDialogKey((key) => key + 1);
    setDeleteError(null);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);
  const forgetDialog = () => setDialog(null);

  const handleDelete = async (owner: OwnerSummary) => {
    setDeleteError(null);
    try {
      await deleteOwner.mutateAsync(owner._id);
      if (rows.length === 1 && page > 0) setPaging({ key: listKey, page: page - 1 });
      closeDialog();
    } catch (failure) {
      setDeleteError(toApiError(failure, 'The owner could not be deleted. Please try again.').message);
    }
  };

  const columns = useMemo<GridColDef<OwnerSummary>[]>(() => {
    const all: GridColDef<OwnerSummary>[] = [
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
            {compact && row.email && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.email}
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
        field: 'userId',
        headerName: 'Sign-in',
        width: 130,
        sortable: false,
        renderCell: ({ row }) =>
          row.userId ? (
            <Chip size="small" color="success" variant="outlined" label="Signed up" />
          ) : (
            <Chip size="small" variant="outlined" label="Not invited" />
          ),
      },
    ];
    if (canEdit) {
      all.push({
        field: 'actions',
        headerName: 'Actions',
        width: canDelete ? 140 : 100,
        sortable: false,
        filterable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
            {canInvite(row) && (
              <Tooltip title="Invite to sign in">
                <IconButton
                  aria-label={`Invite ${row.name}`}
                  onClick={() => openDialog({ kind: 'invite', owner: row })}
                >
                  <InviteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title="Edit">
              <IconButton
                aria-label={`Edit ${row.name}`}
                onClick={() => openDialog({ kind: 'form', owner: row })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {canDelete && (
              <Tooltip title="Delete">
                <IconButton
                  aria-label={`Delete ${row.name}`}
                  onClick={() => openDialog({ kind: 'delete', owner: row })}
                  sx={{ '&:hover, &.Mui-focusVisible': { color: 'error.main' } }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      });
    }
    return all;
  }, [canEdit, canDelete, compact]);

  const addButton = canEdit && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => openDialog({ kind: 'form', owner: null })}
    >
      Add owner
    </Button>
  );
  const isEmpty = !error && !isPending && !isPlaceholderData && total === 0;

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Owners"
        subtitle="The landlords the agency acts for, and their payout details."
        actions={addButton}
      />
      <Box role="search" sx={{ maxWidth: { sm: 420 } }}>
        <TextField
          label="Search owners"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name or email"
          size="small"
          fullWidth
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
            {q ? 'No owners match your search' : 'No owners yet'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {q
              ? 'Try other words, or clear the search.'
              : canEdit
                ? 'Add the first owner, then pick them when adding a property.'
                : 'Owners will show here once the agency adds them.'}
          </Typography>
          {q ? (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          ) : (
            addButton
          )}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataGrid
            aria-label="Owners"
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
            columnVisibilityModel={{ email: !compact, phone: wide, userId: !compact }}
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
        <OwnerFormDialog
          key={dialogKey}
          open={dialogOpen}
          ownerId={dialog.owner?._id ?? null}
          ownerName={dialog.owner?.name}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'invite' && (
        <InviteOwnerDialog
          key={dialogKey}
          open={dialogOpen}
          owner={dialog.owner}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open={dialogOpen}
          title={`Delete ${dialog.owner.name}?`}
          message={
            <>
              The owner record <strong>{dialog.owner.name}</strong> will be removed for everyone in the
              company. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          destructive
          busy={deleteOwner.isPending}
          error={deleteError}
          onConfirm={() => void handleDelete(dialog.owner)}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
    </Stack>
  );
}
