import { useState } from 'react';
import TextField from '@mui/material/TextField';
import {
  formatMajorUnits,
  parseMajorUnits,
  type MaintenanceDetail,
  type MaintenanceStatus,
} from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useTransitionRequest } from '../api.ts';
import { MOVE_LABELS } from '../maintenance-labels.ts';

export interface MoveDialogProps {
  request: MaintenanceDetail;
  to: MaintenanceStatus;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/** One move of a request, with an optional note; completing asks for the actual cost. */
export function MoveDialog({ request, to, open, onClose, onExited }: MoveDialogProps) {
  const move = useTransitionRequest(request._id);
  const [note, setNote] = useState('');
  const [cost, setCost] = useState(request.actualCost === null ? '' : formatMajorUnits(request.actualCost));
  const isCompleting = to === 'completed';
  const parsedCost = isCompleting && cost.trim() !== '' ? parseMajorUnits(cost) : null;
  const costError = parsedCost && 'error' in parsedCost ? parsedCost.error : undefined;

  const handleSubmit = () => {
    if (costError) return;
    move.mutate(
      {
        to,
        note: note.trim() || null,
        ...(parsedCost && 'cents' in parsedCost ? { actualCost: parsedCost.cents } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <ActionDialog
      open={open}
      title={`${MOVE_LABELS[to]}: ${request.title}`}
      action={{ label: MOVE_LABELS[to], pending: move.isPending }}
      busy={move.isPending}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
      error={move.error ? toApiError(move.error, 'The request could not be moved.').message : null}
    >
      {isCompleting && (
        <TextField
          label={`Actual cost (${request.currency})`}
          value={cost}
          onChange={(event) => setCost(event.target.value)}
          error={Boolean(costError)}
          helperText={
            costError ??
            (request.costBearer === 'owner'
              ? "Paid out of the property's account as an expense."
              : 'Recorded on the request; not charged to the owner.')
          }
          inputMode="decimal"
          fullWidth
          sx={{ mt: 1, mb: 2 }}
        />
      )}
      <TextField
        label="Note (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: isCompleting ? 0 : 1 }}
      />
    </ActionDialog>
  );
}
