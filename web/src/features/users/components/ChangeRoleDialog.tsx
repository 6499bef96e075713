import { useId, useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { ROLES, type Role, type User } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useUpdateUser } from '../api.ts';
import { ROLE_LABELS } from '../role-labels.ts';

export interface ChangeRoleDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
  onExited?: () => void;
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

/** Admin: pick the new role, then confirm it with the dialog's button. */
export function ChangeRoleDialog({ open, user, onClose, onExited }: ChangeRoleDialogProps) {
  const textId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const [error, setError] = useState<string | null>(null);
  const updateUser = useUpdateUser();
  const name = fullName(user);

  const handleSave = async () => {
    setError(null);
    try {
      await updateUser.mutateAsync({ id: user._id, body: { role } });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The role could not be changed. Please try again.').message);
    }
  };

  return (
    <ActionDialog
      open={open}
      title={`Change role of ${name}`}
      action={{ label: 'Change role', onClick: () => void handleSave(), disabled: role === user.role }}
      busy={updateUser.isPending}
      error={error}
      onClose={onClose}
      onExited={onExited}
      describedBy={textId}
    >
      <DialogContentText id={textId} sx={{ mb: 2 }}>
        {name} is {ROLE_LABELS[user.role].toLowerCase()} now. Their new role applies from their next action;
        what they may see and do follows it.
      </DialogContentText>
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => {
          setRole(event.target.value as Role);
          setError(null);
        }}
        fullWidth
        autoFocus
        disabled={updateUser.isPending}
      >
        {optionItems(ROLES, ROLE_LABELS)}
      </TextField>
    </ActionDialog>
  );
}
