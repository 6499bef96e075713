import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export interface InfoDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Buttons before the closing one, e.g. a download. */
  actions?: ReactNode;
  /** The closing button's label; it is the contained (main) button. */
  closeLabel?: 'Close' | 'Done';
  /** Focus starts on the closing button. */
  focusClose?: boolean;
  /** Many actions: they wrap onto more lines on phones, spaced apart. */
  wrapActions?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  dividers?: boolean;
  onClose: () => void;
  /** After the closing animation, so the parent can forget the dialog. */
  onExited?: () => void;
}

/** A dialog that shows something and closes (no Cancel): title, content, its buttons; full screen on phones. */
export function InfoDialog({
  open,
  title,
  children,
  actions,
  closeLabel = 'Close',
  focusClose = false,
  wrapActions = false,
  maxWidth = 'sm',
  dividers = false,
  onClose,
  onExited,
}: InfoDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2, ...(wrapActions && { flexWrap: 'wrap', gap: 1 }) }}>
        {actions}
        <Button variant="contained" onClick={onClose} autoFocus={focusClose}>
          {closeLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
