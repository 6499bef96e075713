import {
  ADMIN_ONLY_MOVES,
  formatMoney,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_TRANSITIONS,
  type MaintenanceDetail,
  type MaintenanceInput,
  type MaintenanceQuery,
  type MaintenanceStatus,
  type MaintenanceTransitionInput,
  type MaintenanceUpdateInput,
  type OwnerApprovalInput,
} from '@lintel/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { forbidden, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { payPropertyExpense } from '../accounts/index.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { findCompany } from '../companies/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { queueMail, throughSignIn } from '../mail/index.ts';
import { notify } from '../notifications/index.ts';
import { findOwnerOfUser } from '../owners/index.ts';
import { findProperty, setPropertyStatus, type PropertyView } from '../properties/index.ts';
import { toAttachment, toDetail, toRequest } from './dto.ts';
import * as repo from './repo.ts';

const CREATORS = ['admin', 'agent', 'owner'] as const;
const EDITORS = ['admin', 'accountant', 'agent'] as const;
const MOVERS = ['admin', 'agent'] as const;
const UPLOADERS = ['admin', 'agent', 'owner'] as const;
/** What an accountant may change: the costs (PRODUCT.md "read, record cost"). */
const COST_FIELDS = new Set(['estimatedCost', 'actualCost', '__v']);

const REQUEST_NOT_FOUND = () => notFound('Maintenance request not found');
export const requestLink = (id: string) => `/maintenance/${id}`;

/** An agent sees the requests on the properties they manage and the work assigned to them. */
const canSee = (ctx: Ctx, view: repo.RequestView) =>
  sees(scopeFor(ctx, 'maintenanceRequest'), {
    agentIds: [view.propertyAgentId, view.assignedToId],
    ownerUserId: view.ownerUserId,
  });

async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.RequestView> {
  if (!isUuid(id)) throw REQUEST_NOT_FOUND();
  const view = await repo.findRequest(tx, ctx, id);
  if (!view || !canSee(ctx, view)) throw REQUEST_NOT_FOUND();
  return view;
}

/** Agents change requests only on the properties they manage. */
function assertManages(ctx: Ctx, view: Pick<repo.RequestView, 'propertyAgentId'>) {
  if (ctx.role === 'agent' && view.propertyAgentId !== ctx.userId) {
    throw forbidden('Only the agent who manages this property, or an admin, can change its requests.');
  }
}

async function detail(tx: Tx, ctx: Ctx, id: string): Promise<MaintenanceDetail> {
  const view = (await repo.findRequest(tx, ctx, id))!;
  return toDetail(view, await repo.listEvents(tx, ctx, id), await repo.listAttachments(tx, ctx, id));
}

async function assertAssignee(tx: Tx, ctx: Ctx, userId: string | null | undefined) {
  if (userId && !(await repo.findMember(tx, ctx, userId))) {
    throw unprocessable('INVALID_ASSIGNEE', 'The chosen assignee is not an active member of this company.');
  }
}

const needsOwnerApproval = (estimate: number | null | undefined, limit: number) =>
  estimate !== null && estimate !== undefined && estimate > limit;

/** Everyone a move concerns: admins, the assignee, the requester and the owner's user. */
async function moveAudience(tx: Tx, ctx: Ctx, view: repo.RequestView) {
  return [...(await repo.adminUserIds(tx, ctx)), view.assignedToId, view.requestedBy, view.ownerUserId];
}

export const createRequest = (ctx: Ctx, input: z.output<typeof MaintenanceInput>) =>
  transact(ctx, async (tx): Promise<MaintenanceDetail> => {
    assertRole(ctx, CREATORS);
    const property = await findProperty(tx, ctx, input.propertyId);
    if (!property)
      throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
    await assertMayRaiseOn(tx, ctx, property);
    const settings = await loadFinanceSettings(tx, ctx);
    assertCurrencyEnabled(settings, input.currency);
    await assertAssignee(tx, ctx, input.assignedToId);
    const id = await repo.insertRequest(tx, {
      companyId: ctx.companyId,
      propertyId: property.id,
      title: input.title,
      description: input.description,
      priority: input.priority,
      requestedBy: ctx.userId,
      assignedToId: input.assignedToId ?? null,
      assignedSupplier: input.assignedSupplier ?? null,
      currency: input.currency,
      estimatedCostCents: input.estimatedCost ?? null,
      costBearer: input.costBearer,
      ownerApprovalRequired: needsOwnerApproval(input.estimatedCost, settings.ownerApprovalLimit),
    });
    await repo.insertEvent(tx, {
      companyId: ctx.companyId,
      requestId: id,
      fromStatus: null,
      toStatus: 'pending',
      note: 'Request raised',
      actorId: ctx.userId,
    });
    const created = await detail(tx, ctx, id);
    const view = (await repo.findRequest(tx, ctx, id))!;
    await notify(tx, ctx, {
      userIds: [...(await repo.adminUserIds(tx, ctx)), property.agentId, view.ownerUserId].filter(
        (userId) => userId !== ctx.userId,
      ),
      type: 'maintenance.raised',
      title: 'Maintenance request raised',
      message: `${created.title} — ${created.propertyName} (${created.priority} priority)`,
      link: requestLink(id),
    });
    if (created.ownerApprovalRequired) await askOwnerApproval(tx, ctx, view);
    await recordAudit(tx, auditActor(ctx), {
      action: 'maintenance.created',
      entity: 'maintenance_request',
      entityId: id,
      after: toRequest(view),
    });
    return created;
  });

