import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GridCellParams, GridColDef, GridRowParams } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tenant } from '@lintel/contracts';
import { actionsColumn } from '../../../components/actions-column.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { homeFor } from '../../../lib/roles.ts';
import { useAuth } from '../../../session/index.ts';
import { useTenantList, type TenantListQuery } from '../api.ts';
import { ArchiveTenantDialog, DeleteTenantDialog } from '../components/TenantConfirmDialogs.tsx';
import { TenantFormDialog } from '../components/TenantFormDialog.tsx';

type DialogState =
  | { kind: 'form'; tenant: Tenant | null }
  | { kind: 'archive'; tenant: Tenant }
  | { kind: 'delete'; tenant: Tenant };

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

  const [showArchived, setShowArchived] = useState(false);
  const list = useGridQueryState({
    sortable: ['name', 'email'],
    initialSort: [{ field: 'name', sort: 'asc' }],
    filters: [showArchived],
  });
  const { search, setSearch, q } = list;
  const query: TenantListQuery = { ...list.query, archived: showArchived };
  const tenants = useTenantList(query);

  const { dialog, dialogOpen, dialogKey, openDialog, closeDialog, forgetDialog } =
    useDialogState<DialogState>();
  const afterRemoval = () => list.afterRemoval(tenants.data?.data.length ?? 0);

  const columns = useMemo<GridColDef<Tenant>[]>(() => {
    const all: GridColDef<Tenant>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 150,
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {row.name}
            </Typography>
            {compact && (row.phone || row.email) && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {row.phone ?? row.email}
              </Typography>
            )}
          </StackedCell>
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
      all.push(
        actionsColumn({
          width: 140,
          opensRow: true,
          actionsOf: (row) => {
            const isArchived = row.archivedAt !== null;
            const archiveLabel = isArchived ? 'Restore' : 'Archive';
            return [
              row.canEdit && {
                label: `Edit ${row.name}`,
                tooltip: 'Edit',
                Icon: EditIcon,
                onClick: () => openDialog({ kind: 'form', tenant: row }),
              },
              row.canEdit && {
                label: `${archiveLabel} ${row.name}`,
                tooltip: archiveLabel,
                Icon: isArchived ? RestoreIcon : ArchiveIcon,
                onClick: () => openDialog({ kind: 'archive', tenant: row }),
              },
              {
                label: `Delete ${row.name}`,
                tooltip: 'Delete',
                Icon: DeleteIcon,
                onClick: () => openDialog({ kind: 'delete', tenant: row }),
                isDestructive: true,
              },
            ];
          },
        }),
      );
    }
    return all;
  }, [canAdd, compact, openDialog]);

  const addButton = canAdd && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => openDialog({ kind: 'form', tenant: null })}
    >
      Add tenant
    </Button>
  );
  const isFiltered = Boolean(q);

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Tenants"
        subtitle="The people who rent from the agency's owners."
        actions={addButton}
      />
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <SearchField
          label="Search tenants"
          value={search}
          onChange={setSearch}
          placeholder="Name, email, phone or ID number"
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
        />
        <FormControlLabel
          control={
            <Switch checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          }
          label="Show archived"
        />
      </Box>

      <ServerDataGrid
        aria-label={showArchived ? 'Archived tenants' : 'Tenants'}
        list={tenants}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={{ email: !compact, phone: wide, idNumber: wide }}
        onRowClick={({ row }: GridRowParams<Tenant>) => void navigate(detailPath(row))}
        onCellKeyDown={({ row, field }: GridCellParams<Tenant>, event) => {
          if (event.key === 'Enter' && field !== 'actions') void navigate(detailPath(row));
        }}
        empty={{
          title: isFiltered
            ? 'No tenants match your search'
            : showArchived
              ? 'No archived tenants'
              : 'No tenants yet',
          text: isFiltered
            ? 'Try other words, or clear the search.'
            : showArchived
              ? 'Tenants you archive will show here.'
              : canAdd
                ? 'Add the first tenant, then record a lease for them.'
                : 'Tenants will show here once the agency adds them.',
          action: isFiltered ? (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          ) : (
            !showArchived && addButton
          ),
        }}
      />

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
