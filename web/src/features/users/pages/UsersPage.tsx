import { useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ROLES, type Role, type User } from '@lintel/contracts';
import { actionsColumn } from '../../../components/actions-column.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerDataGrid } from '../../../components/ServerDataGrid.tsx';
import { StackedCell } from '../../../components/StackedCell.tsx';
import { useDialogState } from '../../../components/use-dialog-state.ts';
import { useGridQueryState } from '../../../components/use-grid-query-state.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAuth } from '../../../session/index.ts';
import { usePageSize, usePreferences } from '../../profile/index.ts';
import { useUpdateUser, useUserList, type UserListQuery } from '../api.ts';
import { ChangeRoleDialog, fullName } from '../components/ChangeRoleDialog.tsx';
import { InviteUserDialog } from '../components/InviteUserDialog.tsx';
import { PendingInvitations } from '../components/PendingInvitations.tsx';
import { ROLE_LABELS } from '../role-labels.ts';

/** Grid columns the server sorts by; their field names are the API's `sort` keys. */
const SORTABLE = ['name', 'email', 'role', 'createdAt'];

type Status = '' | 'true' | 'false';

type DialogState =
  | { kind: 'invite' }
  | { kind: 'role'; user: User }
  | { kind: 'deactivate'; user: User }
  | { kind: 'reactivate'; user: User };

/** /admin/users: the company's users, their roles and access, and the invitations still open. */
export function UsersPage() {
  const { user: me } = useAuth();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const { preferences } = usePreferences();

  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<Status>('');
  const list = useGridQueryState({
    sortable: SORTABLE,
    initialSort: [{ field: 'name', sort: 'asc' }],
    filters: [role, status],
    defaultPageSize: usePageSize(null),
  });
  const { search, setSearch, q } = list;
  const query: UserListQuery = {
    ...list.query,
    ...(role ? { role } : {}),
    ...(status ? { isActive: status } : {}),
  };
  const users = useUserList(query);
  const isFiltered = Boolean(q || role || status);

  const updateUser = useUpdateUser();

  const { dialog, dialogOpen, dialogKey, openDialog, closeDialog, forgetDialog, dialogError, confirmWith } =
    useDialogState<DialogState>();

  const handleSetActive = (target: User, active: boolean) =>
    confirmWith(
      () => updateUser.mutateAsync({ id: target._id, body: { active } }),
      'The user could not be changed. Please try again.',
    );

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.2,
        minWidth: 150,
        valueGetter: (_value, row) => fullName(row),
        renderCell: ({ row }) => (
          <StackedCell>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {fullName(row)}
              {row._id === me?._id ? ' (you)' : ''}
            </Typography>
            {compact && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {ROLE_LABELS[row.role]} · {row.isActive ? 'Active' : 'Deactivated'}
              </Typography>
            )}
          </StackedCell>
        ),
      },
      { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 180 },
      {
        field: 'role',
        headerName: 'Role',
        width: 130,
        valueFormatter: (value: Role) => ROLE_LABELS[value],
      },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            label={row.isActive ? 'Active' : 'Deactivated'}
            color={row.isActive ? 'success' : 'default'}
          />
        ),
      },
      {
        field: 'createdAt',
        headerName: 'Joined',
        width: 120,
        valueFormatter: (value: string) => formatDate(value, preferences.dateFormat),
      },
      actionsColumn({
        width: 112,
        actionsOf: (row) => {
          const name = fullName(row);
          // Your own role and access are changed by another admin: demoting yourself would end this screen.
          if (row._id === me?._id) return [];
          return [
            {
              label: `Change role of ${name}`,
              tooltip: 'Change role',
              Icon: ManageAccountsIcon,
              onClick: () => openDialog({ kind: 'role', user: row }),
            },
            row.isActive
              ? {
                  label: `Deactivate ${name}`,
                  tooltip: 'Deactivate',
                  Icon: BlockIcon,
                  onClick: () => openDialog({ kind: 'deactivate', user: row }),
                  isDestructive: true,
                }
              : {
                  label: `Reactivate ${name}`,
                  tooltip: 'Reactivate',
                  Icon: RestoreIcon,
                  onClick: () => openDialog({ kind: 'reactivate', user: row }),
                },
          ];
        },
      }),
    ],
    [compact, me?._id, openDialog, preferences.dateFormat],
  );

  const columnVisibilityModel: GridColumnVisibilityModel = {
    email: !compact,
    role: !compact,
    isActive: !compact,
    createdAt: wide,
  };

  const inviteButton = (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => openDialog({ kind: 'invite' })}>
      Invite user
    </Button>
  );

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Users"
        subtitle="Who works in Lintel for your company: invite people, change roles, end access."
        actions={inviteButton}
      />

      <FilterBar
        search={{ label: 'Search users', value: search, onChange: setSearch, placeholder: 'Name or email' }}
        widths={['180px', '180px']}
      >
        <FilterSelect label="Role" allLabel="All roles" showsAll value={role} onChange={setRole}>
          {optionItems(ROLES, ROLE_LABELS)}
        </FilterSelect>
        <FilterSelect label="Status" allLabel="All statuses" showsAll value={status} onChange={setStatus}>
          <MenuItem value="true">Active</MenuItem>
          <MenuItem value="false">Deactivated</MenuItem>
        </FilterSelect>
      </FilterBar>

      <ServerDataGrid
        aria-label="Users"
        list={users}
        columns={columns}
        state={list.grid}
        columnVisibilityModel={columnVisibilityModel}
        empty={{
          title: isFiltered ? 'No users match your search' : 'No users yet',
          text: isFiltered
            ? 'Try other words, or clear the filters.'
            : 'Invite the first colleague to get started.',
          action: isFiltered ? (
            <Button
              variant="outlined"
              onClick={() => {
                setSearch('');
                setRole('');
                setStatus('');
              }}
            >
              Clear filters
            </Button>
          ) : (
            inviteButton
          ),
        }}
      />

      <PendingInvitations />

      {dialog?.kind === 'invite' && (
        <InviteUserDialog key={dialogKey} open={dialogOpen} onClose={closeDialog} onExited={forgetDialog} />
      )}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog
          key={dialogKey}
          open={dialogOpen}
          user={dialog.user}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'deactivate' && (
        <ConfirmDialog
          open={dialogOpen}
          title={`Deactivate ${fullName(dialog.user)}?`}
          message={
            <>
              <strong>{fullName(dialog.user)}</strong> will be signed out everywhere at once and will not be
              able to sign in until reactivated. Their records stay.
            </>
          }
          confirmLabel="Deactivate"
          destructive
          busy={updateUser.isPending}
          error={dialogError}
          onConfirm={() => void handleSetActive(dialog.user, false)}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
      {dialog?.kind === 'reactivate' && (
        <ConfirmDialog
          open={dialogOpen}
          title={`Reactivate ${fullName(dialog.user)}?`}
          message={
            <>
              <strong>{fullName(dialog.user)}</strong> will be able to sign in again with their password, as{' '}
              {ROLE_LABELS[dialog.user.role].toLowerCase()}.
            </>
          }
          confirmLabel="Reactivate"
          busy={updateUser.isPending}
          error={dialogError}
          onConfirm={() => void handleSetActive(dialog.user, true)}
          onClose={closeDialog}
          onExited={forgetDialog}
        />
      )}
    </Stack>
  );
}
