import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InviteIcon from '@mui/icons-material/PersonAddAlt';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { OwnerSummary } from '@lintel/contracts';
import { actionsColumn } from '../../../components/actions-column.tsx';
import { AddButton } from '../../../components/AddButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { contactColumns } from '../../../components/contact-columns.tsx';
import { SearchableListPage } from '../../../components/SearchableListPage.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { useAuth } from '../../../session/index.ts';
import { useDeleteOwner, useOwnerList, type OwnerListQuery } from '../api.ts';
import { InviteOwnerDialog } from '../components/InviteOwnerDialog.tsx';
import { OwnerFormDialog } from '../components/OwnerFormDialog.tsx';

type DialogState =
  | { kind: 'form'; owner: OwnerSummary | null }
  | { kind: 'invite'; owner: OwnerSummary & { email: string } }
  | { kind: 'delete'; owner: OwnerSummary };

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

  const list = useGridQueryState({
    sortable: ['name', 'email'],
    initialSort: [{ field: 'name', sort: 'asc' }],
  });
  const { search, setSearch, q } = list;
  const query: OwnerListQuery = list.query;
  const owners = useOwnerList(query);

  const deleteOwner = useDeleteOwner();

  const { dialog, dialogOpen, dialogKey, openDialog, closeDialog, forgetDialog, dialogError, confirmWith } =
    useDialogState<DialogState>();

  const handleDelete = (owner: OwnerSummary) =>
    confirmWith(async () => {
      await deleteOwner.mutateAsync(owner._id);
      list.afterRemoval(owners.data?.data.length ?? 0);
    }, 'The owner could not be deleted. Please try again.');

  const columns = useMemo<GridColDef<OwnerSummary>[]>(() => {
    const all: GridColDef<OwnerSummary>[] = [
      ...contactColumns<OwnerSummary>({ compact, captionOf: (row) => row.email }),
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
      all.push(
        actionsColumn({
          width: canDelete ? 140 : 100,
          actionsOf: (row) => [
            canInvite(row) && {
              label: `Invite ${row.name}`,
              tooltip: 'Invite to sign in',
              Icon: InviteIcon,
              onClick: () => openDialog({ kind: 'invite', owner: row }),
            },
            {
              label: `Edit ${row.name}`,
              tooltip: 'Edit',
              Icon: EditIcon,
              onClick: () => openDialog({ kind: 'form', owner: row }),
            },
            canDelete && {
              label: `Delete ${row.name}`,
              tooltip: 'Delete',
              Icon: DeleteIcon,
              onClick: () => openDialog({ kind: 'delete', owner: row }),
              isDestructive: true,
            },
          ],
        }),
      );
    }
    return all;
  }, [canEdit, canDelete, compact, openDialog]);

  const addButton = canEdit && (
    <AddButton label="Add owner" onClick={() => openDialog({ kind: 'form', owner: null })} />
  );

  return (
    <SearchableListPage
      title="Owners"
      subtitle="The landlords the agency acts for, and their payout details."
      addButton={addButton}
      search={{ label: 'Search owners', placeholder: 'Name or email', value: search, onChange: setSearch }}
      isSearching={Boolean(q)}
      plural="owners"
      grid={{
        'aria-label': 'Owners',
        list: owners,
        columns,
        state: list.grid,
        columnVisibilityModel: { email: !compact, phone: wide, userId: !compact },
        empty: {
          title: 'No owners yet',
          text: canEdit
            ? 'Add the first owner, then pick them when adding a property.'
            : 'Owners will show here once the agency adds them.',
          action: addButton,
        },
      }}
    >
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
          error={dialogError}
          onConfirm={() => void handleDelete(dialog.owner)}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
    </SearchableListPage>
  );
}
