import {
  computeInvoiceTotals,
  formatMoney,
  type Invoice,
  type MarkInvoicePaidInput,
  type InvoiceInput,
  type InvoiceKind,
  type InvoiceQuery,
  type UpdateInvoiceInput,
  type VoidedInvoice,
} from '@lintel/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { nextNumber } from '../../db/sequences.ts';
import { conflict, notFound, staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole } from '../../lib/roles.ts';
import { scopeFor, sees, type RowParties } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { heldBalance, ledgerAccount, lockAccount, postJournal } from '../ledger/index.ts';
import { findOwner } from '../owners/index.ts';
import { findProperty } from '../properties/index.ts';
import { loadInvoice, toInvoice } from './dto.ts';
import { queueInvoiceEmail } from './invoice-mail.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;
type Input = z.output<typeof InvoiceInput>;

const INVOICE_NOT_FOUND = () => notFound('Invoice not found');
// PRODUCT.md roles table: admin reads, accountant edits, an owner reads what is addressed to them.
const READERS = ['admin', 'accountant', 'owner'] as const;
const EDITORS = ['accountant'] as const;

/** Who an invoice hangs off for the policy: the user of the owner it is addressed to, once issued. */
async function partiesOf(tx: Tx, ctx: Ctx, invoice: repo.InvoiceRow): Promise<RowParties> {
  if (invoice.clientType !== 'owner' || invoice.status === 'draft' || !invoice.clientId) return {};
  return { ownerUserId: (await findOwner(tx, ctx, invoice.clientId))?.userId };
}

async function loadVisible(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<repo.InvoiceView> {
  if (!isUuid(id)) throw INVOICE_NOT_FOUND();
  const view = await repo.findInvoice(tx, ctx, id, lock);
  if (!view) throw INVOICE_NOT_FOUND();
  const rows = scopeFor(ctx, 'invoice');
  if (rows.kind !== 'all' && !sees(rows, await partiesOf(tx, ctx, view.invoice))) throw INVOICE_NOT_FOUND();
  return view;
}

/** A new invoice as it now stands, audited as created. */
async function recordCreated(tx: Tx, ctx: Ctx, id: string, today: string): Promise<Invoice> {
  const after = await loadInvoice(tx, ctx, id, today);
  await recordAudit(tx, auditActor(ctx), {
    action: 'invoice.created',
    entity: 'invoice',
    entityId: id,
    after,
  });
  return after;
}

/** Makes `change` to a loaded invoice and audits it as `action` with the invoice before and after. */
async function changeInvoice(
  tx: Tx,
  ctx: Ctx,
  view: repo.InvoiceView,
  today: string,
  action: string,
  change: () => Promise<unknown>,
): Promise<Invoice> {
  const before = toInvoice(view, today);
  await change();
  const after = await loadInvoice(tx, ctx, view.invoice.id, today);
  await recordAudit(tx, auditActor(ctx), {
    action,
    entity: 'invoice',
    entityId: view.invoice.id,
    before,
    after,
  });
  return after;
}

/** The client as printed: an owner's or tenant's record supplies the name and email. */
async function resolveClient(tx: Tx, scope: Scope, input: Input) {
  const given = {
    clientType: input.clientType,
    clientAddress: input.clientAddress || null,
    clientEmail: input.clientEmail || null,
  };
  if (input.clientType === 'other') {
    return { ...given, clientId: null, clientName: input.clientName! };
  }
  const owner = input.clientType === 'owner' ? await findOwner(tx, scope, input.clientId!) : undefined;
  // findOwner also answers to the owner's user id; the invoice names the owner record itself.
  const record =
    input.clientType === 'owner'
      ? owner?.id === input.clientId
        ? owner
        : undefined
      : await repo.findTenantClient(tx, scope, input.clientId!);
  if (!record) {
    throw unprocessable('INVALID_CLIENT', `The chosen ${input.clientType} is not one of this company's.`);
  }
  return {
    ...given,
    clientId: input.clientId!,
    clientName: record.name,
    clientEmail: given.clientEmail ?? record.email ?? null,
  };
}

/**
 * The agency's VAT applies to its own fees; an invoice on an owner's behalf (a recharge) is the
 * owner's money and carries no VAT of the agency's.
 */
const vatRateOf = (settings: { vatRegistered: boolean; vatRateBp: number }, kind: InvoiceKind) =>
  kind === 'agency' && settings.vatRegistered ? settings.vatRateBp : 0;

/** A draft's figures use the company's VAT rate as it stands; issuing freezes them. */
function priced(lines: Input['lines'], vatRateBp: number) {
  const totals = computeInvoiceTotals(
    lines.map((line) => ({ quantityMilli: line.quantity, unitPrice: line.unitPrice })),
    vatRateBp,
  );
  return {
    lines: lines.map((line, index) => ({
      description: line.description,
      quantityMilli: line.quantity,
      unitPriceCents: line.unitPrice,
      amountCents: totals.lineAmounts[index]!,
    })),
    totals: { vatRateBp, subtotalCents: totals.subtotal, vatCents: totals.vat, totalCents: totals.total },
  };
}

async function draftValues(tx: Tx, scope: Scope, input: Input) {
  const settings = await loadFinanceSettings(tx, scope);
  assertCurrencyEnabled(settings, input.currency);
  const client = await resolveClient(tx, scope, input);
  let pricing;
  try {
    pricing = priced(input.lines, vatRateOf(settings, input.kind));
  } catch {
    throw unprocessable('TOTAL_TOO_LARGE', 'The invoice total is too large.');
  }
  return {
    values: {
      ...client,
      kind: input.kind,
      currency: input.currency,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      notes: input.notes || null,
      ...pricing.totals,
    },
    lines: pricing.lines,
  };
}

export const createInvoice = (ctx: Ctx, input: Input, today = todayIso()) =>
  transact(ctx, async (tx): Promise<Invoice> => {
    assertRole(ctx, EDITORS);
    const { values, lines } = await draftValues(tx, ctx, input);
    const id = await repo.insertInvoice(tx, ctx, { ...values, createdBy: ctx.userId }, lines);
    return recordCreated(tx, ctx, id, today);
  });

function assertDraft(invoice: repo.InvoiceRow) {
  if (invoice.status !== 'draft') {
    throw unprocessable(
      'INVOICE_NOT_DRAFT',
      'Only a draft can be changed. An issued invoice is final: void it and issue a new one.',
    );
  }
}

export const updateInvoice = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof UpdateInvoiceInput>,
  today = todayIso(),
) =>
  transact(ctx, async (tx): Promise<Invoice> => {
    assertRole(ctx, EDITORS);
    const view = await loadVisible(tx, ctx, id, true);
    assertDraft(view.invoice);
    const { __v, ...fields } = input;
    const { values, lines } = await draftValues(tx, ctx, fields);
    return changeInvoice(tx, ctx, view, today, 'invoice.updated', async () => {
      if (!(await repo.updateInvoice(tx, ctx, id, values, __v))) throw staleVersion('invoice');
      await repo.replaceLines(tx, ctx, id, lines);
    });
  });

