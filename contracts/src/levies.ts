import { z } from 'zod';
import { call, envelope, Id, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';
import { IsoDate } from './leases.ts';
import { AMOUNT_TOO_LARGE, Currency, MAX_AMOUNT, MinorUnits } from './money.ts';
import { BankDetails } from './owners.ts';

export const LEVY_AMOUNT_POSITIVE = 'Enter a monthly amount above zero';
export const LEVY_END_BEFORE_START = 'The end must be on or after the start';
export const LEVY_PERIOD_FORMAT = 'Use a month such as 2026-11';

/** A month as `YYYY-MM`. */
export const LevyPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, LEVY_PERIOD_FORMAT);

export const LevyScheduleFields = z.object({
  propertyId: Id,
  bodyCorporate: z.string().trim().min(1, 'Name the body corporate').max(200),
  contact: z.string().trim().max(300).nullable().optional(),
  bankDetails: BankDetails.nullable().optional(),
  amount: z
    .number(LEVY_AMOUNT_POSITIVE)
    .int('Amount must be whole minor units (cents)')
    .min(1, LEVY_AMOUNT_POSITIVE)
    .max(MAX_AMOUNT, AMOUNT_TOO_LARGE),
  currency: Currency,
  startDate: IsoDate,
  endDate: IsoDate.nullable().optional(),
});

const endsAfterStart = (value: { startDate: string; endDate?: string | null | undefined }) =>
  !value.endDate || value.endDate >= value.startDate;

export const LevyScheduleInput = LevyScheduleFields.strict().refine(endsAfterStart, {
  message: LEVY_END_BEFORE_START,
  path: ['endDate'],
});
export type LevyScheduleInput = z.input<typeof LevyScheduleInput>;

/** A whole replacement of the schedule; a stale `__v` is refused with 409. */
export const LevyScheduleUpdateInput = LevyScheduleFields.extend({ __v: z.number().int().min(0) })
  .strict()
  .refine(endsAfterStart, { message: LEVY_END_BEFORE_START, path: ['endDate'] });
export type LevyScheduleUpdateInput = z.input<typeof LevyScheduleUpdateInput>;

export const LevySchedule = z.object({
  _id: Id,
  propertyId: Id,
  propertyName: z.string(),
  bodyCorporate: z.string(),
  contact: z.string().nullable(),
  bankDetails: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      branch: z.string().nullable().optional(),
      branchCode: z.string().nullable().optional(),
    })
    .nullable(),
  amount: MinorUnits,
  currency: Currency,
  startDate: z.string(),
  endDate: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  __v: z.number().int(),
});
export type LevySchedule = z.infer<typeof LevySchedule>;

export const LevyScheduleQuery = PageQuery.extend({ propertyId: Id.optional() });
export type LevyScheduleQuery = z.infer<typeof LevyScheduleQuery>;

export const LEVY_CHARGE_STATUSES = ['due', 'overdue', 'paid'] as const;
export const LevyChargeStatus = z.enum(LEVY_CHARGE_STATUSES);
export type LevyChargeStatus = z.infer<typeof LevyChargeStatus>;

/** One month of a schedule: due in the period asked for, overdue if earlier and unpaid, or paid. */
export const LevyCharge = z.object({
  _id: Id,
  scheduleId: Id,
  propertyId: Id,
  propertyName: z.string(),
  bodyCorporate: z.string(),
  period: z.string(),
  dueDate: z.string(),
  amount: MinorUnits,
  currency: Currency,
  status: LevyChargeStatus,
  paidAt: Timestamp.nullable(),
  expenseId: Id.nullable(),
  /** What the property's account holds in the charge's currency now. */
  held: z.number().int(),
});
export type LevyCharge = z.infer<typeof LevyCharge>;

/** Defaults to the current month. */
export const LevyDueQuery = z.object({ period: LevyPeriod.optional() });
export type LevyDueQuery = z.infer<typeof LevyDueQuery>;

export const LevyPayInput = z
  .object({
    chargeIds: z
      .array(Id)
      .min(1, 'Choose at least one levy')
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'A levy is listed twice'),
    /** When false, one refused line stops the whole payment. */
    payWhatCanBePaid: z.boolean().default(false),
  })
  .strict();
export type LevyPayInput = z.input<typeof LevyPayInput>;

export const LevyPaymentLine = z.object({
  chargeId: Id,
  propertyName: z.string(),
  bodyCorporate: z.string(),
  period: z.string(),
  amount: MinorUnits,
  currency: Currency,
  /** The property expense that paid it (paid lines). */
  expenseId: Id.nullable(),
  /** Why it was not paid (refused lines). */
  message: z.string().nullable(),
});
export type LevyPaymentLine = z.infer<typeof LevyPaymentLine>;

export const LevyPaymentResult = z.object({
  paid: z.array(LevyPaymentLine),
  refused: z.array(LevyPaymentLine),
});
export type LevyPaymentResult = z.infer<typeof LevyPaymentResult>;

export const LevyGenerationResult = z.object({ created: z.number().int() });

const tag = 'levies';

export const leviesApi = {
  list: call('GET', '/levies', {
    summary: 'Levy schedules with their property (owners: their own properties)',
    tag,
    query: LevyScheduleQuery,
    reply: pageEnvelope(LevySchedule),
  }),
  create: call('POST', '/levies', {
    summary: 'Add a levy schedule to a property (accountant)',
    tag,
    body: LevyScheduleInput,
    reply: envelope(LevySchedule),
    status: 201,
  }),
  due: call('GET', '/levies/due', {
    summary: 'Levy charges of a month, with earlier unpaid ones (owners: their own properties)',
    tag,
    query: LevyDueQuery,
    reply: envelope(z.array(LevyCharge)),
  }),
  pay: call('POST', '/levies/pay', {
    summary:
      'Pay levy charges out of their property accounts in one transaction (accountant); refused lines stop it unless payWhatCanBePaid',
    tag,
    body: LevyPayInput,
    reply: envelope(LevyPaymentResult),
  }),
  generate: call('POST', '/levies/generate', {
    summary: 'Create any missing monthly levy charges up to this month (admin, accountant); idempotent',
    tag,
    reply: envelope(LevyGenerationResult),
  }),
  get: call('GET', '/levies/:id', {
    summary: 'One levy schedule',
    tag,
    params: IdParam,
    reply: envelope(LevySchedule),
  }),
  update: call('PUT', '/levies/:id', {
    summary: 'Change a levy schedule (accountant); carries __v',
    tag,
    params: IdParam,
    body: LevyScheduleUpdateInput,
    reply: envelope(LevySchedule),
  }),
};
