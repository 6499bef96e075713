import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { AMOUNT_TOO_LARGE, AmountInput, BasisPoints, Currency, MAX_AMOUNT, MinorUnits } from './money.ts';

export const LEASE_STATUSES = ['draft', 'active', 'expired', 'terminated'] as const;
export const LeaseStatus = z.enum(LEASE_STATUSES);
export type LeaseStatus = z.infer<typeof LeaseStatus>;

// Validation texts, shared by the server's replies and the editor's as-you-type messages.
export const LEASE_END_AFTER_START = 'End date must be after the start date';
export const LEASE_RENT_POSITIVE = 'Rent must be more than zero';
export const LEASE_DUE_DAY_RANGE = 'Rent due day must be between 1 and 28';
export const LEASE_DATE_FORMAT = 'Enter a date as YYYY-MM-DD';
export const LEASE_REASON_REQUIRED = 'Give a reason for ending the lease';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2025-02-30). */
export const IsoDate = z.string(LEASE_DATE_FORMAT).refine((text) => {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}, LEASE_DATE_FORMAT);

/** `YYYY-MM-DD` plus whole days, in UTC so no time zone shifts the calendar date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const Lease = z.object({
  _id: Id,
  companyId: Id,
  propertyId: Id,
  propertyName: z.string(),
  /** The agent who manages the lease's property: the only agent who may change the lease. */
  agentId: Id.nullable(),
  tenantId: Id,
  tenantName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rentAmount: MinorUnits,
  currency: Currency,
  rentDueDay: z.number().int(),
  depositAmount: MinorUnits,
  depositHeld: z.boolean(),
  status: LeaseStatus,
  terms: z.string().nullable(),
  escalationBp: z.number().int().nullable(),
  /** The lease this one renews, and the lease that renews this one. */
  renewedFromId: Id.nullable(),
  renewalId: Id.nullable(),
  activatedAt: Timestamp.nullable(),
  endedAt: Timestamp.nullable(),
  terminationReason: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type Lease = z.infer<typeof Lease>;

/** Rent in minor units, more than zero (the editor pipes its parsed text through this). */
export const LeaseRent = z
  .number(LEASE_RENT_POSITIVE)
  .int()
  .min(1, LEASE_RENT_POSITIVE)
  .max(MAX_AMOUNT, AMOUNT_TOO_LARGE);
export const LeaseRentDueDay = z
  .number(LEASE_DUE_DAY_RANGE)
  .int(LEASE_DUE_DAY_RANGE)
  .min(1, LEASE_DUE_DAY_RANGE)
  .max(28, LEASE_DUE_DAY_RANGE);
const Terms = z.string().trim().max(10000).nullable().optional();

const endAfterStart = (value: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !value.startDate || !value.endDate || value.endDate > value.startDate;

export const LeaseInput = z
  .object({
    propertyId: Id,
    tenantId: Id,
    startDate: IsoDate,
    endDate: IsoDate,
    rentAmount: LeaseRent,
    /** Defaults to the property's currency. */
    currency: Currency.optional(),
    rentDueDay: LeaseRentDueDay.default(1),
    depositAmount: AmountInput.default(0),
    terms: Terms,
  })
  .refine(endAfterStart, { message: LEASE_END_AFTER_START, path: ['endDate'] });
export type LeaseInput = z.input<typeof LeaseInput>;

/** Only drafts are editable; `__v` is the version the editor loaded (stale → 409). */
export const LeaseUpdateInput = z
  .object({
    propertyId: Id.optional(),
    tenantId: Id.optional(),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
    rentAmount: LeaseRent.optional(),
    currency: Currency.optional(),
    rentDueDay: LeaseRentDueDay.optional(),
    depositAmount: AmountInput.optional(),
    terms: Terms,
    __v: z.number().int().min(0),
  })
  .refine(endAfterStart, { message: LEASE_END_AFTER_START, path: ['endDate'] });
export type LeaseUpdateInput = z.input<typeof LeaseUpdateInput>;

export const TerminateLeaseInput = z.object({
  reason: z.string(LEASE_REASON_REQUIRED).trim().min(1, LEASE_REASON_REQUIRED).max(1000),
  /** The day the lease actually ends; defaults to today. */
  endDate: IsoDate.optional(),
});
export type TerminateLeaseInput = z.input<typeof TerminateLeaseInput>;

export const RenewLeaseInput = z
  .object({
    /** Defaults to the day after the old lease ends. */
    startDate: IsoDate.optional(),
    endDate: IsoDate,
    /** Defaults to the old rent grown by `escalationBp`. */
    rentAmount: LeaseRent.optional(),
    escalationBp: BasisPoints.optional(),
  })
  .refine(endAfterStart, { message: LEASE_END_AFTER_START, path: ['endDate'] });
export type RenewLeaseInput = z.input<typeof RenewLeaseInput>;

/** `q` searches property and tenant names; `sort`: startDate, endDate, rentAmount, status, createdAt, propertyName, tenantName. */
export const LeaseQuery = PageQuery.extend({
  status: LeaseStatus.optional(),
  propertyId: Id.optional(),
  tenantId: Id.optional(),
});
export type LeaseQuery = z.infer<typeof LeaseQuery>;

export const EndingLeasesQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export type EndingLeasesQuery = z.infer<typeof EndingLeasesQuery>;

const tag = 'leases';
const oneLease = envelope(Lease);

export const leasesApi = {
  list: call('GET', '/leases', {
    summary: 'Leases the signed-in user may see (admin, accountant, agent: all; owner: own properties)',
    tag,
    query: LeaseQuery,
    reply: pageEnvelope(Lease),
  }),
  ending: call('GET', '/leases/ending', {
    summary: 'Active leases ending within N days (agent, owner: theirs; admin, accountant: all)',
    tag,
    query: EndingLeasesQuery,
    reply: envelope(z.array(Lease)),
  }),
  create: call('POST', '/leases', {
    summary: 'Create a draft lease (admin; agent on the properties they manage)',
    tag,
    body: LeaseInput,
    reply: oneLease,
    status: 201,
  }),
  get: call('GET', '/leases/:id', { summary: 'One lease', tag, params: IdParam, reply: oneLease }),
  update: call('PUT', '/leases/:id', {
    summary: 'Edit a draft lease (admin; agent on the properties they manage)',
    tag,
    params: IdParam,
    body: LeaseUpdateInput,
    reply: oneLease,
  }),
  activate: call('POST', '/leases/:id/activate', {
    summary: 'Activate a draft lease; the property becomes occupied',
    tag,
    params: IdParam,
    reply: oneLease,
  }),
  terminate: call('POST', '/leases/:id/terminate', {
    summary: 'End an active lease early; a pending renewal becomes active',
    tag,
    params: IdParam,
    body: TerminateLeaseInput,
    reply: oneLease,
  }),
  renew: call('POST', '/leases/:id/renew', {
    summary: 'Create the draft renewal of an active lease, activated when the old one ends',
    tag,
    params: IdParam,
    body: RenewLeaseInput,
    reply: oneLease,
    status: 201,
  }),
};
