import type { ChipProps } from '@mui/material/Chip';
import { type CostBearer, type MaintenancePriority, type MaintenanceStatus } from '@lintel/contracts';

export { MAINTENANCE_STATUS_LABELS } from '@lintel/contracts';

export const PRIORITY_LABELS: Record<MaintenancePriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const COST_BEARER_LABELS: Record<CostBearer, string> = {
  owner: 'Owner',
  tenant: 'Tenant',
  agency: 'Agency',
};

export const STATUS_COLORS: Record<MaintenanceStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'info',
  in_progress: 'primary',
  completed: 'success',
  rejected: 'default',
  cancelled: 'default',
};

/** The button that makes each move. */
export const MOVE_LABELS: Record<MaintenanceStatus, string> = {
  pending: 'Reopen',
  approved: 'Approve',
  in_progress: 'Start work',
  completed: 'Complete',
  rejected: 'Reject',
  cancelled: 'Cancel request',
};
