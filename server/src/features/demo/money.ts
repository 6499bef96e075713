import {
  addDays,
  DEFAULT_ARREARS_REMINDER_STEPS,
  FinanceSettingsInput,
  DepositReleaseInput,
  LevyPayInput,
  LevyScheduleInput,
  PAYMENT_METHODS,
  PaymentInput,
  PayoutInput,
  type Lease,
  type PaymentMethod,
} from '@lintel/contracts';
import { createPayout, heldFor, releaseDeposit } from '../accounts/index.ts';
import { getFinanceSettings, updateFinanceSettings } from '../finance/index.ts';
import { getLease } from '../leases/index.ts';
import { createSchedule, listDueLevies, payLevies } from '../levies/index.ts';
import { recordPayment, reversePayment } from '../payments/index.ts';
import { transferAllDue } from '../transfers/index.ts';
import { recordVatPayment, vatReport } from '../vat/index.ts';
import { accountantOf, agentOf, type DemoCompany } from './context.ts';
import type { LetProperty } from './lettings.ts';
import { dayOfMonth, rentMonthsOf } from './plan.ts';

const CURRENCY = 'USD';
/** What an owner's payout leaves in the property account, for levies and repairs. */
const RESERVE = 40000;
/** Owners paid every month; the others each quarter. */
const MONTHLY_OWNERS = 3;
/** The property whose tenant's cheque bounced last month (paid again by transfer). */
const BOUNCED_PROPERTY = 22;
/** The property whose levy for last month is left unpaid: overdue. */
const OVERDUE_LEVY_PROPERTY = 24;
/** This month, only properties before this index have their levies paid; the rest are due. */
const LEVIES_PAID_THIS_MONTH_BELOW = 10;

/**
 * Same-day work runs in this order: money in before money out, except the fee transfer, made
 * first thing, of what was due by the day before. The bank's monthly fees come out of what is
 * due to the agency but are posted at reconciliation, after the transfers that could not see
 * them; the transfer day's receipts, still due, cover them, so what is due never ends a day
 * below zero (on the 2nd, the demo's day of transfers, it read minus the fees).
 */
const RANK = {
  settings: -2,
  feeTransfer: -1,
  deposit: 0,
  rent: 1,
  bounce: 2,
  topUp: 3,
  levies: 4,
  ownerPayout: 5,
  agentPayout: 7,
  vatPayment: 8,
};

interface Step {
  date: string;
  rank: number;
  run: () => Promise<unknown>;
}

const period = (isoDate: string) => isoDate.slice(0, 7);
const wholeDollars = (cents: number) => Math.floor(cents / 100) * 100;

export interface DemoMoney {
  /** The rent payment reversed when its cheque bounced. */
  bouncedPaymentId: string | null;
}

/**
 * The demo's books, posted through the same services a user's actions go through, in date order
 * so every account's running balance stays above zero: deposits and monthly rent (some tenants
 * behind), a bounced cheque reversed and paid again, levies paid out of the property accounts
 * (owners topping up empty ones), owner payouts monthly or quarterly, what is due to the agency
 * transferred out of trust early each month, agent commission quarterly from the business bank,
 * each quarter's VAT paid to the tax authority the month after,
 * and the deposits of the leases that ended released.
 */