async function assertMayRaiseOn(tx: Tx, ctx: Ctx, property: PropertyView) {
  if (ctx.role === 'agent' && property.agentId !== ctx.userId) {
    throw forbidden('Agents raise requests on the properties they manage.');
  }
  if (ctx.role === 'owner' && (await findOwnerOfUser(tx, ctx, ctx.userId))?.id !== property.ownerId) {
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  }
}

/**
 * Tells the owner, in the app and by email, in the transaction that set the estimate. Only an owner
 * who signs in can answer, so an owner record without an account gets no email
 * (docs/decisions/0008-staff-notices-by-email.md).
 */
async function askOwnerApproval(tx: Tx, ctx: Ctx, view: repo.RequestView) {
  await notify(tx, ctx, {
    userIds: [view.ownerUserId],
    type: 'maintenance.owner_approval',
    title: 'Your approval is needed',
    message: `${view.title} on ${view.propertyName} is estimated above your approval limit.`,
    link: requestLink(view.id),
  });
  const owner = view.ownerUserId ? await repo.findMember(tx, ctx, view.ownerUserId) : undefined;
  if (!owner) return;
  await queueMail(tx, {
    companyId: ctx.companyId,
    kind: 'approval-waiting',
    to: owner.email,
    senderName: (await findCompany(tx, ctx.companyId))?.name ?? 'Lintel',
    data: {
      ownerName: owner.firstName,
      title: view.title,
      propertyName: view.propertyName,
      estimate: formatMoney(view.estimatedCostCents ?? 0, view.currency),
      path: throughSignIn(requestLink(view.id)),
    },
    // The version that set this estimate: a new estimate asks again, even one back at an old amount.
    dedupeKey: `approval-waiting:${view.id}:${view.version}`,
  });
}

export const listRequests = (ctx: Ctx, query: MaintenanceQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const { sort, descending } = query.sort
      ? parseSort(query.sort, repo.sortColumns, 'createdAt')
      : { sort: 'createdAt' as const, descending: true };
    const page = await repo.listRequests(
      tx,
      ctx,
      {
        q: query.q,
        status: query.status,
        priority: query.priority,
        propertyId: query.propertyId,
        rows: scopeFor(ctx, 'maintenanceRequest'),
      },
      { page: query.page, pageSize: query.pageSize, sort, descending },
    );
    return { ...page, items: page.items.map(toRequest) };
  });

export const getRequest = (ctx: Ctx, id: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    await loadVisible(tx, ctx, id);
    return detail(tx, ctx, id);
  });

const CLOSED: readonly MaintenanceStatus[] = ['completed', 'rejected', 'cancelled'];

