import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Property } from '@lintel/contracts';
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
  const titleId = useId();
  const textId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [newOwner, setNewOwner] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const transfer = useTransferProperty();
  const busy = transfer.isPending;

  const handleClose = () => {
    if (!busy) onClose();
  };

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
    <Dialog
      open={open}
      onClose={handleClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>Transfer {property.name}</DialogTitle>
      <DialogContent>
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
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={handleClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void handleTransfer()}
          disabled={busy || !newOwner}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Transfer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
