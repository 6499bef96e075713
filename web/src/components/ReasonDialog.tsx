import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import DialogContentText from '@mui/material/DialogContentText';
import { ActionDialog } from './ActionDialog.tsx';
import { FormTextField } from './FormTextField.tsx';
import { toApiError } from '../lib/http.ts';

interface ReasonValues {
  reason: string;
}

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  actionLabel: string;
  /** What the action does and that it is final; the dialog's description. */
  message: ReactNode;
  /** The contract's check of the reason (required, its length, its message). */
  schema: z.ZodType<ReasonValues, ReasonValues>;
  /** Shown when the failure carries no message of its own. */
  failureText: string;
  /** Sends the action with the trimmed reason; the dialog closes once it succeeds. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onExited?: () => void;
}

/** An action that cannot be undone, confirmed with a required reason (reversal, termination). */
export function ReasonDialog({
  open,
  title,
  actionLabel,
  message,
  schema,
  failureText,
  onConfirm,
  onClose,
  onExited,
}: ReasonDialogProps) {
  const messageId = useId();
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ReasonValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const handleConfirm = async (values: ReasonValues) => {
    setError(null);
    try {
      await onConfirm(values.reason);
      onClose();
    } catch (failure) {
      setError(toApiError(failure, failureText).message);
    }
  };
  return (
    <ActionDialog
      open={open}
      title={title}
      action={{ label: actionLabel, color: 'error' }}
      busy={isSubmitting}
      error={error}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleConfirm)(event)}
      describedBy={messageId}
    >
      <DialogContentText id={messageId} sx={{ mb: 2 }}>
        {message}
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