export const updateRequest = (ctx: Ctx, id: string, input: z.output<typeof MaintenanceUpdateInput>) =>
  transact(ctx, async (tx): Promise<MaintenanceDetail> => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    assertRole(ctx, EDITORS);
    assertManages(ctx, view);
    if (ctx.role === 'accountant' && Object.keys(input).some((key) => !COST_FIELDS.has(key))) {
      throw forbidden(
        'Accountants record the costs of a request; other changes are for its agent or an admin.',
      );
    }
    if (CLOSED.includes(view.status)) {
      throw unprocessable('REQUEST_CLOSED', `This request is ${view.status}: it can no longer be changed.`);
    }
    await assertAssignee(tx, ctx, input.assignedToId);
    const before = toRequest(view);
    const { __v, estimatedCost, actualCost, ...fields } = input;
    const values: Parameters<typeof repo.updateRequest>[4] = { ...fields };
    if (actualCost !== undefined) values.actualCostCents = actualCost;
    let asksOwner = false;
    if (estimatedCost !== undefined && estimatedCost !== view.estimatedCostCents) {
      if (view.status === 'in_progress') {
        throw unprocessable('ESTIMATE_LOCKED', 'Work has started: the estimate can no longer change.');
      }
      const { ownerApprovalLimit } = await loadFinanceSettings(tx, ctx);
      values.estimatedCostCents = estimatedCost;
      values.ownerApprovalRequired = needsOwnerApproval(estimatedCost, ownerApprovalLimit);
      // A new estimate needs a new approval.
      values.ownerApprovedAt = null;
      values.ownerApprovedBy = null;
      asksOwner = values.ownerApprovalRequired;
    }
    if (!(await repo.updateRequest(tx, ctx, id, __v, values))) throw staleVersion('request');
    const after = await detail(tx, ctx, id);
    if (asksOwner) await askOwnerApproval(tx, ctx, (await repo.findRequest(tx, ctx, id))!);
    await recordAudit(tx, auditActor(ctx), {
      action: 'maintenance.updated',
      entity: 'maintenance_request',
      entityId: id,
      before,
      after: toRequest((await repo.findRequest(tx, ctx, id))!),
    });
    return after;
  });

