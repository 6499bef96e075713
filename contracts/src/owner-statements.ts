import { z } from 'zod';
import { call, envelope, IdParam, Timestamp } from './common.ts';
import { MailState } from './mail.ts';

export const STATEMENT_MONTH_FORMAT = 'Use a month as YYYY-MM';
export const STATEMENT_MONTH_NOT_ENDED = 'Statements can be sent only for a month that has ended';

export const StatementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MONTH_FORMAT);

/** One currency of an owner's statement for the month: what the PDF attached to the email shows. */
export const OwnerStatementFigures = z.object({
  currency: z.string(),
  openingBalance: z.number().int(),
  moneyIn: z.number().int(),
  moneyOut: z.number().int(),
  closingBalance: z.number().int(),
});
export type OwnerStatementFigures = z.infer<typeof OwnerStatementFigures>;

/**
 * Why an owner would get no email in the run: no address on file, or they opted out of
 * statements through the link in an earlier one.
 */
export const OWNER_STATEMENT_HOLDS = ['no-email', 'opted-out'] as const;
export type OwnerStatementHold = (typeof OWNER_STATEMENT_HOLDS)[number];

export const OwnerStatementRunLine = z.object({
  ownerId: z.string(),
  name: z.string(),
  /** Where the statement goes: the owner record's email, else their sign-in email. */
  email: z.string().nullable(),
  hold: z.enum(OWNER_STATEMENT_HOLDS).nullable(),
  /** Every currency with a balance or a line in the month; none means nothing moved. */
  statements: z.array(OwnerStatementFigures),
  /** The latest email of this owner's statement for the month, if any was queued. */
  mail: z
    .object({ _id: z.string(), state: MailState, createdAt: Timestamp, sentAt: Timestamp.nullable() })
    .nullable(),
});
export type OwnerStatementRunLine = z.infer<typeof OwnerStatementRunLine>;

export const OwnerStatementRun = z.object({
  month: StatementMonth,
  /** The day of the month the run goes out on its own (finance settings). */
  statementDay: z.number().int(),
  /** The run went out for this month, on its own or sent by hand. */
  sent: z.boolean(),
  owners: z.array(OwnerStatementRunLine),
});
export type OwnerStatementRun = z.infer<typeof OwnerStatementRun>;

export const OwnerStatementRunQuery = z.object({
  /** The month the statements cover; last month by default. */
  month: StatementMonth.optional(),
});
export type OwnerStatementRunQuery = z.infer<typeof OwnerStatementRunQuery>;

export const OwnerStatementSendInput = z.object({ month: StatementMonth });
export type OwnerStatementSendInput = z.infer<typeof OwnerStatementSendInput>;

/** What a run did: emails queued now, owners already emailed for the month, and owners held back. */
export const OwnerStatementSendResult = z.object({
  queued: z.number().int(),
  alreadySent: z.number().int(),
  noEmail: z.number().int(),
  optedOut: z.number().int(),
});
export type OwnerStatementSendResult = z.infer<typeof OwnerStatementSendResult>;

const tag = 'owner statements';

export const ownerStatementsApi = {
  preview: call('GET', '/owner-statements', {
    summary:
      "The month's owner statement run: each owner with properties, their figures, where the email goes and its state (admin, accountant)",
    tag,
    query: OwnerStatementRunQuery,
    reply: envelope(OwnerStatementRun),
  }),
  send: call('POST', '/owner-statements/send', {
    summary:
      'Email every owner their statement PDF for the month; an owner already emailed for it is skipped (accountant)',
    tag,
    body: OwnerStatementSendInput,
    reply: envelope(OwnerStatementSendResult),
  }),
  sendOne: call('POST', '/owner-statements/:id/send', {
    summary: "Email one owner's statement for the month again, made afresh (accountant)",
    tag,
    params: IdParam,
    body: OwnerStatementSendInput,
    reply: envelope(OwnerStatementRunLine),
  }),
};
