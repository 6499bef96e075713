import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { AmountInput, Currency, MinorUnits } from './money.ts';

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const MaintenancePriority = z.enum(MAINTENANCE_PRIORITIES);
export type MaintenancePriority = z.infer<typeof MaintenancePriority>;

export const MAINTENANCE_STATUSES = [
  'pending',
  'approved',
  'in_progress',
  'completed',
  'rejected',
  'cancelled',
] as const;
export const MaintenanceStatus = z.enum(MAINTENANCE_STATUSES);
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const COST_BEARERS = ['owner', 'tenant', 'agency'] as const;
export const CostBearer = z.enum(COST_BEARERS);
export type CostBearer = z.infer<typeof CostBearer>;

/** The state machine: which statuses each status may move to. */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, readonly MaintenanceStatus[]> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  rejected: [],
  cancelled: [],
};

/** Moves only an admin may make; agents make the others on the properties they manage. */
export const ADMIN_ONLY_MOVES: readonly MaintenanceStatus[] = ['approved', 'rejected'];

/** Uploads: images and PDF, checked by content on the server, at most 10 MB each. */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = 'Files may be at most 10 MB.';
export const ATTACHMENT_WRONG_TYPE = 'Only photos (JPEG, PNG, WebP, GIF) and PDF documents can be attached.';

export const MaintenanceRequest = z.object({
  _id: Id,
  propertyId: Id,
  propertyName: z.string(),
  /** The agent who manages the property: the one agent who may change the request. */
  propertyAgentId: Id.nullable(),
  title: z.string(),
  description: z.string(),
  priority: MaintenancePriority,
  status: MaintenanceStatus,
  requestedBy: Id.nullable(),
  requestedByName: z.string().nullable(),
  assignedToId: Id.nullable(),
  assignedToName: z.string().nullable(),
  assignedSupplier: z.string().nullable(),
  currency: Currency,
  estimatedCost: MinorUnits.nullable(),
  actualCost: MinorUnits.nullable(),
  costBearer: CostBearer,
  ownerApprovalRequired: z.boolean(),
  ownerApprovedAt: Timestamp.nullable(),
  expenseId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequest>;

export const MaintenanceEvent = z.object({
  _id: Id,
  fromStatus: MaintenanceStatus.nullable(),
  toStatus: MaintenanceStatus,
  note: z.string().nullable(),
  actorId: Id.nullable(),
  actorName: z.string().nullable(),
  createdAt: Timestamp,
});
export type MaintenanceEvent = z.infer<typeof MaintenanceEvent>;

export const MaintenanceAttachment = z.object({
  _id: Id,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: Id.nullable(),
  createdAt: Timestamp,
});
export type MaintenanceAttachment = z.infer<typeof MaintenanceAttachment>;

export const MaintenanceDetail = MaintenanceRequest.extend({
  events: z.array(MaintenanceEvent),
  attachments: z.array(MaintenanceAttachment),
});
export type MaintenanceDetail = z.infer<typeof MaintenanceDetail>;

const Text = (max: number) => z.string().trim().max(max).nullable().optional();

export const MaintenanceInput = z
  .object({
    propertyId: Id,
    title: z.string().trim().min(1, 'Give the request a title').max(200),
    description: z.string().trim().min(1, 'Describe the problem').max(5000),
    priority: MaintenancePriority,
    estimatedCost: AmountInput.nullable().optional(),
    currency: Currency,
    costBearer: CostBearer.default('owner'),
    assignedToId: Id.nullable().optional(),
    assignedSupplier: Text(200),
  })
  .strict();
export type MaintenanceInput = z.input<typeof MaintenanceInput>;

export const MaintenanceUpdateInput = z
  .object({
    title: z.string().trim().min(1, 'Give the request a title').max(200).optional(),
    description: z.string().trim().min(1, 'Describe the problem').max(5000).optional(),
    priority: MaintenancePriority.optional(),
    estimatedCost: AmountInput.nullable().optional(),
    actualCost: AmountInput.nullable().optional(),
    costBearer: CostBearer.optional(),
    assignedToId: Id.nullable().optional(),
    assignedSupplier: Text(200),
    __v: z.number().int(),
  })
  .strict();
export type MaintenanceUpdateInput = z.input<typeof MaintenanceUpdateInput>;

export const MaintenanceTransitionInput = z
  .object({ to: MaintenanceStatus, note: Text(1000), actualCost: AmountInput.optional() })
  .strict();
export type MaintenanceTransitionInput = z.input<typeof MaintenanceTransitionInput>;

export const OwnerApprovalInput = z.object({ approve: z.boolean(), note: Text(1000) }).strict();
export type OwnerApprovalInput = z.input<typeof OwnerApprovalInput>;

/** `q` searches title, description and property name; `sort`: createdAt, priority, status, title. */
export const MaintenanceQuery = PageQuery.extend({
  status: MaintenanceStatus.optional(),
  propertyId: Id.optional(),
  priority: MaintenancePriority.optional(),
});
export type MaintenanceQuery = z.infer<typeof MaintenanceQuery>;

export const AttachmentParams = z.object({ id: z.string(), attachmentId: z.string() });

const tag = 'maintenance';
const oneRequest = envelope(MaintenanceDetail);

export const maintenanceApi = {
  list: call('GET', '/maintenance', {
    summary: 'Maintenance requests (admin, accountant: all; agent: their properties; owner: own properties)',
    tag,
    query: MaintenanceQuery,
    reply: pageEnvelope(MaintenanceRequest),
  }),
  create: call('POST', '/maintenance', {
    summary: 'Raise a request (admin; agent on their properties; owner on own properties)',
    tag,
    body: MaintenanceInput,
    reply: oneRequest,
    status: 201,
  }),
  get: call('GET', '/maintenance/:id', {
    summary: 'One request with its timeline and attachments',
    tag,
    params: IdParam,
    reply: oneRequest,
  }),
  update: call('PUT', '/maintenance/:id', {
    summary: 'Change a request (admin; agent on their properties; accountant: costs only)',
    tag,
    params: IdParam,
    body: MaintenanceUpdateInput,
    reply: oneRequest,
  }),
  transition: call('POST', '/maintenance/:id/transition', {
    summary: 'Move a request along its states; an illegal move is 422 ILLEGAL_TRANSITION',
    tag,
    params: IdParam,
    body: MaintenanceTransitionInput,
    reply: oneRequest,
  }),
  ownerApproval: call('POST', '/maintenance/:id/owner-approval', {
    summary: "The property owner's approval of an estimate above the company's limit",
    tag,
    params: IdParam,
    body: OwnerApprovalInput,
    reply: oneRequest,
  }),
  upload: call('POST', '/maintenance/:id/attachments', {
    summary: 'Attach one photo or PDF (multipart, field "file", at most 10 MB)',
    tag,
    params: IdParam,
    reply: envelope(MaintenanceAttachment),
    status: 201,
  }),
  attachment: call('GET', '/maintenance/:id/attachments/:attachmentId', {
    summary: 'One attachment, to users who may see the request',
    tag,
    params: AttachmentParams,
    reply: z.string(),
    produces: [...ATTACHMENT_TYPES],
  }),
};