export const issueInvoice = (ctx: Ctx, id: string, today = todayIso()) =>
  transact(ctx, async (tx): Promise<Invoice> => {
    assertRole(ctx, EDITORS);
    const view = await loadVisible(tx, ctx, id, true);
    assertDraft(view.invoice);
    const settings = await loadFinanceSettings(tx, ctx);
    const vatRateBp = vatRateOf(settings, view.invoice.kind);
    const totals = computeInvoiceTotals(
      view.lines.map((line) => ({ quantityMilli: line.quantityMilli, unitPrice: line.unitPriceCents })),
      vatRateBp,
    );
    const issued = await changeInvoice(tx, ctx, view, today, 'invoice.issued', async () => {
      // As late as possible: the counter row stays locked until commit.
      const sequence = await nextNumber(tx, ctx, 'invoice');
      await repo.updateInvoice(tx, ctx, id, {
        status: 'issued',
        number: `${settings.invoicePrefix}${String(sequence).padStart(6, '0')}`,
        vatRateBp,
        subtotalCents: totals.subtotal,
        vatCents: totals.vat,
        totalCents: totals.total,
      });
    });
    await queueInvoiceEmail(tx, ctx, issued);
    return issued;
  });

export const voidInvoice = (ctx: Ctx, id: string, reason: string, reissue: boolean, today = todayIso()) =>
  transact(ctx, async (tx): Promise<VoidedInvoice> => {
    assertRole(ctx, EDITORS);
    const view = await loadVisible(tx, ctx, id, true);
    if (view.invoice.status !== 'issued') {
      throw unprocessable('INVOICE_NOT_ISSUED', 'Only an issued, unpaid invoice can be voided.');
    }
    const voided = await changeInvoice(tx, ctx, view, today, 'invoice.voided', () =>
      repo.updateInvoice(tx, ctx, id, { status: 'void', voidedAt: new Date(), voidReason: reason }),
    );
    if (!reissue) return { voided, reissued: null };
    const { invoice, lines } = view;
    const copyId = await repo.insertInvoice(
      tx,
      ctx,
      {
        kind: invoice.kind,
        clientType: invoice.clientType,
        clientId: invoice.clientId,
        clientName: invoice.clientName,
        clientAddress: invoice.clientAddress,
        clientEmail: invoice.clientEmail,
        currency: invoice.currency,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        notes: invoice.notes,
        vatRateBp: invoice.vatRateBp,
        subtotalCents: invoice.subtotalCents,
        vatCents: invoice.vatCents,
        totalCents: invoice.totalCents,
        replacesId: invoice.id,
        createdBy: ctx.userId,
      },
      lines.map(({ description, quantityMilli, unitPriceCents, amountCents }) => ({
        description,
        quantityMilli,
        unitPriceCents,
        amountCents,
      })),
    );
    return { voided, reissued: await recordCreated(tx, ctx, copyId, today) };
  });

