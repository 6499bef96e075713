import { z } from 'zod';
import { call, envelope } from './common.ts';
import { AmountInput, BasisPoints, Currency } from './money.ts';
import { IsoDate } from './leases.ts';

export const FINANCE_DEFAULT_CURRENCY_ENABLED = 'The default currency must be one of the enabled currencies';
export const FINANCE_COMMISSION_TOO_HIGH = 'Commission plus VAT on it cannot be more than 100%';

/** A company's money settings; rates in basis points (1000 = 10%). */
export const TRANSFER_SCHEDULES = ['off', 'daily', 'weekly', 'monthly'] as const;
export const TransferSchedule = z.enum(TRANSFER_SCHEDULES);
export type TransferSchedule = z.infer<typeof TransferSchedule>;

/** The letters of an arrears reminder policy, mildest first. */
export const ARREARS_LETTERS = ['reminder', 'second-reminder', 'letter-of-demand'] as const;
export const ArrearsLetter = z.enum(ARREARS_LETTERS);
export type ArrearsLetter = z.infer<typeof ArrearsLetter>;
export const ARREARS_LETTER_LABELS: Record<ArrearsLetter, string> = {
  reminder: 'Reminder',
  'second-reminder': 'Second reminder',
  'letter-of-demand': 'Letter of demand',
};

export const ARREARS_STEPS_DISTINCT_DAYS = 'Each reminder step needs its own day';

/** One step of the arrears reminders: `day` days after a charge fell due, this letter, if still unpaid. */
export const ArrearsReminderStep = z.object({
  day: z
    .number()
    .int()
    .min(1, 'A reminder day must be between 1 and 365')
    .max(365, 'A reminder day must be between 1 and 365'),
  letter: ArrearsLetter,
});
export type ArrearsReminderStep = z.infer<typeof ArrearsReminderStep>;

export const DEFAULT_ARREARS_REMINDER_STEPS: ArrearsReminderStep[] = [
  { day: 3, letter: 'reminder' },
  { day: 10, letter: 'second-reminder' },
  { day: 30, letter: 'letter-of-demand' },
];

export const FinanceSettings = z.object({
  currencies: z.array(Currency),
  defaultCurrency: Currency,
  commissionRateBp: z.number().int(),
  agentShareBp: z.number().int(),
  vatRegistered: z.boolean(),
  vatRateBp: z.number().int(),
  rentDueDay: z.number().int(),
  lateFeeRateBp: z.number().int(),
  receiptPrefix: z.string(),
  invoicePrefix: z.string(),
  /** A maintenance estimate above this (minor units of the default currency) needs the owner's approval. */
  ownerApprovalLimit: z.number().int(),
  /** How often what is due to the agency leaves trust for the business bank on its own. */
  transferSchedule: TransferSchedule,
  /** Agency money left in trust longer than this many days is flagged. */
  transferLimitDays: z.number().int(),
  /** Email the receipt PDF to the tenant when a payment is recorded (and a note when it is reversed). */
  emailReceipts: z.boolean(),
  /** The day of the month owners are emailed the previous month's statement. */
  statementDay: z.number().int(),
  /** Arrears reminders, by days after the due date; empty sends none. */
  arrearsReminderSteps: z.array(ArrearsReminderStep),
  __v: z.number().int(),
});
export type FinanceSettings = z.infer<typeof FinanceSettings>;

const Prefix = z
  .string()
  .trim()
  .max(12)
  .regex(/^[A-Za-z0-9/-]*$/, 'Use letters, digits, / and - only');

export const FinanceSettingsInput = z
  .object({
    currencies: z.array(Currency).min(1, 'Enable at least one currency').max(10),
    defaultCurrency: Currency,
    commissionRateBp: BasisPoints,
    agentShareBp: BasisPoints,
    vatRegistered: z.boolean(),
    vatRateBp: BasisPoints,
    rentDueDay: z
      .number()
      .int()
      .min(1, 'Rent due day must be between 1 and 28')
      .max(28, 'Rent due day must be between 1 and 28'),
    lateFeeRateBp: BasisPoints,
    receiptPrefix: Prefix,
    invoicePrefix: Prefix,
    ownerApprovalLimit: AmountInput.default(50000),
    transferSchedule: TransferSchedule.default('monthly'),
    transferLimitDays: z
      .number()
      .int()
      .min(1, 'The limit must be between 1 and 366 days')
      .max(366, 'The limit must be between 1 and 366 days')
      .default(31),
    emailReceipts: z.boolean().default(false),
    statementDay: z
      .number()
      .int()
      .min(1, 'Statement day must be between 1 and 28')
      .max(28, 'Statement day must be between 1 and 28')
      .default(1),
    arrearsReminderSteps: z
      .array(ArrearsReminderStep)
      .max(5, 'At most 5 reminder steps')
      .refine(
        (steps) => new Set(steps.map((step) => step.day)).size === steps.length,
        ARREARS_STEPS_DISTINCT_DAYS,
      )
      // Kept in day order, so the letters read in the order they go out.
      .transform((steps) => [...steps].sort((a, b) => a.day - b.day))
      .default(DEFAULT_ARREARS_REMINDER_STEPS),
    /** From when a changed VAT rate applies (today by default); earlier payments keep the old one. */
    vatRateEffectiveFrom: IsoDate.optional(),
    __v: z.number().int().min(0),
  })
  .refine((value) => value.currencies.includes(value.defaultCurrency), {
    message: FINANCE_DEFAULT_CURRENCY_ENABLED,
    path: ['defaultCurrency'],
  })
  .refine(
    (value) =>
      value.commissionRateBp * (10000 + (value.vatRegistered ? value.vatRateBp : 0)) <= 10000 * 10000,
    { message: FINANCE_COMMISSION_TOO_HIGH, path: ['commissionRateBp'] },
  );
export type FinanceSettingsInput = z.input<typeof FinanceSettingsInput>;

const tag = 'finance';

export const financeApi = {
  get: call('GET', '/settings/finance', {
    summary: "The company's money settings (admin, accountant, agent)",
    tag,
    reply: envelope(FinanceSettings),
  }),
  update: call('PUT', '/settings/finance', {
    summary: 'Change the money settings (admin, accountant); posted payments keep the rates they used',
    tag,
    body: FinanceSettingsInput,
    reply: envelope(FinanceSettings),
  }),
};
