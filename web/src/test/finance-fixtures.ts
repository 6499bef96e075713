import { DEFAULT_ARREARS_REMINDER_STEPS, type FinanceSettings } from '@lintel/contracts';

export const makeFinanceSettings = (overrides: Partial<FinanceSettings> = {}): FinanceSettings => ({
  currencies: ['USD', 'ZWG'],
  defaultCurrency: 'USD',
  commissionRateBp: 1000,
  agentShareBp: 6000,
  vatRegistered: true,
  vatRateBp: 1500,
  rentDueDay: 1,
  lateFeeRateBp: 0,
  receiptPrefix: 'RCT-',
  ownerApprovalLimit: 50000,
  invoicePrefix: 'INV-',
  transferSchedule: 'monthly',
  transferLimitDays: 31,
  emailReceipts: false,
  statementDay: 1,
  arrearsReminderSteps: DEFAULT_ARREARS_REMINDER_STEPS,
  __v: 3,
  ...overrides,
});