type PaidInput = z.output<typeof MarkInvoicePaidInput>;

/**
 * An agency invoice's business lines (issue 16): the fee is the agency's income and its VAT is
 * payable, never the owner's money. `from` is what the business book gets: the business bank when
 * paid straight into it, otherwise what trust now owes it (due from trust).
 */
const agencyBusinessLines = (invoice: repo.InvoiceRow, from: string) => [
  { account: from, currency: invoice.currency, amountCents: invoice.totalCents },
  { account: ledgerAccount.feeIncome, currency: invoice.currency, amountCents: -invoice.subtotalCents },
  { account: ledgerAccount.vatPayable, currency: invoice.currency, amountCents: -invoice.vatCents },
];

/** Trust moves the invoice's total out of an owner's property account into what is due to the agency. */
const ownerToAgencyLines = (invoice: repo.InvoiceRow, propertyId: string) => [
  {
    account: ledgerAccount.property(propertyId),
    currency: invoice.currency,
    amountCents: invoice.totalCents,
  },
  { account: ledgerAccount.dueToAgency, currency: invoice.currency, amountCents: -invoice.totalCents },
];

/** Never more than the property account holds: locked so two settlements queue. */
async function assertPropertyHolds(tx: Tx, scope: Scope, propertyId: string, invoice: repo.InvoiceRow) {
  const account = ledgerAccount.property(propertyId);
  await lockAccount(tx, scope, account, invoice.currency);
  const held = await heldBalance(tx, scope, account, invoice.currency);
  if (held < invoice.totalCents) {
    throw unprocessable(
      'INSUFFICIENT_BALANCE',
      `The property account holds ${formatMoney(held, invoice.currency)}: it cannot pay ${formatMoney(invoice.totalCents, invoice.currency)}.`,
    );
  }
}

/** The property an agency invoice is paid out of: this company's, and the owner client's own. */
async function payingProperty(tx: Tx, scope: Scope, invoice: repo.InvoiceRow, propertyId: string) {
  const property = isUuid(propertyId) ? await findProperty(tx, scope, propertyId) : undefined;
  if (!property) throw unprocessable('INVALID_PROPERTY', "The chosen property is not one of this company's.");
  if (invoice.clientType === 'owner' && property.ownerId !== invoice.clientId) {
    throw unprocessable(
      'INVALID_PROPERTY',
      `${property.name} is not ${invoice.clientName}'s: pay the invoice out of one of their properties.`,
    );
  }
  return property;
}

/** The trust receipt (an 'other' payment of this company, completed, unused, in the invoice's total). */
async function receiptFor(tx: Tx, scope: Scope, invoice: repo.InvoiceRow, paymentId: string) {
  const payment = await repo.findPaymentForInvoice(tx, scope, paymentId);
  if (!payment)
    throw unprocessable('INVALID_PAYMENT', 'The chosen payment is not a payment of this company.');
  if (payment.status !== 'completed') {
    throw unprocessable('PAYMENT_REVERSED', 'The chosen payment was reversed: choose another.');
  }
  if (payment.currency !== invoice.currency) {
    throw unprocessable(
      'CURRENCY_MISMATCH',
      `This invoice is in ${invoice.currency}: choose a payment in it.`,
    );
  }
  if (payment.type !== 'other') {
    throw unprocessable(
      'INVALID_PAYMENT',
      'Only an "other" payment can settle an invoice: rent and deposits are not invoice receipts.',
    );
  }
  if (payment.amountCents !== invoice.totalCents) {
    throw unprocessable(
      'AMOUNT_MISMATCH',
      `The payment is ${formatMoney(payment.amountCents, payment.currency)}; the invoice total is ${formatMoney(invoice.totalCents, invoice.currency)}.`,
    );
  }
  const settled = await repo.findInvoiceByPayment(tx, scope, paymentId);
  if (settled)
    throw conflict('PAYMENT_ALREADY_LINKED', `This payment already settles invoice ${settled.number}.`);
  return payment;
}

