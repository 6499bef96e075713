import type { z } from 'zod';
import type {
  SuspenseAllocateInput,
  SuspenseInput,
  SuspenseItemView,
  SuspenseQuery,
  SuspenseRefundInput,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { todayIso } from '../leases/index.ts';
import { ledgerAccount, postJournal } from '../ledger/index.ts';
import { postPayments } from '../payments/index.ts';
import {
  assertTrustAccount,
  assertUnmatchedLine,
  loadLine,
  matchToJournal,
  MATCHED_MEANWHILE,
  matchingTransaction,
  READERS,
  WRITERS,
} from './matching-service.ts';
import * as repo from './matching-repo.ts';

const ITEM_NOT_FOUND = () => notFound('Suspense item not found');
const NOT_OPEN = (row: repo.SuspenseRow) =>
  conflict(
    'SUSPENSE_RESOLVED',
    `This suspense item was already ${row.state}${row.resolution ? ` (${row.resolution})` : ''}: only an open item can be allocated or refunded.`,
  );

const toView = (row: repo.SuspenseListRow): SuspenseItemView => ({
  _id: row.id,
  bankLineId: row.bank_line_id,
  date: row.line_date,
  description: row.description,
  counterparty: row.counterparty,
  currency: row.currency,
  amount: Number(row.amount_cents),
  note: row.note,
  state: row.state,
  leaseId: row.lease_id,
  paymentId: row.payment_id,
  resolution: row.resolution,
  createdByName: row.created_by_name,
  createdAt: new Date(row.created_at).toISOString(),
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
});

async function view(tx: Tx, ctx: Ctx, id: string): Promise<SuspenseItemView> {
  const row = await repo.suspenseView(tx, ctx, id);
  if (!row) throw ITEM_NOT_FOUND();
  return toView(row);
}

async function loadOpenItem(tx: Tx, ctx: Ctx, id: string): Promise<repo.SuspenseRow> {
  const item = isUuid(id) ? await repo.findSuspenseItem(tx, ctx, id) : undefined;
  if (!item) throw ITEM_NOT_FOUND();
  if (item.state !== 'open') throw NOT_OPEN(item);
  return item;
}

/**
 * An unidentified trust credit parked in suspense: the money is in the bank and held for whoever
 * sent it (trust bank to suspense, on the line's day), the line matched to that entry.
 */
export const parkInSuspense = (
  ctx: Ctx,
  lineId: string,
  input: z.output<typeof SuspenseInput>,
): Promise<SuspenseItemView> =>
  matchingTransaction(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const { line, account } = await loadLine(tx, ctx, lineId);
    assertTrustAccount(account, 'parked in suspense');
    assertUnmatchedLine(line, 'credit', 'parked in suspense');
    if (line.suspenseItemId !== null) {
      // Unmatched after it was parked: its item still holds the money; match the line to it again.
      throw conflict(
        'ALREADY_IN_SUSPENSE',
        'This line was already parked in suspense: match it to its suspense entry instead.',
      );
    }
    const journalId = await postJournal(tx, ctx, {
      kind: 'suspense_in',
      description: `Unidentified receipt: ${line.counterparty ?? line.description}`.slice(0, 300),
      reference: line.reference,
      entryDate: line.lineDate,
      postedBy: ctx.userId,
      lines: [
        { account: ledgerAccount.trustBank, currency: account.currency, amountCents: line.amountCents },
        { account: ledgerAccount.trustSuspense, currency: account.currency, amountCents: -line.amountCents },
      ],
    });
    let item: repo.SuspenseRow;
    try {
      item = await repo.insertSuspenseItem(tx, {
        companyId: ctx.companyId,
        bankLineId: line.id,
        currency: account.currency,
        amountCents: line.amountCents,
        note: input.note,
        journalId,
        createdBy: ctx.userId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw MATCHED_MEANWHILE();
      throw error;
    }
    await matchToJournal(tx, ctx, account, line, journalId, 'suspense');
    const after = await view(tx, ctx, item.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'suspense.parked',
      entity: 'suspense_item',
      entityId: item.id,
      after,
    });
    return after;
  });

export const listSuspense = (
  ctx: Ctx,
  query: z.output<typeof SuspenseQuery>,
): Promise<{ items: SuspenseItemView[]; total: number; totalIsLowerBound?: boolean }> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const page = await repo.suspensePage(tx, ctx, query);
    return { ...page, items: page.items.map(toView) };
  });

