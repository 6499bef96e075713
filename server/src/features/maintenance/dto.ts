import type {
  MaintenanceAttachment,
  MaintenanceDetail,
  MaintenanceEvent,
  MaintenanceRequest,
} from '@lintel/contracts';
import { toIso } from '../../lib/http.ts';
import type { AttachmentInfo, RequestView } from './repo.ts';

export const toRequest = (row: RequestView): MaintenanceRequest => ({
  _id: row.id,
  propertyId: row.propertyId,
  propertyName: row.propertyName,
  propertyAgentId: row.propertyAgentId,
  title: row.title,
  description: row.description,
  priority: row.priority,
  status: row.status,
  requestedBy: row.requestedBy,
  requestedByName: row.requestedByName,
  assignedToId: row.assignedToId,
  assignedToName: row.assignedToName,
  assignedSupplier: row.assignedSupplier,
  currency: row.currency,
  estimatedCost: row.estimatedCostCents,
  actualCost: row.actualCostCents,
  costBearer: row.costBearer,
  ownerApprovalRequired: row.ownerApprovalRequired,
  ownerApprovedAt: toIso(row.ownerApprovedAt),
  expenseId: row.expenseId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  __v: row.version,
});

export const toAttachment = (row: AttachmentInfo): MaintenanceAttachment => ({
  _id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
});

interface EventRow {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  actorId: string | null;
  actorName: string | null;
  createdAt: Date;
}

export const toEvent = (row: EventRow): MaintenanceEvent => ({
  _id: row.id,
  fromStatus: row.fromStatus as MaintenanceEvent['fromStatus'],
  toStatus: row.toStatus as MaintenanceEvent['toStatus'],
  note: row.note,
  actorId: row.actorId,
  actorName: row.actorName,
  createdAt: row.createdAt.toISOString(),
});

export const toDetail = (
  row: RequestView,
  events: EventRow[],
  attachments: AttachmentInfo[],
): MaintenanceDetail => ({
  ...toRequest(row),
  events: events.map(toEvent),
  attachments: attachments.map(toAttachment),
});
