import { z } from 'zod';
import { call, envelope, Id, pageEnvelope, PageQuery } from './common.ts';
import { IsoDate } from './leases.ts';
import { Currency } from './money.ts';

/**
 * A fee transfer moves what is due to the agency (commission and VAT earned on rent, agency
 * invoices paid from owners' accounts) out of trust into the business bank account: one event,
 * a trust journal (due to the agency down, trust bank out) linked to a business journal (business
 * bank in, due from trust down). Should more have left trust than was due (a payment reversed
 * after its commission was transferred), the transfer runs the other way: the agency repays trust.
 */
export const FeeTransferInput = z
  .object({
    /** One currency; without it, every currency with something due. */
    currency: Currency.optional(),
    /** What the bank instruction quotes; without it, the next FT- number. */
    reference: z.string().trim().min(1).max(100).optional(),
    /** The day the money moves (not in the future); what was due by then moves. */
    date: IsoDate.optional(),
  })
  .strict();
export type FeeTransferInput = z.input<typeof FeeTransferInput>;

export const FeeTransfer = z.object({
  journalId: Id,
  currency: Currency,
  /** Positive: out of trust to the business; negative: the business repaid trust. */
  amount: z.number().int(),
  reference: z.string(),
  date: z.string(),
  /** Null when the company's schedule made it. */
  postedBy: Id.nullable(),
});
export type FeeTransfer = z.infer<typeof FeeTransfer>;

export const FeeTransferQuery = PageQuery.extend({ currency: Currency.optional() });
export type FeeTransferQuery = z.infer<typeof FeeTransferQuery>;

/** What is due to the agency in one currency, and since when (oldest untransferred first). */
export const DueToAgency = z.object({
  currency: Currency,
  /** Below zero when more left trust than was due: the agency owes trust. */
  amount: z.number().int(),
  /** The day the oldest money still due was earned; null when nothing is due. */
  since: z.string().nullable(),
  ageDays: z.number().int(),
  limitDays: z.number().int(),
  /** Left in trust longer than the company's limit: commingling. */
  overdue: z.boolean(),
});
export type DueToAgency = z.infer<typeof DueToAgency>;

const tag = 'transfers';

export const transfersApi = {
  create: call('POST', '/ledger/transfers', {
    summary:
      'Transfer what is due to the agency out of trust to the business bank, per currency (accountant)',
    tag,
    body: FeeTransferInput,
    reply: envelope(z.array(FeeTransfer)),
    status: 201,
  }),
  list: call('GET', '/ledger/transfers', {
    summary: 'Fee transfers between trust and the business bank, newest first (admin, accountant)',
    tag,
    query: FeeTransferQuery,
    reply: pageEnvelope(FeeTransfer),
  }),
  due: call('GET', '/ledger/due-to-agency', {
    summary: 'What is due to the agency in trust per currency, since when, and whether it is overdue',
    tag,
    reply: envelope(z.array(DueToAgency)),
  }),
};
