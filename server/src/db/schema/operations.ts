import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { expenses, payments } from './money.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';
import { cents, companyId } from './company-columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A property's body-corporate levy: a monthly amount from a start month to an optional end. */
export const levySchedules = pgTable(
  'levy_schedules',
  {
    id: id(),
    companyId: companyId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    bodyCorporate: text('body_corporate').notNull(),
    contact: text('contact'),
    bankDetails: jsonb('bank_details').$type<Record<string, string>>(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /**
     * The last period (YYYY-MM) through which every chargeable month has its charge, so raising the
     * missing charges reads only schedules behind it (levies/service.ts ensureLevyCharges). Unset:
     * not yet checked, or the dates changed since.
     */
    chargedThrough: text('charged_through'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('levy_schedules_property_idx').on(t.companyId, t.propertyId)],
);

/** What a levy schedule owes for one month; unique per (schedule, period) so generation is idempotent. */
export const levyCharges = pgTable(
  'levy_charges',
  {
    id: id(),
    companyId: companyId(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => levySchedules.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    period: text('period').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The property expense that paid it; null while unpaid. */
    expenseId: uuid('expense_id').references(() => expenses.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('levy_charges_schedule_period_unique').on(t.scheduleId, t.period),
    // A month's charges, and the unpaid ones before it (the levies due), are each one index range
    // of the company's; by period alone the index read every company's charges of the month.
    index('levy_charges_company_period_idx').on(t.companyId, t.period),
    index('levy_charges_unpaid_idx')
      .on(t.companyId, t.period)
      .where(sql`${t.expenseId} is null`),
  ],
);

/** A written invoice; numbered from the company's sequence when issued, immutable after. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    companyId: companyId(),
    number: text('number'),
    status: text('status', { enum: ['draft', 'issued', 'paid', 'void'] })
      .notNull()
      .default('draft'),
    clientType: text('client_type', { enum: ['owner', 'tenant', 'other'] }).notNull(),
    /** The agency's own invoice (its income), or one issued for an owner (credits the owner). */
    kind: text('kind', { enum: ['agency', 'on_behalf'] })
      .notNull()
      .default('agency'),
    /** How it was paid: from an owner's account, into the business bank, or a trust receipt. */
    paidFrom: text('paid_from', { enum: ['owner_account', 'business_bank', 'payment'] }),
    /** The journal its payment posted. */
    journalId: uuid('journal_id'),
    clientId: uuid('client_id'),
    clientName: text('client_name').notNull(),
    clientAddress: text('client_address'),
    clientEmail: text('client_email'),
    currency: text('currency').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    subtotalCents: cents('subtotal_cents').notNull().default(0),
    vatCents: cents('vat_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull().default(0),
    notes: text('notes'),
    paymentId: uuid('payment_id').references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The day the books date the payment: its journal's entry date (reports find a period's by it). */
    paidOn: date('paid_on', { mode: 'string' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** The invoice this one replaces (void and reissue). */
    replacesId: uuid('replaces_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('invoices_company_number_unique')
      .on(t.companyId, t.number)
      .where(sql`${t.number} is not null`),
    index('invoices_company_status_idx').on(t.companyId, t.status, t.dueDate),
    index('invoices_company_paid_on_idx')
      .on(t.companyId, t.paidOn)
      .where(sql`${t.paidOn} is not null`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    companyId: companyId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Thousandths: 1500 = 1.5 units, so quantities need no float. */
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

export const MAINTENANCE_STATUS_VALUES = [
  'pending',
  'approved',
  'in_progress',
  'completed',
  'rejected',
  'cancelled',
] as const;

export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: id(),
    companyId: companyId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] }).notNull(),
    status: text('status', { enum: MAINTENANCE_STATUS_VALUES }).notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id),
    assignedToId: uuid('assigned_to_id').references(() => users.id),
    /** A supplier contact when the work is not assigned to a member of staff. */
    assignedSupplier: text('assigned_supplier'),
    currency: text('currency').notNull(),
    estimatedCostCents: cents('estimated_cost_cents'),
    actualCostCents: cents('actual_cost_cents'),
    costBearer: text('cost_bearer', { enum: ['owner', 'tenant', 'agency'] })
      .notNull()
      .default('owner'),
    ownerApprovalRequired: boolean('owner_approval_required').notNull().default(false),
    ownerApprovedAt: timestamp('owner_approved_at', { withTimezone: true }),
    ownerApprovedBy: uuid('owner_approved_by').references(() => users.id),
    /** The property expense posted on completion, when the owner bears the cost. */
    expenseId: uuid('expense_id').references(() => expenses.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('maintenance_company_status_idx').on(t.companyId, t.status),
    index('maintenance_property_idx').on(t.propertyId),
  ],
);

/** Every move of a request, with who and when: its timeline. */
export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: id(),
    companyId: companyId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_events_request_idx').on(t.requestId)],
);

/** Photos and PDFs of a request, kept in the database so every server instance can serve them. */
export const maintenanceAttachments = pgTable(
  'maintenance_attachments',
  {
    id: id(),
    companyId: companyId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_attachments_request_idx').on(t.requestId)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    companyId: companyId(),
    title: text('title').notNull(),
    description: text('description'),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['todo', 'in_progress', 'done'] })
      .notNull()
      .default('todo'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    /** What the task is about: property, lease, payment, invoice or maintenance request. */
    linkType: text('link_type', { enum: ['property', 'lease', 'payment', 'invoice', 'maintenance'] }),
    linkId: uuid('link_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The day a "due today" notification was sent, so the job sends it once. */
    dueNoticeSentOn: date('due_notice_sent_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('tasks_company_assignee_idx').on(t.companyId, t.assigneeId, t.status),
    index('tasks_company_due_idx').on(t.companyId, t.dueDate),
  ],
);

/**
 * A notification for one user. `seq` orders a user's stream and is the SSE event id, so a
 * reconnecting browser's Last-Event-ID replays exactly what it missed.
 */
export const notifications = pgTable(
  'notifications',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** Raising the same event twice (a job re-run) adds nothing: unique per user and key. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('notifications_user_dedupe_unique')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