/**
 * The parked money identified: it becomes a payment on the lease (split, receipt, rent settled),
 * taken out of suspense rather than the bank, since the bank side was posted when it was parked.
 * Dated today: the month it arrived in may be closed by now.
 */
export const allocateSuspense = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof SuspenseAllocateInput>,
): Promise<SuspenseItemView> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const item = await loadOpenItem(tx, ctx, id);
    const { line } = await loadLine(tx, ctx, item.bankLineId);
    const [paymentId] = await postPayments(
      tx,
      ctx,
      [
        {
          type: input.type,
          leaseId: input.leaseId,
          amount: item.amountCents,
          currency: item.currency,
          method: 'bank_transfer',
          paymentDate: todayIso(),
          reference: line.reference?.slice(0, 200) ?? undefined,
          payerName: line.counterparty?.slice(0, 200) ?? undefined,
          notes: `Identified from suspense: ${item.note}`.slice(0, 2000),
        },
      ],
      { receivedInto: ledgerAccount.trustSuspense },
    );
    const resolved = await repo.resolveSuspenseItem(tx, ctx, item.id, {
      state: 'allocated',
      paymentId: paymentId!,
      leaseId: input.leaseId,
      resolvedJournalId: await repo.paymentJournalId(tx, ctx, paymentId!),
      resolvedBy: ctx.userId,
      resolvedAt: new Date(),
      resolution: `Allocated to the lease as a ${input.type} payment`,
    });
    if (!resolved) throw NOT_OPEN((await repo.findSuspenseItem(tx, ctx, item.id))!);
    const after = await view(tx, ctx, item.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'suspense.allocated',
      entity: 'suspense_item',
      entityId: item.id,
      before: item,
      after,
    });
    return after;
  });

/** Parked money sent back: out of suspense and out of the bank (a debit the statement will show). */
export const refundSuspense = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof SuspenseRefundInput>,
): Promise<SuspenseItemView> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const item = await loadOpenItem(tx, ctx, id);
    const { line } = await loadLine(tx, ctx, item.bankLineId);
    if (input.date < line.lineDate) {
      throw unprocessable(
        'REFUND_BEFORE_RECEIPT',
        `The money arrived on ${line.lineDate}: it cannot be refunded before that.`,
      );
    }
    const journalId = await postJournal(tx, ctx, {
      kind: 'suspense_refund',
      description: `Refund of unidentified receipt: ${line.counterparty ?? line.description}`.slice(0, 300),
      reference: input.reference ?? line.reference,
      entryDate: input.date,
      postedBy: ctx.userId,
      lines: [
        { account: ledgerAccount.trustSuspense, currency: item.currency, amountCents: item.amountCents },
        { account: ledgerAccount.trustBank, currency: item.currency, amountCents: -item.amountCents },
      ],
    });
    const resolved = await repo.resolveSuspenseItem(tx, ctx, item.id, {
      state: 'refunded',
      resolvedJournalId: journalId,
      resolvedBy: ctx.userId,
      resolvedAt: new Date(),
      resolution: `Refunded on ${input.date}`,
    });
    if (!resolved) throw NOT_OPEN((await repo.findSuspenseItem(tx, ctx, item.id))!);
    const after = await view(tx, ctx, item.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'suspense.refunded',
      entity: 'suspense_item',
      entityId: item.id,
      before: item,
      after,
    });
    return after;
  });
