import Chip from '@mui/material/Chip';
import type { MailState } from '@lintel/contracts';
import { MAIL_STATE_COLORS, MAIL_STATE_LABELS } from '../mail-labels.ts';

export function MailStateChip({ state }: { state: MailState }) {
  return (
    <Chip size="small" variant="outlined" label={MAIL_STATE_LABELS[state]} color={MAIL_STATE_COLORS[state]} />
  );
}