/**
 * Marks an issued invoice paid and posts what its payment means (issue 16):
 * - agency, out of an owner's property account: trust property +total, due to agency −total;
 *   business due from trust +total, fee income −subtotal, VAT payable −VAT.
 * - agency, into the business bank: business bank +total, fee income −subtotal, VAT payable −VAT.
 * - agency, by a trust receipt: the 'other' payment credited the owner; this takes it back to the
 *   agency (as out of the owner's account, from the payment's property).
 * - on behalf of an owner, by a trust receipt: the receipt already credited the owner, nothing
 *   more is posted; the invoice ties to the receipt's journal.
 */
export const markInvoicePaid = (ctx: Ctx, id: string, input: PaidInput, today = todayIso()) =>
  transact(ctx, async (tx): Promise<Invoice> => {
    assertRole(ctx, EDITORS);
    const view = await loadVisible(tx, ctx, id, true);
    const { invoice } = view;
    if (invoice.status !== 'issued') {
      throw unprocessable('INVOICE_NOT_ISSUED', 'Only an issued, unpaid invoice can be marked paid.');
    }
    const paidFrom = 'paymentId' in input ? 'payment' : input.paidFrom;
    if (invoice.kind === 'on_behalf' && paidFrom !== 'payment') {
      throw unprocessable(
        'ON_BEHALF_NEEDS_RECEIPT',
        "An invoice on an owner's behalf is the owner's money: mark it paid by the trust receipt that credited them.",
      );
    }
    const posting = {
      kind: 'invoice_payment',
      reference: invoice.number,
      postedBy: ctx.userId,
      description: `${invoice.number} paid by ${invoice.clientName}`,
    };
    let journalId: string;
    let paymentId: string | null = null;
    // The day the books date it (its journal's entry date), kept on the invoice for the reports.
    let paidOn: string;
    if ('paymentId' in input) {
      const payment = await receiptFor(tx, ctx, invoice, input.paymentId);
      paymentId = payment.id;
      // The fee was received with the receipt: income on the day it came in.
      paidOn = payment.paymentDate;
      if (invoice.kind === 'on_behalf') {
        journalId = payment.journalId;
      } else {
        await assertPropertyHolds(tx, ctx, payment.propertyId, invoice);
        journalId = await postJournal(tx, ctx, {
          ...posting,
          description: `${invoice.number} paid by receipt ${payment.receiptNumber}: agency fee, not the owner's`,
          entryDate: paidOn,
          lines: [
            ...ownerToAgencyLines(invoice, payment.propertyId),
            ...agencyBusinessLines(invoice, ledgerAccount.dueFromTrust),
          ],
        });
      }
    } else if (input.paidFrom === 'owner_account') {
      const property = await payingProperty(tx, ctx, invoice, input.propertyId);
      await assertPropertyHolds(tx, ctx, property.id, invoice);
      paidOn = input.date ?? today;
      journalId = await postJournal(tx, ctx, {
        ...posting,
        description: `${invoice.number} paid from ${property.name}'s account`,
        entryDate: paidOn,
        lines: [
          ...ownerToAgencyLines(invoice, property.id),
          ...agencyBusinessLines(invoice, ledgerAccount.dueFromTrust),
        ],
      });
    } else {
      paidOn = input.date ?? today;
      journalId = await postJournal(tx, ctx, {
        ...posting,
        description: `${invoice.number} paid into the business bank by ${input.method.replace('_', ' ')}`,
        reference: input.reference || invoice.number,
        entryDate: paidOn,
        lines: agencyBusinessLines(invoice, ledgerAccount.businessBank),
      });
    }
    return changeInvoice(tx, ctx, view, today, 'invoice.paid', () =>
      repo.updateInvoice(tx, ctx, id, {
        status: 'paid',
        paymentId,
        paidFrom,
        journalId,
        paidAt: new Date(),
        paidOn,
      }),
    );
  });

export const listInvoices = (ctx: Ctx, query: InvoiceQuery, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const rows = scopeFor(ctx, 'invoice');
    // An owner's list is what is addressed to them, whichever client they filter by.
    const byClient = rows.kind === 'all';
    const { sort, descending } = query.sort
      ? parseSort(query.sort, repo.sortColumns, 'createdAt')
      : { sort: 'createdAt' as const, descending: true };
    const page = await repo.listInvoices(
      tx,
      ctx,
      {
        q: query.q,
        status: query.status,
        overdueOn: query.overdue ? today : undefined,
        clientType: byClient ? query.clientType : undefined,
        clientId: byClient ? query.clientId : undefined,
        rows,
      },
      { page: query.page, pageSize: query.pageSize, sort, descending },
    );
    return { ...page, items: page.items.map((view) => toInvoice(view, today)) };
  });

export const getInvoice = (ctx: Ctx, id: string, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    return toInvoice(await loadVisible(tx, ctx, id), today);
  });
