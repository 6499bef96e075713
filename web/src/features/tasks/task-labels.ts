import type { TaskLinkType, TaskPriority, TaskStatus } from '@lintel/contracts';

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const TASK_PRIORITY_COLORS: Record<TaskPriority, 'default' | 'info' | 'warning' | 'error'> = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  urgent: 'error',
};

export const TASK_LINK_LABELS: Record<TaskLinkType, string> = {
  property: 'Property',
  lease: 'Lease',
  payment: 'Payment',
  invoice: 'Invoice',
  maintenance: 'Maintenance request',
};
