import Chip from '@mui/material/Chip';
import type { LevyChargeStatus } from '@lintel/contracts';
import { LEVY_STATUS_LABELS } from '../levy-figures.ts';

const COLORS = { due: 'info', overdue: 'error', paid: 'success' } as const;

export function LevyStatusChip({ status }: { status: LevyChargeStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={LEVY_STATUS_LABELS[status]} />;
}
