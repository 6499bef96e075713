import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import { TerminateLeaseInput, type Lease } from '@lintel/contracts';
import type { z } from 'zod';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { toApiError } from '../../../lib/http.ts';
import { useTerminateLease } from '../api.ts';

const TerminateForm = TerminateLeaseInput.pick({ reason: true });
type TerminateValues = z.input<typeof TerminateForm>;
type TerminateOutput = z.output<typeof TerminateForm>;

/** Ending a lease early cannot be undone: the dialog is its confirmation, with a reason. */
export function TerminateLeaseDialog({
  open,
  lease,
  onClose,
}: {
  open: boolean;
  lease: Lease;
  onClose: () => void;
}) {
  const messageId = useId();
  const terminate = useTerminateLease();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<TerminateValues, unknown, TerminateOutput>({
    resolver: zodResolver(TerminateForm),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const handleTerminate = async (values: TerminateOutput) => {
    setError(null);
    try {
      await terminate.mutateAsync({ id: lease._id, body: { reason: values.reason } });
      onClose();
    } catch (failure) {
      setError(toApiError(failure, 'The lease could not be terminated. Please try again.').message);
    }
  };
  return (
    <ActionDialog
      open={open}
      title="Terminate lease"
      action={{ label: 'Terminate', color: 'error' }}
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(handleTerminate)(event)}
      describedBy={messageId}
    >
      <DialogContentText id={messageId} sx={{ mb: 2 }}>
        The lease of {lease.propertyName} to {lease.tenantName} ends today. This cannot be undone.
        {lease.renewalId ? ' Its renewal becomes active.' : ''}
      </DialogContentText>
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        multiline
        minRows={2}
        autoFocus
      />
    </ActionDialog>
  );
}
