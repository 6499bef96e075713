import Chip from '@mui/material/Chip';
import type { MaintenanceStatus } from '@lintel/contracts';
import { MAINTENANCE_STATUS_LABELS, STATUS_COLORS } from '../maintenance-labels.ts';

export function MaintenanceStatusChip({ status }: { status: MaintenanceStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={MAINTENANCE_STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
    />
  );
}
