import { z } from 'zod';
import { call, envelope, Id, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { Currency } from './money.ts';

/**
 * Fee transfers (sweeps): what trust owes the agency (`trust:due-to-agency`) leaves the trust
 * bank for the business bank, one linked pair of journals per currency (trust out, business in).
 * When more has come back to trust than left it (a payment reversed after its commission was
 * transferred), what is due is negative and the transfer goes the other way: the business repays
 * trust.
 */
export const TRANSFER_DIRECTIONS = ['to_business', 'to_trust'] as const;
export const TransferDirection = z.enum(TRANSFER_DIRECTIONS);
export type TransferDirection = z.infer<typeof TransferDirection>;

export const FeeTransferInput = z
  .object({
    /** One currency; without it, every currency with something due. */
    currency: Currency.optional(),
    /** The reference to quote on the bank instruction; without it, the next FT-000001. */
    reference: z.string().trim().min(1).max(100).optional(),
    /** Moves what was due as of this day (today by default, never later). */
    date: IsoDate.optional(),
  })
  .strict();
export type FeeTransferInput = z.input<typeof FeeTransferInput>;

export const FeeTransfer = z.object({
  /** The trust journal of the pair (the business journal links to it). */
  journalId: Id,
  currency: Currency,
  /** Always positive; `direction` says which way it went. */
  amount: z.number().int(),
  direction: TransferDirection,
  reference: z.string().nullable(),
  date: z.string(),
  /** Null when the company's schedule made it. */
  postedBy: Id.nullable(),
  /** Who made it, by name; null when the schedule did. */
  postedByName: z.string().nullable(),
  createdAt: Timestamp,
});
export type FeeTransfer = z.infer<typeof FeeTransfer>;

export const FeeTransferQuery = PageQuery.extend({ currency: Currency.optional() });

/** What is due to the agency in one currency, and how long the oldest of it has waited. */
export const DueToAgency = z.object({
  currency: Currency,
  /** Positive: trust owes the business; negative: the business owes trust. */
  amount: z.number().int(),
  /** The day of the oldest posting not yet transferred (first in, first out); null when nothing is due. */
  since: z.string().nullable(),
  ageDays: z.number().int().nullable(),
  limitDays: z.number().int(),
  overdue: z.boolean(),
});
export type DueToAgency = z.infer<typeof DueToAgency>;

export const NOTHING_DUE = 'Nothing is due to the agency: there is nothing to transfer.';

const tag = 'ledger';

export const transfersApi = {
  create: call('POST', '/ledger/transfers', {
    summary:
      'Transfer everything due to the agency out of trust to the business bank, per currency (accountant)',
    tag,
    body: FeeTransferInput,
    reply: envelope(z.array(FeeTransfer)),
    status: 201,
  }),
  list: call('GET', '/ledger/transfers', {
    summary: 'Fee transfers made, newest first (admin, accountant)',
    tag,
    query: FeeTransferQuery,
    reply: pageEnvelope(FeeTransfer),
  }),
  dueToAgency: call('GET', '/ledger/due-to-agency', {
    summary:
      'What trust owes the agency per currency, since when, and whether it is over the limit (admin, accountant)',
    tag,
    reply: envelope(z.array(DueToAgency)),
  }),
};
