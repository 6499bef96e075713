import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PAYMENT_METHODS, type Role } from '@lintel/contracts';
import type { Db } from '../../db/client.ts';
import { leases, properties, users } from '../../db/schema/index.ts';
import { systemTransact, type Ctx } from '../../db/scope.ts';
import { createExpense, createPayout, heldFor } from '../accounts/index.ts';
import { updateFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { recordPayment, reversePayment } from '../payments/index.ts';
import { chargeablePeriods, dueDateOf } from '../rent/index.ts';

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The demo's books, posted through the same services a user's actions go through, so ledgers,
 * receipts, statements and the audit log tie: the deposit and monthly rent of every lease (a few
 * tenants behind), a bounced payment reversed, owner and agent payouts, a repair paid.
 */
export async function seedDemoMoney(db: Db, companyId: string): Promise<void> {
  const { accountantId, rows } = await systemTransact(db, async (tx) => {
    const [accountant] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, 'accountant')));
    const let_ = await tx
      .select({ lease: leases, agentId: properties.agentId })
      .from(leases)
      .innerJoin(properties, eq(properties.id, leases.propertyId))
      .where(and(eq(leases.companyId, companyId), eq(leases.status, 'active')))
      .orderBy(asc(leases.startDate));
    return { accountantId: accountant!.id, rows: let_ };
  });
  const as = (role: Role, userId: string): Ctx => ({ db, companyId, userId, role, requestId: 'demo-seed' });
  const accountant = as('accountant', accountantId);
  const today = todayIso();

  await updateFinanceSettings(accountant, {
    currencies: ['USD', 'ZWG'],
    defaultCurrency: 'USD',
    commissionRateBp: 1000,
    agentShareBp: 6000,
    vatRegistered: true,
    vatRateBp: 1500,
    rentDueDay: 1,
    lateFeeRateBp: 0,
    receiptPrefix: 'DR-',
    invoicePrefix: 'INV-',
    ownerApprovalLimit: 50000,
    __v: 0,
  });

  const paid: { id: string; propertyId: string }[] = [];
  for (const [n, { lease, agentId }] of rows.entries()) {
    const method = PAYMENT_METHODS[n % PAYMENT_METHODS.length]!;
    // Agents receipt some of the rent on their own properties; the accountant the rest.
    const receiver = agentId && n % 3 === 0 ? as('agent', agentId) : accountant;
    await recordPayment(
      accountant,
      {
        type: 'deposit',
        leaseId: lease.id,
        amount: lease.depositCents,
        currency: lease.currency,
        method: 'bank_transfer',
        paymentDate: lease.startDate,
        reference: `DEP-${n + 1}`,
        notes: null,
      },
      `demo-deposit-${lease.id}`,
    );
    const periods = chargeablePeriods(lease, today);
    // Every sixth tenant is behind: their last two months are unpaid.
    const payable = n % 6 === 0 ? periods.slice(0, -2) : periods;
    for (const period of payable) {
      const paymentDate = addDays(dueDateOf(period, lease.rentDueDay), n % 5);
      if (paymentDate > today) continue;
      const payment = await recordPayment(
        receiver,
        {
          type: 'rent',
          leaseId: lease.id,
          amount: lease.rentCents,
          currency: lease.currency,
          method,
          paymentDate,
          reference: method === 'cash' ? null : `${method.slice(0, 3).toUpperCase()}-${period}-${n + 1}`,
          notes: null,
        },
        `demo-rent-${lease.id}-${period}`,
      );
      paid.push({ id: payment._id, propertyId: lease.propertyId });
    }
  }

  // A cheque that bounced: the latest payment by cheque is reversed, and stays on record.
  const bounced = [...paid].reverse().find((_, index) => index % 5 === 4);
  if (bounced) await reversePayment(accountant, bounced.id, 'Cheque returned unpaid by the bank');

  // Owners are paid what is held for them on half of the properties; one agent is paid commission.
  const paidOut = new Set<string>();
  for (const [index, { propertyId }] of paid.entries()) {
    if (index % 2 === 1 || paidOut.has(propertyId)) continue;
    paidOut.add(propertyId);
    await payOutHalf(accountant, 'property', propertyId);
  }
  const agentId = rows.find((row) => row.agentId)?.agentId;
  if (agentId) await payOutHalf(accountant, 'agent', agentId);

  const repaired = paid[0]?.propertyId;
  if (repaired) {
    await createExpense(accountant, {
      propertyId: repaired,
      supplier: 'Harare Plumbing Works',
      description: 'Geyser element replaced',
      amount: 4500,
      currency: 'USD',
      method: 'bank_transfer',
      reference: `HPW-${randomUUID().slice(0, 6).toUpperCase()}`,
    });
  }
}

/** Pays out half of what an account holds (the rest stays, so statements show both). */
async function payOutHalf(ctx: Ctx, accountType: 'property' | 'agent', accountId: string) {
  const held = await heldFor(ctx, accountType, accountId, 'USD');
  const amount = Math.floor(held / 2);
  if (amount <= 0) return;
  await createPayout(ctx, {
    accountType,
    accountId,
    amount,
    currency: 'USD',
    method: 'bank_transfer',
    reference: accountType === 'property' ? 'Owner remittance' : 'Commission payment',
  });
}
