import { useId } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { ActionDialog } from './ActionDialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: React.ReactNode;
  confirmLabel: string;
  /** Styles the confirm button as a destructive (red) action. */
  destructive?: boolean;
  /** While the action runs: buttons disabled, the dialog cannot be dismissed. */
  busy?: boolean;
  /** The server's message when the action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** After the closing animation, so the parent can forget what it asked about. */
  onExited?: () => void;
}

/** PRODUCT.md: destructive actions ask first. Cancel has focus, so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = false,
  busy = false,
  error,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <ActionDialog
      open={open}
      title={title}
      action={{ label: confirmLabel, onClick: onConfirm, color: destructive ? 'error' : 'primary' }}
      busy={busy}
      error={error}
      onClose={onClose}
      onExited={onExited}
      describedBy={messageId}
      focusCancel
    >
      <DialogContentText id={messageId} component="div">
        {message}
      </DialogContentText>
    </ActionDialog>
  );
}
