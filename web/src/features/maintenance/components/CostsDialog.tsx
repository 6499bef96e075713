import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { formatMajorUnits, parseMajorUnits, type MaintenanceDetail } from '@lintel/contracts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useUpdateRequest } from '../api.ts';

export interface CostsDialogProps {
  request: MaintenanceDetail;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/** An empty field clears the cost; anything else must be an amount. */
function parseCost(text: string): { cents: number | null } | { error: string } {
  return text.trim() === '' ? { cents: null } : parseMajorUnits(text);
}

/** Record the estimated and actual costs (admin, the managing agent, accountants). */
export function CostsDialog({ request, open, onClose, onExited }: CostsDialogProps) {
  const update = useUpdateRequest(request._id);
  const [estimate, setEstimate] = useState(
    request.estimatedCost === null ? '' : formatMajorUnits(request.estimatedCost),
  );
  const [actual, setActual] = useState(
    request.actualCost === null ? '' : formatMajorUnits(request.actualCost),
  );
  const parsedEstimate = parseCost(estimate);
  const parsedActual = parseCost(actual);
  const estimateError = 'error' in parsedEstimate ? parsedEstimate.error : undefined;
  const actualError = 'error' in parsedActual ? parsedActual.error : undefined;

  const handleSave = () => {
    if ('error' in parsedEstimate || 'error' in parsedActual) return;
    update.mutate(
      { estimatedCost: parsedEstimate.cents, actualCost: parsedActual.cents, __v: request.__v },
      { onSuccess: onClose },
    );
  };

  return (
    <ActionDialog
      open={open}
      title="Costs"
      action={{ label: 'Save', pending: update.isPending }}
      busy={update.isPending}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => {
        event.preventDefault();
        handleSave();
      }}
      error={update.error ? toApiError(update.error, 'The costs could not be saved.').message : null}
    >
      <TextField
        label={`Estimated cost (${request.currency})`}
        value={estimate}
        onChange={(event) => setEstimate(event.target.value)}
        error={Boolean(estimateError)}
        helperText={
          estimateError ?? 'Above the owner approval limit, the owner must approve before work starts.'
        }
        disabled={request.status === 'in_progress'}
        inputMode="decimal"
        fullWidth
        sx={{ mt: 1, mb: 2 }}
      />
      <TextField
        label={`Actual cost (${request.currency})`}
        value={actual}
        onChange={(event) => setActual(event.target.value)}
        error={Boolean(actualError)}
        helperText={actualError}
        inputMode="decimal"
        fullWidth
      />
    </ActionDialog>
  );
}