export async function seedDemoMoney(demo: DemoCompany, lettings: LetProperty[]): Promise<DemoMoney> {
  const accountant = accountantOf(demo);
  const { today } = demo;
  await updateFinanceSettings(accountant, {
    currencies: ['USD', 'ZWG'],
    defaultCurrency: CURRENCY,
    commissionRateBp: 1000,
    agentShareBp: 6000,
    vatRegistered: true,
    vatRateBp: 1500,
    rentDueDay: 1,
    lateFeeRateBp: 0,
    receiptPrefix: 'DR-',
    invoicePrefix: 'INV-',
    ownerApprovalLimit: 50000,
    transferSchedule: 'monthly',
    transferLimitDays: 31,
    emailReceipts: false,
    statementDay: 1,
    arrearsReminderSteps: DEFAULT_ARREARS_REMINDER_STEPS,
    __v: 0,
  });

  const steps: Step[] = [];
  const at = (date: string, rank: number, run: () => Promise<unknown>) => {
    // What has not happened yet is not in the books.
    if (date <= today) steps.push({ date, rank, run });
  };
  const money: DemoMoney = { bouncedPaymentId: null };

  // The agency began emailing receipts a month ago: Admin → Messages has a month of them to read.
  at(addDays(today, -30), RANK.settings, async () => {
    const current = await getFinanceSettings(accountant);
    await updateFinanceSettings(accountant, FinanceSettingsInput.parse({ ...current, emailReceipts: true }));
  });

  // The deposit follows the tenancy: it is held on the lease in force (a renewal that has taken
  // over), as a renewal's activation would have carried it there had it been paid before.
  const inForce = new Map<LetProperty, Lease>();
  for (const letProperty of lettings) {
    let current = letProperty.leases[0]!;
    for (const lease of letProperty.leases.slice(1)) {
      const now = await getLease(accountant, lease._id);
      if (now.status !== 'draft') current = now;
    }
    inForce.set(letProperty, current);
  }

  for (const [number, letProperty] of lettings.entries()) {
    const { letting, property, leases } = letProperty;
    const depositLease = inForce.get(letProperty)!;
    at(letting.first.startDate, RANK.deposit, () =>
      recordPayment(
        accountant,
        PaymentInput.parse({
          type: 'deposit',
          leaseId: depositLease._id,
          amount: leases[0]!.depositAmount,
          currency: CURRENCY,
          method: 'bank_transfer',
          paymentDate: letting.first.startDate,
          reference: `DEP-${letting.property + 1}`,
        }),
        undefined,
      ),
    );
    // Agents receipt some of the rent on their own properties; the accountant the rest.
    const receiver = number % 3 === 0 ? agentOf(demo, property) : accountant;
    const usualMethod = PAYMENT_METHODS[number % PAYMENT_METHODS.length]!;
    for (const month of rentMonthsOf(letting, today)) {
      if (!month.paid) continue;
      const lease = leases[month.lease]!;
      // Tenants pay on the due date or a few days later, never before their lease starts.
      const late = addDays(month.dueDate, letting.property % 5);
      const paymentDate = late < lease.startDate ? lease.startDate : late;
      const bounces =
        letting.property === BOUNCED_PROPERTY && month.period === period(dayOfMonth(today, -1, 1));
      const pay = (method: PaymentMethod, date: string) =>
        recordPayment(
          receiver,
          PaymentInput.parse({
            type: 'rent',
            leaseId: lease._id,
            amount: lease.rentAmount,
            currency: CURRENCY,
            method,
            paymentDate: date,
            reference: method === 'cash' ? null : `${method.slice(0, 3).toUpperCase()}-${month.period}`,
          }),
          undefined,
        );
      at(paymentDate, RANK.rent, async () => {
        const payment = await pay(bounces ? 'cheque' : usualMethod, paymentDate);
        if (bounces) money.bouncedPaymentId = payment._id;
      });
      if (bounces) {
        at(addDays(paymentDate, 4), RANK.bounce, () =>
          reversePayment(
            accountant,
            money.bouncedPaymentId!,
            'Cheque returned unpaid by the bank',
            addDays(paymentDate, 4),
          ),
        );
        at(addDays(paymentDate, 7), RANK.rent, () => pay('bank_transfer', addDays(paymentDate, 7)));
      }
    }
  }

  const levied = demo.properties.filter((property) => property.levyCents > 0);
  for (const property of levied) {
    await createSchedule(
      accountant,
      LevyScheduleInput.parse({
        propertyId: property.id,
        bodyCorporate: `${property.name.split(', ')[1]} Body Corporate`,
        contact: 'The managing agent, +263 24 270 0000',
        bankDetails: {
          bankName: 'CBZ Bank',
          accountName: `${property.name.split(', ')[1]} Body Corporate`,
          accountNumber: `0112${String(demo.properties.indexOf(property)).padStart(4, '0')}0019`,
        },
        amount: property.levyCents,
        currency: CURRENCY,
        startDate: dayOfMonth(today, -11, 1),
      }),
    );
  }
  for (let months = -11; months <= 0; months += 1) {
    // An owner whose property holds too little for the levy pays in three months' worth first.
    at(dayOfMonth(today, months, 8), RANK.topUp, async () => {
      for (const property of levied) {
        if ((await heldFor(accountant, 'property', property.id, CURRENCY)) >= property.levyCents) continue;
        const owner = demo.owners[property.ownerIndex]!;
        await recordPayment(
          accountant,
          PaymentInput.parse({
            type: 'other',
            propertyId: property.id,
            amount: property.levyCents * 3,
            currency: CURRENCY,
            method: 'bank_transfer',
            paymentDate: dayOfMonth(today, months, 8),
            reference: 'Owner top-up for levies',
            payerName: owner.name,
          }),
          undefined,
        );
      }
    });
    const payDate = dayOfMonth(today, months, 10);
    // Listing the month's levies raises its charges, as the accountant's levies page does; this
    // month's are listed even before pay day, so they show as due.
    const listDate = payDate <= today ? payDate : today;
    at(listDate, RANK.levies, async () => {
      const due = await listDueLevies(accountant, { period: period(listDate) }, listDate);
      if (payDate > today) return;
      const paying = due.filter((charge) => {
        const index = demo.properties.findIndex((property) => property.id === charge.propertyId);
        if (charge.period !== period(payDate) || charge.status === 'paid') return false;
        if (months === -1) return index !== OVERDUE_LEVY_PROPERTY;
        return months < 0 || index < LEVIES_PAID_THIS_MONTH_BELOW;
      });
      if (paying.length === 0) return;
      await payLevies(
        accountant,
        LevyPayInput.parse({ chargeIds: paying.map((charge) => charge._id), payWhatCanBePaid: true }),
        payDate,
      );
    });
  }

  const paidProperties = lettings.map(({ property }) => property);
  const agentIds = [...new Set(demo.properties.map((property) => property.agentId))];
  for (let months = -12; months <= 0; months += 1) {
    // What the agency earned last month leaves trust for its business account early each month.
    const transferDate = dayOfMonth(today, months, 2);
    at(transferDate, RANK.feeTransfer, () => transferAllDue(accountant, transferDate));
    // The VAT of each quarter goes to the tax authority by the 20th of the month after it.
    const vatDate = dayOfMonth(today, months, 20);
    if (Number(vatDate.slice(5, 7)) % 3 === 1) {
      const quarterEnd = addDays(dayOfMonth(today, months, 1), -1);
      at(vatDate, RANK.vatPayment, async () => {
        const { closingOwed } = await vatReport(accountant, {
          from: '2000-01-01',
          to: quarterEnd,
          currency: CURRENCY,
        });
        if (closingOwed <= 0) return;
        await recordVatPayment(accountant, {
          amount: closingOwed,
          currency: CURRENCY,
          date: vatDate,
          reference: `VAT ${quarterEnd.slice(0, 7)}`,
          period: `Quarter to ${quarterEnd.slice(0, 7)}`,
        });
      });
    }
    if (months === 0) continue;
    const payoutDate = dayOfMonth(today, months, 25);
    const isQuarterEnd = Number(payoutDate.slice(5, 7)) % 3 === 0;
    at(payoutDate, RANK.ownerPayout, async () => {
      for (const property of paidProperties) {
        if (property.ownerIndex >= MONTHLY_OWNERS && !isQuarterEnd) continue;
        await payOut(demo, 'property', property.id, payoutDate, `Owner remittance ${period(payoutDate)}`);
      }
    });
    if (!isQuarterEnd) continue;
    const commissionDate = dayOfMonth(today, months, 28);
    at(commissionDate, RANK.agentPayout, async () => {
      for (const agentId of agentIds) {
        await payOut(demo, 'agent', agentId, commissionDate, `Commission to ${period(commissionDate)}`);
      }
    });
  }

  steps.sort((a, b) => a.date.localeCompare(b.date) || a.rank - b.rank);
  for (const step of steps) await step.run();

  // The deposits of the tenancies that ended, settled today on the last lease of each (nothing is
  // paid out after it): part kept for damage on an early exit, to the owner, the rest refunded.
  for (const letProperty of lettings) {
    const { letting } = letProperty;
    const hasEnded = letting.terminatedOn !== null || (!letting.renewal && letting.first.endDate < today);
    if (!hasEnded) continue;
    const lease = inForce.get(letProperty)!;
    const deposit = letProperty.leases[0]!.depositAmount;
    const damage = letting.terminatedOn ? 15000 : 0;
    await releaseDeposit(
      accountant,
      lease._id,
      DepositReleaseInput.parse({
        deductions: damage ? [{ to: 'owner', amount: damage, description: 'Scuffed walls repainted' }] : [],
        toTenant: deposit - damage,
        currency: CURRENCY,
        releaseDate: today,
        reason: damage ? 'Early exit; the rest refunded' : 'Left in good order; refunded in full',
      }),
    );
  }
  return money;
}

/** Pays out what an account holds in whole dollars, less the reserve a property keeps. */
async function payOut(
  demo: DemoCompany,
  accountType: 'property' | 'agent',
  accountId: string,
  payoutDate: string,
  reference: string,
) {
  const accountant = accountantOf(demo);
  const held = await heldFor(accountant, accountType, accountId, CURRENCY);
  const amount = wholeDollars(accountType === 'property' ? held - RESERVE : held);
  if (amount <= 0) return;
  await createPayout(
    accountant,
    PayoutInput.parse({
      accountType,
      accountId,
      amount,
      currency: CURRENCY,
      method: 'bank_transfer',
      reference,
      payoutDate,
    }),
  );
}