function assertLegalMove(from: MaintenanceStatus, to: MaintenanceStatus) {
  if (!MAINTENANCE_TRANSITIONS[from].includes(to)) {
    throw unprocessable(
      'ILLEGAL_TRANSITION',
      `A request that is ${MAINTENANCE_STATUS_LABELS[from].toLowerCase()} cannot be moved to ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
}

/** Once work ends the property is let again if a lease is active, else available. */
async function releaseProperty(tx: Tx, ctx: Ctx, request: repo.RequestRow) {
  const after = await repo.propertyAfterWork(tx, ctx, request.propertyId, request.id);
  if (!after.otherWorkInProgress) {
    await setPropertyStatus(tx, ctx, request.propertyId, after.isLet ? 'occupied' : 'available');
  }
}

export const transitionRequest = (ctx: Ctx, id: string, input: z.output<typeof MaintenanceTransitionInput>) =>
  transact(ctx, async (tx): Promise<MaintenanceDetail> => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    assertRole(ctx, MOVERS);
    assertManages(ctx, view);
    if (ctx.role !== 'admin' && ADMIN_ONLY_MOVES.includes(input.to)) {
      throw forbidden('Only an admin can approve or reject a request.');
    }
    const request = (await repo.lockRequest(tx, ctx, id))!;
    assertLegalMove(request.status, input.to);
    if (input.to === 'in_progress' && request.ownerApprovalRequired && !request.ownerApprovedAt) {
      throw unprocessable(
        'OWNER_APPROVAL_REQUIRED',
        "The estimate is above the owner's approval limit: work can start once the owner approves it.",
      );
    }
    const before = toRequest(view);
    const values: Parameters<typeof repo.updateRequest>[4] = { status: input.to };
    if (input.to === 'completed') {
      const actualCost = input.actualCost ?? request.actualCostCents;
      values.actualCostCents = actualCost;
      if (actualCost && request.costBearer === 'owner') {
        const expense = await payPropertyExpense(
          tx,
          ctx,
          {
            propertyId: request.propertyId,
            supplier: request.assignedSupplier ?? 'Maintenance',
            description: request.title,
            amount: actualCost,
            currency: request.currency,
            method: 'bank_transfer',
            reference: null,
            expenseDate: todayIso(),
          },
          { maintenanceRequestId: request.id },
        );
        values.expenseId = expense._id;
      }
    }
    if (!(await repo.updateRequest(tx, ctx, id, request.version, values))) throw staleVersion('request');
    await repo.insertEvent(tx, {
      companyId: ctx.companyId,
      requestId: id,
      fromStatus: request.status,
      toStatus: input.to,
      note: input.note ?? null,
      actorId: ctx.userId,
    });
    if (input.to === 'in_progress') {
      await setPropertyStatus(tx, ctx, request.propertyId, 'under_maintenance');
    } else if (request.status === 'in_progress') {
      await releaseProperty(tx, ctx, request);
    }
    const after = await detail(tx, ctx, id);
    await notify(tx, ctx, {
      userIds: (await moveAudience(tx, ctx, view)).filter((userId) => userId !== ctx.userId),
      type: 'maintenance.moved',
      title: `Maintenance ${MAINTENANCE_STATUS_LABELS[input.to].toLowerCase()}`,
      message: `${after.title} — ${after.propertyName}: ${MAINTENANCE_STATUS_LABELS[request.status].toLowerCase()} → ${MAINTENANCE_STATUS_LABELS[input.to].toLowerCase()}`,
      link: requestLink(id),
    });
    await recordAudit(tx, auditActor(ctx), {
      action: `maintenance.${input.to}`,
      entity: 'maintenance_request',
      entityId: id,
      before,
      after: toRequest((await repo.findRequest(tx, ctx, id))!),
    });
    return after;
  });

/**
 * The owner's answer to an estimate above the limit. Declining ends the request: rejected while
 * pending, cancelled once approved by the agency.
 */
export const decideOwnerApproval = (ctx: Ctx, id: string, input: z.output<typeof OwnerApprovalInput>) =>
  transact(ctx, async (tx): Promise<MaintenanceDetail> => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    if (ctx.role !== 'owner' || view.ownerUserId !== ctx.userId) {
      throw forbidden("Only the property's owner can answer for the owner.");
    }
    const request = (await repo.lockRequest(tx, ctx, id))!;
    if (!request.ownerApprovalRequired || request.ownerApprovedAt) {
      throw unprocessable('NO_APPROVAL_PENDING', 'This request is not waiting for your approval.');
    }
    if (request.status !== 'pending' && request.status !== 'approved') {
      throw unprocessable(
        'REQUEST_CLOSED',
        `This request is ${request.status}: it no longer needs an answer.`,
      );
    }
    const before = toRequest(view);
    const to: MaintenanceStatus = input.approve
      ? request.status
      : request.status === 'pending'
        ? 'rejected'
        : 'cancelled';
    const values: Parameters<typeof repo.updateRequest>[4] = input.approve
      ? { ownerApprovedAt: new Date(), ownerApprovedBy: ctx.userId }
      : { status: to };
    if (!(await repo.updateRequest(tx, ctx, id, request.version, values))) throw staleVersion('request');
    const verdict = input.approve ? 'Owner approved the estimate' : 'Owner declined the estimate';
    await repo.insertEvent(tx, {
      companyId: ctx.companyId,
      requestId: id,
      fromStatus: request.status,
      toStatus: to,
      note: input.note ? `${verdict}: ${input.note}` : verdict,
      actorId: ctx.userId,
    });
    const after = await detail(tx, ctx, id);
    await notify(tx, ctx, {
      userIds: [
        ...(await repo.adminUserIds(tx, ctx)),
        view.propertyAgentId,
        view.assignedToId,
        view.requestedBy,
      ].filter((userId) => userId !== ctx.userId),
      type: 'maintenance.moved',
      title: verdict,
      message: `${after.title} — ${after.propertyName}`,
      link: requestLink(id),
    });
    await recordAudit(tx, auditActor(ctx), {
      action: input.approve ? 'maintenance.owner_approved' : 'maintenance.owner_declined',
      entity: 'maintenance_request',
      entityId: id,
      before,
      after: toRequest((await repo.findRequest(tx, ctx, id))!),
    });
    return after;
  });

export interface Upload {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export const addAttachment = (ctx: Ctx, id: string, upload: Upload) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    assertRole(ctx, UPLOADERS);
    if (ctx.role === 'agent') assertManages(ctx, view);
    const row = await repo.insertAttachment(tx, {
      companyId: ctx.companyId,
      requestId: id,
      fileName: upload.fileName,
      contentType: upload.contentType,
      sizeBytes: upload.data.length,
      data: upload.data,
      uploadedBy: ctx.userId,
    });
    const attachment = toAttachment(row);
    await recordAudit(tx, auditActor(ctx), {
      action: 'maintenance.attachment_added',
      entity: 'maintenance_request',
      entityId: id,
      after: attachment,
    });
    return attachment;
  });

/** Checked before the upload is read, so a caller who may not attach is refused straight away. */
export const assertMayAttach = (ctx: Ctx, id: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    assertRole(ctx, UPLOADERS);
    if (ctx.role === 'agent') assertManages(ctx, view);
  });

export const getAttachment = (ctx: Ctx, id: string, attachmentId: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    await loadVisible(tx, ctx, id);
    const row = isUuid(attachmentId) ? await repo.findAttachment(tx, ctx, id, attachmentId) : undefined;
    if (!row) throw notFound('Attachment not found');
    return row;
  });
