import { type Payment } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { invoiceSettledBy } from '../invoices/index.ts';
import { todayIso } from '../leases/index.ts';
import { heldBalance, ledgerAccount, lockAccount, postReversal } from '../ledger/index.ts';
import { settleLease } from '../rent/index.ts';
import { queueReversalNotice } from './receipt-mail.ts';
import * as repo from './repo.ts';
import { loadVisible, PAYMENT_NOT_FOUND, reload, type Scope } from './access.ts';

/** A reversal takes back what the payment gave each holder, so each must still hold it. */
async function assertHoldersCanGiveBack(tx: Tx, scope: Scope, payment: repo.PaymentRow) {
  const shares =
    payment.type === 'deposit'
      ? [
          {
            account: ledgerAccount.deposits(payment.leaseId!),
            amount: payment.amountCents,
            who: 'deposit account',
          },
        ]
      : [
          {
            account: ledgerAccount.property(payment.propertyId),
            amount: payment.ownerCents,
            who: 'property account',
          },
          ...(payment.agentId
            ? [
                {
                  account: ledgerAccount.agent(payment.agentId),
                  amount: payment.agentShareCents,
                  who: "agent's account",
                },
              ]
            : []),
        ];
  for (const share of shares) {
    if (share.amount === 0) continue;
    await lockAccount(tx, scope, share.account, payment.currency);
    if ((await heldBalance(tx, scope, share.account, payment.currency)) < share.amount) {
      throw unprocessable(
        'INSUFFICIENT_BALANCE',
        `The ${share.who} no longer holds this payment's share (it was paid out). Recover the money first, then reverse.`,
      );
    }
  }
}

export const reversePayment = (ctx: Ctx, id: string, reason: string, today = todayIso()) =>
  transact(ctx, async (tx): Promise<Payment> => {
    assertRole(ctx, PROPERTY_READERS);
    await loadVisible(tx, ctx, id);
    assertRole(ctx, ['accountant']);
    const payment = await repo.lockPayment(tx, ctx, id);
    if (!payment) throw PAYMENT_NOT_FOUND();
    if (payment.status === 'reversed')
      throw conflict('ALREADY_REVERSED', 'This payment has already been reversed.');
    // The invoice's journal moved this receipt on (to the agency, or tied it to the owner's recharge).
    const settles = await invoiceSettledBy(tx, ctx, id);
    if (settles) {
      throw conflict(
        'PAYMENT_SETTLES_INVOICE',
        `This payment settles invoice ${settles.number}: it cannot be reversed while the invoice is paid.`,
      );
    }
    await assertHoldersCanGiveBack(tx, ctx, payment);
    const before = await reload(tx, ctx, id);
    const reversalJournalId = await postReversal(tx, ctx, payment.journalId, {
      description: `Reversal of ${payment.receiptNumber}: ${reason}`,
      entryDate: today,
      postedBy: ctx.userId,
      reference: payment.receiptNumber,
    });
    await repo.markReversed(tx, ctx, id, {
      reversalJournalId,
      reversedBy: ctx.userId,
      reversalReason: reason,
    });
    if (payment.leaseId && payment.type === 'rent') await settleLease(tx, ctx, payment.leaseId);
    const after = await reload(tx, ctx, id);
    await queueReversalNotice(tx, ctx, id, reason);
    await recordAudit(tx, auditActor(ctx), {
      action: 'payment.reversed',
      entity: 'payment',
      entityId: id,
      before,
      after,
    });
    return after;
  });
