import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoice, type InvoiceInput } from '@lintel/contracts';
import { journals, ledgerLines, payments } from '../../db/schema/index.ts';
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

/**
 * Issue 16: an agency invoice is the agency's income and VAT, never the owner's money; one on an
 * owner's behalf is the owner's. The issue's example: INV-000001, $230.00 + $34.50 VAT = $264.50.
 */
describe('invoice payments post to the right book', () => {
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

  const issuedInvoice = async (overrides: Partial<InvoiceInput>) => {
    const draft = Invoice.parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/invoices', {
          clientType: 'other',
          clientName: 'Somebody',
          currency: 'USD',
          issueDate: '2026-11-01',
          dueDate: '2026-11-30',
          lines: [{ description: 'Letting fee', quantity: 1, unitPrice: 23000 }],
          ...overrides,
        }),
        201,
      ).data,
    );
    return Invoice.parse(
      expectStatus(await call(co.accountant, 'POST', `/api/invoices/${draft._id}/issue`), 200).data,
    );
  };
  const markPaid = (id: string, body: unknown) =>
    call(co.accountant, 'POST', `/api/invoices/${id}/mark-paid`, body as never);

  /** The event's lines (both books' journals) as "book account" → amount. */
  async function eventLines(journalId: string) {
    const group = await t.database.db
      .select({ id: journals.id, kind: journals.kind })
      .from(journals)
      .where(or(eq(journals.id, journalId), eq(journals.linkedId, journalId)));
    expect(group.every((journal) => journal.kind === 'invoice_payment')).toBe(true);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(
        inArray(
          ledgerLines.journalId,
          group.map((journal) => journal.id),
        ),
      );
    return Object.fromEntries(lines.map((line) => [`${line.book} ${line.account}`, line.amountCents]));
  }

  const journalOf = async (paymentId: string) =>
    (
      await t.database.db
        .select({ journalId: payments.journalId })
        .from(payments)
        .where(eq(payments.id, paymentId))
    )[0]!.journalId;

  async function expectBooksBalance() {
    const trial = await readTrialBalance(t, co);
    expect(trial.books.map((book) => [book.book, book.total])).toEqual([
      ['trust', 0],
      ['business', 0],
    ]);
  }

  it('an agency invoice paid from the owner’s property account: owner down, fee income and VAT up', async () => {
    const { property, lease, ownerId } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(lease, 100000)); // owner holds 88,500
    const invoice = await issuedInvoice({ clientType: 'owner', clientId: ownerId });
    expect(invoice).toMatchObject({ kind: 'agency', subtotal: 23000, vat: 3450, total: 26450 });
    const paid = Invoice.parse(
      expectStatus(
        await markPaid(invoice._id, {
          paidFrom: 'owner_account',
          propertyId: property._id,
          date: '2026-11-21',
        }),
        200,
      ).data,
    );
    expect(paid).toMatchObject({ status: 'paid', paidFrom: 'owner_account', paymentId: null });
    expect(await eventLines(paid.journalId!)).toEqual({
      [`trust property:${property._id}`]: 26450,
      'trust trust:due-to-agency': -26450,
      'business business:due-from-trust': 26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(88500 - 26450);
    await expectBooksBalance();
    // Paid once: a second mark-paid is refused.
    expect(
      expectStatus(await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: property._id }), 422)
        .code,
    ).toBe('INVOICE_NOT_ISSUED');
  });

  it('refuses more than the property account holds, and another owner’s property', async () => {
    const { property, lease, ownerId } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(lease, 20000)); // owner holds 17,700
    const invoice = await issuedInvoice({ clientType: 'owner', clientId: ownerId });
    const short = await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: property._id });
    expect(expectStatus(short, 422).code).toBe('INSUFFICIENT_BALANCE');
    const { property: elsewhere, lease: otherLease } = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(otherLease, 100000));
    const notTheirs = await markPaid(invoice._id, { paidFrom: 'owner_account', propertyId: elsewhere._id });
    expect(expectStatus(notTheirs, 422).code).toBe('INVALID_PROPERTY');
    const still = Invoice.parse(
      expectStatus(await call(co.accountant, 'GET', `/api/invoices/${invoice._id}`), 200).data,
    );
    expect(still).toMatchObject({ status: 'issued', journalId: null, paidFrom: null });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(17700);
  });

  it('an agency invoice paid into the business bank touches no trust account', async () => {
    const invoice = await issuedInvoice({});
    const paid = Invoice.parse(
      expectStatus(
        await markPaid(invoice._id, {
          paidFrom: 'business_bank',
          method: 'bank_transfer',
          reference: 'EFT 9',
        }),
        200,
      ).data,
    );
    expect(paid).toMatchObject({ paidFrom: 'business_bank', paymentId: null });
    expect(await eventLines(paid.journalId!)).toEqual({
      'business business:bank': 26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    await expectBooksBalance();
  });

  it('an agency invoice paid by a trust receipt takes the receipt’s credit back from the owner', async () => {
    const { property, lease } = await createLetProperty(t, co);
    const before = (await readPropertyAccount(t, co.accountant, property._id)).balance;
    const invoice = await issuedInvoice({ clientType: 'tenant', clientId: lease.tenantId });
    const short = await recordPayment(t, co.accountant, rentBody(lease, 26000, { type: 'other' }));
    expect(expectStatus(await markPaid(invoice._id, { paymentId: short._id }), 422).code).toBe(
      'AMOUNT_MISMATCH',
    );
    const receipt = await recordPayment(t, co.accountant, rentBody(lease, 26450, { type: 'other' }));
    const paid = Invoice.parse(
      expectStatus(await markPaid(invoice._id, { paymentId: receipt._id }), 200).data,
    );
    expect(paid).toMatchObject({ paidFrom: 'payment', paymentId: receipt._id });
    expect(paid.journalId).not.toBe(await journalOf(receipt._id));
    expect(await eventLines(paid.journalId!)).toEqual({
      [`trust property:${property._id}`]: 26450,
      'trust trust:due-to-agency': -26450,
      'business business:due-from-trust': 26450,
      'business business:fee-income': -23000,
      'business business:vat-payable': -3450,
    });
    // The receipt's 26,450 and the short 26,000 'other' payment were credited; the invoice took
    // its 26,450 back: never the owner's money.
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(before + 26000);
    await expectBooksBalance();
    // Reversing the receipt would take the owner's money for the agency's fee: refused while paid.
    const reversal = await call(co.accountant, 'POST', `/api/payments/${receipt._id}/reverse`, {
      reason: 'Bounced',
    });
    expect(expectStatus(reversal, 409).code).toBe('PAYMENT_SETTLES_INVOICE');
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(before + 26000);
  });

  it('an on-behalf invoice has no VAT of the agency’s and ties to the receipt that credited the owner', async () => {
    const { property, lease } = await createLetProperty(t, co);
    const invoice = await issuedInvoice({
      kind: 'on_behalf',
      clientType: 'tenant',
      clientId: lease.tenantId,
      lines: [{ description: 'Water recharge', quantity: 1, unitPrice: 4500 }],
    });
    expect(invoice).toMatchObject({ kind: 'on_behalf', vatRateBp: 0, vat: 0, total: 4500 });
    for (const body of [
      { paidFrom: 'owner_account', propertyId: property._id },
      { paidFrom: 'business_bank', method: 'cash' },
    ]) {
      expect(expectStatus(await markPaid(invoice._id, body), 422).code).toBe('ON_BEHALF_NEEDS_RECEIPT');
    }
    const receipt = await recordPayment(t, co.accountant, rentBody(lease, 4500, { type: 'other' }));
    const linesBefore = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.companyId, co.companyId));
    const paid = Invoice.parse(
      expectStatus(await markPaid(invoice._id, { paymentId: receipt._id }), 200).data,
    );
    expect(paid).toMatchObject({
      paidFrom: 'payment',
      paymentId: receipt._id,
      journalId: await journalOf(receipt._id),
    });
    const linesAfter = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.companyId, co.companyId));
    expect(linesAfter).toHaveLength(linesBefore.length);
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(4500);
    await expectBooksBalance();
  });
});
