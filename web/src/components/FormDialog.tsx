import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ApiError } from '../lib/http.ts';
import { ActionDialog } from './ActionDialog.tsx';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onExited?: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Spinner on Save. */
  isSubmitting: boolean;
  /** Buttons disabled, the dialog cannot be dismissed. */
  busy: boolean;
  serverError: ApiError | null;
  /** The save lost to a newer version: the alert offers Reload. */
  isStale: boolean;
  onReload: () => void;
  reloading: boolean;
  /** Warn that reloading drops the edits; leases never said so. */
  warnDiscard?: boolean;
  /** The fields, laid out in two columns from `sm` up. */
  children: ReactNode;
}

/** An add/edit form in a dialog: Save and Cancel, the server's error with Reload after a 409, the field grid. */
export function FormDialog({
  open,
  title,
  onClose,
  onExited,
  onSubmit,
  isSubmitting,
  busy,
  serverError,
  isStale,
  onReload,
  reloading,
  warnDiscard = true,
  children,
}: FormDialogProps) {
  return (
    <ActionDialog
      open={open}
      title={title}
      action={{ label: 'Save', pending: isSubmitting }}
      busy={busy}
      onClose={onClose}
      onExited={onExited}
      onSubmit={onSubmit}
      maxWidth="sm"
      dividers
    >
      {serverError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            isStale ? (
              <Button color="inherit" size="small" onClick={onReload} disabled={reloading}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {serverError.message}
          {isStale && warnDiscard && ' Reloading discards the changes made here.'}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        {children}
      </Box>
    </ActionDialog>
  );
}
