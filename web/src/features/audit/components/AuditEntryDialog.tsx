import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AuditLogEntry } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { actorLabel, formatTime } from '../audit-labels.ts';
import { ChangeDiff } from './ChangeDiff.tsx';

/** One entry read-only: who, what, when, and the record before and after. Full screen on phones. */
export function AuditEntryDialog({
  entry,
  open,
  onClose,
  onExited,
}: {
  entry: AuditLogEntry;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>Change details</DialogTitle>
      <DialogContent dividers>
        <DetailList
          items={[
            { label: 'Action', value: entry.action },
            { label: 'Time', value: <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time> },
            { label: 'User', value: actorLabel(entry) },
            { label: 'Entity', value: entry.entity },
            { label: 'Entity id', value: entry.entityId },
            { label: 'Request id', value: entry.requestId },
          ]}
        />
        <Divider sx={{ my: 2 }} />
        <ChangeDiff before={entry.before} after={entry.after} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
