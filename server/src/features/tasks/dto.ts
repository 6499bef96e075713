import type { Task } from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { TaskView } from './repo.ts';

export const toTask = (row: TaskView, viewer: { userId: string; role: string }, today: string): Task => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  dueDate: row.dueDate,
  priority: row.priority,
  status: row.status,
  assigneeId: row.assigneeId,
  assigneeName: row.assigneeName,
  createdBy: row.createdBy,
  createdByName: row.createdByName,
  link: row.linkType && row.linkId ? { type: row.linkType, id: row.linkId } : null,
  completedAt: toIso(row.completedAt),
  isOverdue: row.dueDate !== null && row.dueDate < today && row.status !== 'done',
  canDelete: viewer.role === 'admin' || row.createdBy === viewer.userId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});
