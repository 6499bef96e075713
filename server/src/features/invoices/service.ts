import {
  computeInvoiceTotals,
  formatMoney,
  type FinanceSettings,
  type Invoice,
  type InvoiceKind,
  type InvoicePaidFrom,
  type InvoiceInput,
  type InvoiceQuery,
  type MarkInvoicePaidInput,
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
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { todayIso } from '../leases/index.ts';
import { heldBalance, ledgerAccount, lockAccount, postJournal } from '../ledger/index.ts';
import { findOwner, findOwnerOfUser } from '../owners/index.ts';
import { findProperty } from '../properties/index.ts';
import { toInvoice } from './dto.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;
type Input = z.output<typeof InvoiceInput>;

const INVOICE_NOT_FOUND = () => notFound('Invoice not found');
// PRODUCT.md roles table: admin reads, accountant edits, an owner reads what is addressed to them.
const READERS = ['admin', 'accountant', 'owner'] as const;
const EDITORS = ['accountant'] as const;

/**
 * An owner sees issued invoices addressed to their owner record (undefined: they have none);
 * null for staff readers, who see all.
 */
async function ownerClientId(tx: Tx, ctx: Ctx): Promise<string | null | undefined> {
  if (ctx.role !== 'owner') return null;
  return (await findOwnerOfUser(tx, ctx, ctx.userId))?.id;
}

async function loadVisible(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<repo.InvoiceView> {
  if (!isUuid(id)) throw INVOICE_NOT_FOUND();
  const view = await repo.findInvoice(tx, ctx, id, lock);
  if (!view) throw INVOICE_NOT_FOUND();
  const ownerId = await ownerClientId(tx, ctx);
  if (
    ownerId !== null &&
    (view.invoice.clientType !== 'owner' ||
      view.invoice.clientId !== ownerId ||
      view.invoice.status === 'draft')
  ) {
    throw INVOICE_NOT_FOUND();
  }
  return view;
}

const reload = async (tx: Tx, scope: Scope, id: string, today: string) =>
  toInvoice((await repo.findInvoice(tx, scope, id))!, today);

/** A new invoice as it now stands, audited as created. */
async function recordCreated(tx: Tx, ctx: Ctx, id: string, today: string): Promise<Invoice> {
  const after = await reload(tx, ctx, id, today);
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
  const after = await reload(tx, ctx, view.invoice.id, today);
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

/** The agency charges its VAT on its own invoices only; a recharge for an owner carries none. */
const agencyVatRate = (settings: FinanceSettings, kind: InvoiceKind) =>
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
    pricing = priced(input.lines, agencyVatRate(settings, input.kind));
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
    const vatRateBp = agencyVatRate(settings, view.invoice.kind);
    const totals = computeInvoiceTotals(
      view.lines.map((line) => ({ quantityMilli: line.quantityMilli, unitPrice: line.unitPriceCents })),
      vatRateBp,
    );
    return changeInvoice(tx, ctx, view, today, 'invoice.issued', async () => {
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

const INVOICE_PAYMENT = 'invoice_payment';

/**
 * An agency fee paid out of a property's (owner's) account: trust moves it from the owner's
 * ledger to what is due to the agency; the business book earns the fee and owes its VAT. Never
 * more than the account holds.
 */
async function payFeeFromProperty(
  tx: Tx,
  ctx: Ctx,
  invoice: repo.InvoiceRow,
  paid: { propertyId: string; propertyName: string; date: string; how: string },
): Promise<string> {
  const account = ledgerAccount.property(paid.propertyId);
  await lockAccount(tx, ctx, account, invoice.currency);
  const held = await heldBalance(tx, ctx, account, invoice.currency);
  if (held < invoice.totalCents) {
    throw unprocessable(
      'INSUFFICIENT_BALANCE',
      `${paid.propertyName}'s account holds ${formatMoney(held, invoice.currency)}: it cannot pay ${formatMoney(invoice.totalCents, invoice.currency)}.`,
    );
  }
  return postJournal(tx, ctx, {
    kind: INVOICE_PAYMENT,
    description: `${invoice.number} ${invoice.clientName}: agency fee ${paid.how} ${paid.propertyName}`,
    reference: invoice.number,
    entryDate: paid.date,
    postedBy: ctx.userId,
    lines: [
      { account, currency: invoice.currency, amountCents: invoice.totalCents },
      { account: ledgerAccount.dueToAgency, currency: invoice.currency, amountCents: -invoice.totalCents },
      ...feeEarned(invoice, ledgerAccount.dueFromTrust),
    ],
  });
}

/** The business book's side of an agency fee received into `account`: fee income and VAT payable. */
const feeEarned = (invoice: repo.InvoiceRow, account: string) => [
  { account, currency: invoice.currency, amountCents: invoice.totalCents },
  { account: ledgerAccount.feeIncome, currency: invoice.currency, amountCents: -invoice.subtotalCents },
  { account: ledgerAccount.vatPayable, currency: invoice.currency, amountCents: -invoice.vatCents },
];

function assertPaidDate(date: string, today: string) {
  if (date > today) throw unprocessable('FUTURE_DATE', 'An invoice cannot be paid on a future date.');
}

/** A trust receipt that settles the invoice: this company's, completed, in its currency, unused. */
async function settlingPayment(tx: Tx, ctx: Ctx, invoice: repo.InvoiceRow, paymentId: string) {
  const payment = await repo.findPaymentForInvoice(tx, ctx, paymentId);
  if (!payment)
    throw unprocessable('INVALID_PAYMENT', 'The chosen payment is not a payment of this company.');
  if (payment.status !== 'completed') {
    throw unprocessable('PAYMENT_REVERSED', 'The chosen payment was reversed: choose another.');
  }
  if (payment.type !== 'other') {
    throw unprocessable(
      'NOT_AN_INVOICE_PAYMENT',
      `The chosen payment is ${payment.type === 'rent' ? 'rent' : 'a deposit'}: choose the payment received for this invoice (type other).`,
    );
  }
  if (payment.currency !== invoice.currency) {
    throw unprocessable(
      'CURRENCY_MISMATCH',
      `This invoice is in ${invoice.currency}: choose a payment in it.`,
    );
  }
  const settled = await repo.findInvoiceByPayment(tx, ctx, paymentId);
  if (settled)
    throw conflict('PAYMENT_ALREADY_LINKED', `This payment already settles invoice ${settled.number}.`);
  return payment;
}

/** Marks an issued invoice paid and posts what its payment means to the books (see the input). */
export const markInvoicePaid = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof MarkInvoicePaidInput>,
  today = todayIso(),
) =>
  transact(ctx, async (tx): Promise<Invoice> => {
    assertRole(ctx, EDITORS);
    const view = await loadVisible(tx, ctx, id, true);
    const { invoice } = view;
    if (invoice.status !== 'issued') {
      throw unprocessable('INVOICE_NOT_ISSUED', 'Only an issued, unpaid invoice can be marked paid.');
    }
    let paid: { paidFrom: InvoicePaidFrom; paymentId: string | null; journalId: string };
    if ('paymentId' in input) {
      const payment = await settlingPayment(tx, ctx, invoice, input.paymentId);
      if (invoice.kind === 'on_behalf') {
        // The receipt credited the owner; that is all an owner's invoice means to the books.
        paid = { paidFrom: 'payment', paymentId: payment.id, journalId: payment.journalId };
      } else {
        if (payment.amountCents !== invoice.totalCents) {
          throw unprocessable(
            'AMOUNT_MISMATCH',
            `The payment is ${formatMoney(payment.amountCents, payment.currency)}; the invoice is ${formatMoney(invoice.totalCents, invoice.currency)}.`,
          );
        }
        const property = await findProperty(tx, ctx, payment.propertyId);
        const journalId = await payFeeFromProperty(tx, ctx, invoice, {
          propertyId: payment.propertyId,
          propertyName: property?.name ?? 'the property',
          date: payment.paymentDate > today ? today : payment.paymentDate,
          how: 'received into trust for',
        });
        paid = { paidFrom: 'payment', paymentId: payment.id, journalId };
      }
    } else {
      if (invoice.kind === 'on_behalf') {
        throw unprocessable(
          'RECEIPT_REQUIRED',
          "An invoice issued on an owner's behalf is paid by a receipt into trust, which credits the owner: choose its payment.",
        );
      }
      const date = input.date ?? today;
      assertPaidDate(date, today);
      if (input.paidFrom === 'owner_account') {
        const property = await findProperty(tx, ctx, input.propertyId);
        if (!property) {
          throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
        }
        if (invoice.clientType === 'owner' && property.ownerId !== invoice.clientId) {
          throw unprocessable('PROPERTY_NOT_CLIENTS', "The chosen property is not the invoiced owner's.");
        }
        const journalId = await payFeeFromProperty(tx, ctx, invoice, {
          propertyId: property.id,
          propertyName: property.name,
          date,
          how: 'paid from the account of',
        });
        paid = { paidFrom: 'owner_account', paymentId: null, journalId };
      } else {
        const journalId = await postJournal(tx, ctx, {
          kind: INVOICE_PAYMENT,
          description: `${invoice.number} ${invoice.clientName}: agency fee received into the business bank`,
          reference: input.reference || invoice.number,
          entryDate: date,
          postedBy: ctx.userId,
          lines: feeEarned(invoice, ledgerAccount.businessBank),
        });
        paid = { paidFrom: 'business_bank', paymentId: null, journalId };
      }
    }
    return changeInvoice(tx, ctx, view, today, 'invoice.paid', () =>
      repo.updateInvoice(tx, ctx, id, { status: 'paid', ...paid, paidAt: new Date() }),
    );
  });

export const listInvoices = (ctx: Ctx, query: InvoiceQuery, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const ownerId = await ownerClientId(tx, ctx);
    if (ownerId === undefined) return { items: [], total: 0, totalIsLowerBound: false };
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
        clientType: ownerId === null ? query.clientType : 'owner',
        clientId: ownerId ?? query.clientId,
        excludeDrafts: ownerId !== null,
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
