import type { z } from 'zod';
import {
  formatMoney,
  type VatLine,
  type VatPayment,
  type VatPaymentInput,
  type VatReport,
  type VatReportQuery,
} from '@lintel/contracts';
import { transact, type Ctx } from '../../db/scope.ts';
import { AppError, badRequest, unprocessable } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { heldBalance, ledgerAccount, payOutOf } from '../ledger/index.ts';
import * as repo from './repo.ts';

const ACCOUNTANT = ['accountant'] as const;
const BOOKKEEPERS = ['admin', 'accountant'] as const;

export const VAT_PAYMENT = 'vat_payment';
const isPayment = (kind: string) => kind === VAT_PAYMENT || kind === `${VAT_PAYMENT}_reversal`;

/** Where a journal's VAT came from: rent receipts, invoices (any `invoice_*` kind), anything else. */
const sourceOf = (kind: string): VatLine['source'] =>
  kind.startsWith('payment_') ? 'receipt' : kind.startsWith('invoice') ? 'invoice' : 'other';

/**
 * Output VAT in a period read from the business book's VAT payable, whatever posted it: each
 * journal's VAT (a reversal takes it back), what was paid to the tax authority, and the VAT owed
 * before and after. Opening + output − paid = closing.
 */
export const vatReport = (ctx: Ctx, query: VatReportQuery): Promise<VatReport> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    if (query.from > query.to) throw badRequest('INVALID_PERIOD', 'The period must start before it ends.');
    const openingOwed = await repo.owedBefore(tx, ctx, query.currency, query.from);
    const journals = await repo.vatJournals(tx, ctx, query);
    const lines = journals
      .filter((row) => !isPayment(row.kind))
      .map((row): VatLine => ({
        journalId: row.journal_id,
        date: row.day,
        kind: row.kind,
        source: sourceOf(row.kind),
        reference: row.reference,
        description: row.description,
        amount: -row.amount,
      }));
    const payments = journals
      .filter((row) => isPayment(row.kind))
      .map((row) => ({
        journalId: row.journal_id,
        date: row.day,
        reference: row.reference,
        description: row.description,
        amount: row.amount,
      }));
    const sum = (list: { amount: number }[]) => list.reduce((total, row) => total + row.amount, 0);
    const outputVat = sum(lines);
    const paid = sum(payments);
    return {
      ...query,
      openingOwed,
      outputVat,
      bySource: {
        receipt: sum(lines.filter((line) => line.source === 'receipt')),
        invoice: sum(lines.filter((line) => line.source === 'invoice')),
        other: sum(lines.filter((line) => line.source === 'other')),
      },
      paid,
      closingOwed: openingOwed + outputVat - paid,
      lines,
      payments,
    };
  });

/** VAT paid to the tax authority: business bank out, VAT payable down; never more than is owed. */
export const recordVatPayment = (ctx: Ctx, input: z.output<typeof VatPaymentInput>, today = todayIso()) =>
  transact(ctx, async (tx): Promise<VatPayment> => {
    assertRole(ctx, ACCOUNTANT);
    assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
    const date = input.date ?? today;
    if (date > today) throw unprocessable('FUTURE_DATE', 'A VAT payment cannot be dated later than today.');
    const period = input.period ?? null;
    let journalId: string;
    try {
      journalId = await payOutOf(tx, ctx, {
        account: ledgerAccount.vatPayable,
        amount: input.amount,
        currency: input.currency,
        kind: VAT_PAYMENT,
        description: `VAT paid to the tax authority${period ? ` for ${period}` : ''}`,
        reference: input.reference ?? null,
        entryDate: date,
        postedBy: ctx.userId,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
        const owed = await heldBalance(tx, ctx, ledgerAccount.vatPayable, input.currency);
        throw unprocessable(
          'MORE_THAN_OWED',
          `Only ${formatMoney(owed, input.currency)} of VAT is owed: record no more than that.`,
        );
      }
      throw error;
    }
    const payment: VatPayment = {
      journalId,
      amount: input.amount,
      currency: input.currency,
      date,
      reference: input.reference ?? null,
      period,
      owedAfter: await heldBalance(tx, ctx, ledgerAccount.vatPayable, input.currency),
    };
    await recordAudit(tx, auditActor(ctx), {
      action: 'vat_payment.created',
      entity: 'journal',
      entityId: journalId,
      after: payment,
    });
    return payment;
  });
