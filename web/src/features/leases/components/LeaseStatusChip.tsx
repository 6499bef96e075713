import Chip from '@mui/material/Chip';
import type { LeaseStatus } from '@lintel/contracts';
import { LEASE_STATUS_COLORS, LEASE_STATUS_LABELS } from '../lease-labels.ts';

export function LeaseStatusChip({ status }: { status: LeaseStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={LEASE_STATUS_LABELS[status]}
      color={LEASE_STATUS_COLORS[status]}
    />
  );
}
