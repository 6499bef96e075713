import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoice, type InvoiceInput } from '@lintel/contracts';
import { journals, ledgerLines } from '../../db/schema/index.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  readPropertyAccount,
  readTrialBalance,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';

/*
 * Issue 16, problem 3: an agency invoice is the agency's income and VAT, never the owner's money;
 * one issued on an owner's behalf credits the owner. Marking paid posts the journal it ties to.
 */
describe('invoices post to the right book', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let co: Company;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
  });
  afterAll(() => t.close());

  /** Placement fee 230.00 + VAT 34.50 = 264.50 (the issue's INV-000001). */
  async function issuedInvoice(overrides: Partial<InvoiceInput> = {}) {
    const draft = Invoice.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/invoices', {
          clientType: 'other',
          clientName: 'Tenant Placement Client',
          currency: 'USD',
          issueDate: '2026-11-01',
          dueDate: '2026-11-30',
          lines: [{ description: 'Tenant placement fee', quantity: 1, unitPrice: 23000 }],
          ...overrides,
        }),
        201,
      ).data,
    );
    return Invoice.parse(
      expectStatus(await call(co.accountant, 'POST', `/api/invoices/${draft._id}/issue`), 200).data,
    );
  }
  const markPaid = (id: string, body: Record<string, unknown>) =>
    call(co.accountant, 'POST', `/api/invoices/${id}/mark-paid`, body);
  /** The lines of an event (its journal and the other book's linked to it), `book account` → amount. */
  async function eventLines(journalId: string) {
    const ids = (
      await t.database.db
        .select({ id: journals.id })
        .from(journals)
        .where(and(eq(journals.companyId, co.companyId), inArray(journals.id, [journalId])))
    ).map((row) => row.id);
    const linked = await t.database.db
      .select({ id: journals.id })
      .from(journals)
      .where(eq(journals.linkedId, journalId));
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(inArray(ledgerLines.journalId, [...ids, ...linked.map((row) => row.id)]));
    return Object.fromEntries(lines.map((line) => [`${line.book} ${line.account}`, line.amountCents]));
  }
  const booksBalance = async () => {
    const balance = await readTrialBalance(t, co);
    expect(balance.books.map((book) => book.total)).toEqual([0, 0]);
    expect(balance.trustBank).toBe(balance.heldForOthers);
  };

  it("paid from the owner's account: the owner pays the fee, trust owes it to the agency, the business earns it", async () => {
    const { property, lease } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(lease, 100000));
    const before = (await readPropertyAccount(t, co.accountant, property._id)).balance;
    const invoice = await issuedInvoice({ clientType: 'owner', clientId: property.ownerId! });
    expect(invoice).toMatchObject({ kind: 'agency', subtotal: 23000, vat: 3450, total: 26450 });
    const paid = Invoice.parse(
      expectStatus(await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: property._id }), 200)
        .data,
    );
    expect(paid).toMatchObject({ status: 'paid', paidFrom: 'owner_account', paymentId: null });
    expect(await eventLines(paid.journalId!)).toEqual({
      [`trust property:${property._id}`]: 26450,
      'trust trust:due-to-agency': -26450,
      'business business:due-from-trust': 26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(before - 26450);
    await booksBalance();
  });

  it("refuses more than the owner's account holds, and a property of another owner", async () => {
    const { property } = await createLetProperty(t, co);
    const invoice = await issuedInvoice({ clientType: 'owner', clientId: property.ownerId! });
    const short = await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: property._id });
    expect(expectStatus(short, 422).code).toBe('INSUFFICIENT_BALANCE');
    // Another owner's property, however much it holds.
    const { property: elsewhere, lease } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(lease, 100000));
    const wrong = await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: elsewhere._id });
    expect(expectStatus(wrong, 422).code).toBe('PROPERTY_NOT_CLIENTS');
    const reread = Invoice.parse(
      expectStatus(await call(co.accountant, 'GET', `/api/invoices/${invoice._id}`), 200).data,
    );
    expect(reread).toMatchObject({ status: 'issued', journalId: null });
  });

  it('received into the business bank: business only, trust untouched', async () => {
    const invoice = await issuedInvoice();
    const paid = Invoice.parse(
      expectStatus(
        await markPaid(invoice._id, {
          paidFrom: 'business_bank',
          method: 'bank_transfer',
          reference: 'EFT 991',
        }),
        200,
      ).data,
    );
    expect(await eventLines(paid.journalId!)).toEqual({
      'business business:bank': 26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    await booksBalance();
  });

  it("problem 3: an agency invoice paid by a receipt into trust ends up the agency's, not the owner's", async () => {
    const { property, lease } = await createLetProperty(t, co);
    const before = (await readPropertyAccount(t, co.accountant, property._id)).balance;
    const invoice = await issuedInvoice({ clientType: 'tenant', clientId: lease.tenantId });
    const receipt = await recordPayment(t, co.accountant, rentBody(lease, 26450, { type: 'other' }));
    const paid = Invoice.parse(
      expectStatus(await markPaid(invoice._id, { paymentId: receipt._id }), 200).data,
    );
    expect(paid).toMatchObject({ paidFrom: 'payment', paymentId: receipt._id });
    expect(await eventLines(paid.journalId!)).toMatchObject({
      [`trust property:${property._id}`]: 26450,
      'trust trust:due-to-agency': -26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    // The receipt credited the property; the fee took it back: the owner got nothing of it.
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(before);
    await booksBalance();
  });

  it('a receipt must be the money for the invoice: type other, the same amount', async () => {
    const { lease } = await createLetProperty(t, co);
    const invoice = await issuedInvoice();
    const rent = await recordPayment(t, co.accountant, rentBody(lease, 26450));
    expect(expectStatus(await markPaid(invoice._id, { paymentId: rent._id }), 422).code).toBe(
      'NOT_AN_INVOICE_PAYMENT',
    );
    const part = await recordPayment(t, co.accountant, rentBody(lease, 20000, { type: 'other' }));
    expect(expectStatus(await markPaid(invoice._id, { paymentId: part._id }), 422).code).toBe(
      'AMOUNT_MISMATCH',
    );
  });

  it("an invoice on the owner's behalf carries no agency VAT, credits the owner by its receipt, and ties to it", async () => {
    const { property, lease } = await createLetProperty(t, co);
    const before = (await readPropertyAccount(t, co.accountant, property._id)).balance;
    const invoice = await issuedInvoice({
      kind: 'on_behalf',
      clientType: 'tenant',
      clientId: lease.tenantId,
    });
    expect(invoice).toMatchObject({ kind: 'on_behalf', vat: 0, total: 23000 });
    const direct = await markPaid(invoice._id, { paidFrom: 'business_bank', method: 'cash' });
    expect(expectStatus(direct, 422).code).toBe('RECEIPT_REQUIRED');
    const receipt = await recordPayment(t, co.accountant, rentBody(lease, 23000, { type: 'other' }));
    const paid = Invoice.parse(
      expectStatus(await markPaid(invoice._id, { paymentId: receipt._id }), 200).data,
    );
    expect(await eventLines(paid.journalId!)).toEqual({
      'trust trust:bank': 23000,
      [`trust property:${property._id}`]: -23000,
    });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(before + 23000);
    await booksBalance();
  });
});
