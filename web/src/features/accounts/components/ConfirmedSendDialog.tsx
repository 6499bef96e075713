import { useId, type FormEvent, type ReactNode } from 'react';
import type { DialogProps } from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { useConfirmedSend } from './use-confirmed-send.ts';

export interface ConfirmedSendDialogProps<V> {
  open: boolean;
  title: string;
  /** Whose account the money leaves, above the fields. */
  intro: ReactNode;
  /** The form's hold-then-send state; Continue holds the values, the confirmation sends them. */
  send: ReturnType<typeof useConfirmedSend<V>>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  /** The second question, asked about the held values. */
  confirm: { title: string; message: ReactNode; label: string };
  children: ReactNode;
}

/** A money form and its confirmation: nothing is sent until the second yes (`useConfirmedSend`). */
export function ConfirmedSendDialog<V>({
  open,
  title,
  intro,
  send,
  onSubmit,
  onClose,
  maxWidth,
  confirm,
  children,
}: ConfirmedSendDialogProps<V>) {
  const messageId = useId();
  return (
    <>
      <ActionDialog
        open={open}
        title={title}
        action={{ label: 'Continue' }}
        busy={send.isSending}
        error={send.error}
        onClose={onClose}
        onSubmit={onSubmit}
        describedBy={messageId}
        maxWidth={maxWidth}
      >
        <DialogContentText id={messageId} sx={{ mb: 2 }}>
          {intro}
        </DialogContentText>
        {children}
      </ActionDialog>
      <ConfirmDialog
        open={send.pending !== null}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.label}
        busy={send.isSending}
        onConfirm={() => void send.confirm()}
        onClose={send.cancel}
      />
    </>
  );
}
