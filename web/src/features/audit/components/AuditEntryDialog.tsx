import Divider from '@mui/material/Divider';
import type { AuditLogEntry } from '@lintel/contracts';
import { DetailList } from '../../../components/DetailList.tsx';
import { InfoDialog } from '../../../components/InfoDialog.tsx';
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
  return (
    <InfoDialog
      open={open}
      title="Change details"
      maxWidth="lg"
      dividers
      focusClose
      onClose={onClose}
      onExited={onExited}
    >
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
    </InfoDialog>
  );
}
