import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GridCellParams, GridColDef, GridRowParams } from '@mui/x-data-grid';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RestoreIcon from '@mui/icons-material/UnarchiveOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Tenant } from '@lintel/contracts';
import { actionsColumn } from '../../../components/actions-column.tsx';
import { AddButton } from '../../../components/AddButton.tsx';
import { contactColumns, orDash } from '../../../components/contact-columns.tsx';
import { SearchableListPage } from '../../../components/SearchableListPage.tsx';
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
      ...contactColumns<Tenant>({ compact, captionOf: (row) => row.phone ?? row.email }),
      {
        field: 'idNumber',
        headerName: 'ID number',
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        valueFormatter: orDash,
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
    <AddButton label="Add tenant" onClick={() => openDialog({ kind: 'form', tenant: null })} />
  );

  return (
    <SearchableListPage
      title="Tenants"
      subtitle="The people who rent from the agency's owners."
      addButton={addButton}
      search={{
        label: 'Search tenants',
        placeholder: 'Name, email, phone or ID number',
        value: search,
        onChange: setSearch,
      }}
      isSearching={Boolean(q)}
      plural="tenants"
      filters={
        <FormControlLabel
          control={
            <Switch checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          }
          label="Show archived"
        />
      }
      grid={{
        'aria-label': showArchived ? 'Archived tenants' : 'Tenants',
        list: tenants,
        columns,
        state: list.grid,
        columnVisibilityModel: { email: !compact, phone: wide, idNumber: wide },
        onRowClick: ({ row }: GridRowParams<Tenant>) => void navigate(detailPath(row)),
        onCellKeyDown: ({ row, field }: GridCellParams<Tenant>, event) => {
          if (event.key === 'Enter' && field !== 'actions') void navigate(detailPath(row));
        },
        empty: showArchived
          ? { title: 'No archived tenants', text: 'Tenants you archive will show here.' }
          : {
              title: 'No tenants yet',
              text: canAdd
                ? 'Add the first tenant, then record a lease for them.'
                : 'Tenants will show here once the agency adds them.',
              action: addButton,
            },
      }}
    >
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
    </SearchableListPage>
  );
}
