import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ErrorAlert } from './ErrorAlert.tsx';

export interface ActionDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The one action beside Cancel. Without `onClick` it submits the dialog's form (see `onSubmit`). */
  action: {
    label: string;
    onClick?: () => void;
    disabled?: boolean;
    color?: ButtonProps['color'];
    /** Shows the spinner; `busy` by default. */
    pending?: boolean;
  };
  /** While something runs: buttons disabled, the dialog cannot be dismissed. */
  busy: boolean;
  onClose: () => void;
  /** After the closing animation, so the parent can forget the dialog. */
  onExited?: () => void;
  /** Makes the dialog a form: the action submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The server's message when the action failed, under the content. */
  error?: string | null;
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
  maxWidth?: DialogProps['maxWidth'];
  dividers?: boolean;
  /** Focus starts on Cancel, so Enter never confirms by accident. */
  focusCancel?: boolean;
}

/** A dialog with a title, its content, Cancel and one action; full screen on phones. */
export function ActionDialog({
  open,
  title,
  children,
  action,
  busy,
  onClose,
  onExited,
  onSubmit,
  error,
  describedBy,
  maxWidth = 'xs',
  dividers,
  focusCancel,
}: ActionDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const handleClose = () => {
    if (!busy) onClose();
  };
  const frame = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>
        {children}
        <ErrorAlert message={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={handleClose} disabled={busy} autoFocus={focusCancel}>
          Cancel
        </Button>
        <Button
          type={action.onClick ? undefined : 'submit'}
          variant="contained"
          color={action.color}
          onClick={action.onClick}
          disabled={busy || action.disabled}
          startIcon={
            (action.pending ?? busy) ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
          }
        >
          {action.label}
        </Button>
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={handleClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      slotProps={{ transition: { onExited } }}
    >
      {onSubmit ? (
        // Validation is the contract's (as you type), not the browser's bubbles: noValidate.
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
          {frame}
        </Box>
      ) : (
        frame
      )}
    </Dialog>
  );
}
