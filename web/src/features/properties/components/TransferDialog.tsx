import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import type { Property } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useTransferProperty } from '../api.ts';
import { OwnerAutocomplete } from './OwnerAutocomplete.tsx';
import type { PickerOption } from './SearchAutocomplete.tsx';

export interface TransferDialogProps {
  open: boolean;
  property: Property;
  onClose: () => void;
  onExited?: () => void;
}

/** Gives a property to another owner record of the company (PUT /properties/:id/transfer). */
export function TransferDialog({ open, property, onClose, onExited }: TransferDialogProps) {
  const textId = useId();
  const [newOwner, setNewOwner] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const transfer = useTransferProperty();
  const busy = transfer.isPending;

  const handleTransfer = async () => {
    if (!newOwner) return;
    setError(null);
    try {
      await transfer.mutateAsync({ id: property._id, newOwnerId: newOwner._id });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The property could not be transferred. Please try again.').message);
    }
  };

  return (
    <ActionDialog
      open={open}
      title={<>Transfer {property.name}</>}
      action={{ label: 'Transfer', onClick: () => void handleTransfer(), disabled: !newOwner }}
      busy={busy}
      error={error}
      onClose={onClose}
      onExited={onExited}
      describedBy={textId}
    >
      <DialogContentText id={textId} sx={{ mb: 2 }}>
        {property.ownerName ? (
          <>
            <strong>{property.name}</strong> belongs to {property.ownerName}.
          </>
        ) : (
          <>
            <strong>{property.name}</strong> has no owner yet.
          </>
        )}{' '}
        Choose the owner it should belong to from now on.
      </DialogContentText>
      <OwnerAutocomplete
        label="New owner"
        value={newOwner}
        onChange={setNewOwner}
        excludeIds={property.ownerId ? [property.ownerId] : []}
        required
        autoFocus
        disabled={busy}
      />
      {newOwner && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {property.name} will belong to {newOwner.label}.
        </Alert>
      )}
    </ActionDialog>
  );
}
