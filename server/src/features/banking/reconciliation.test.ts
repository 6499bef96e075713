import { parse } from 'csv-parse/sync';
import { and, count, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseMajorUnits,
  PERIOD_CLOSED,
  Payout,
  Reconciliation,
  ReconciliationRecord,
} from '@lintel/contracts';
import {
  bankLines,
  bankMatchEntries,
  bankMatches,
  ledgerLines,
  payments,
  periodLocks,
} from '../../db/schema/index.ts';
import { transact } from '../../db/scope.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import { insertBankAccount, insertStatementLines } from '../../test/bank-fixtures.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { postJournal } from '../ledger/index.ts';

const D = '2026-10-31';
const CLOSED_MESSAGE =
  'The books are closed up to 31 Oct 2026 (reconciliation signed off): post this on or after 1 Nov 2026.';

/** "-12.50" → -1250 (the pack's CSVs write decimal major units). */
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const parsed = parseMajorUnits(negative ? text.slice(1) : text);
  if ('error' in parsed) throw new Error(`not an amount: ${text}`);
  return negative ? -parsed.cents : parsed.cents;
};

describe('three-way reconciliation, sign-off, closed periods, reopen, month-end pack', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  const newCompany = async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    return co;
  };

  /** The bank ledger entry (trust:bank line) of a journal. */
  const bankEntryOf = async (journalId: string, account = 'trust:bank') => {
    const [row] = await t.database.db
      .select({ seq: ledgerLines.seq })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.journalId, journalId), eq(ledgerLines.account, account)));
    return row!.seq;
  };
  const paymentEntry = async (paymentId: string) => {
    const [row] = await t.database.db
      .select({ journalId: payments.journalId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return bankEntryOf(row!.journalId);
  };

  /**
   * Matches statement lines to ledger entries the way the matching service stores it (a match,
   * its entries, the lines pointing at it); a line already matched is moved to the new match.
   */
  const match = async (co: Company, bankAccountId: string, lineIds: string[], seqs: number[]) =>
    transact({ db: t.database.db, companyId: co.companyId }, async (tx) => {
      const [made] = await tx
        .insert(bankMatches)
        .values({ companyId: co.companyId, bankAccountId, rule: 'manual' })
        .returning({ id: bankMatches.id });
      await tx
        .insert(bankMatchEntries)
        .values(seqs.map((ledgerSeq) => ({ companyId: co.companyId, matchId: made!.id, ledgerSeq })));
      for (const lineId of lineIds)
        await tx.update(bankLines).set({ matchId: made!.id }).where(eq(bankLines.id, lineId));
      return made!.id;
    });

  const reconciliationOf = async (co: Company, bankAccountId: string, date = D) =>
    Reconciliation.parse(
      expectStatus(
        await call(
          co.accountant,
          'GET',
          `/api/banking/accounts/${bankAccountId}/reconciliation?date=${date}`,
        ),
        200,
      ).data,
    );
  const signOff = (co: Company, bankAccountId: string, date = D, user = co.accountant) =>
    call(user, 'POST', `/api/banking/accounts/${bankAccountId}/reconciliations`, { date });
  const paymentCount = async (co: Company) =>
    (
      await t.database.db.select({ n: count() }).from(payments).where(eq(payments.companyId, co.companyId))
    )[0]!.n;
  const lockOf = async (co: Company) =>
    (
      await t.database.db
        .select({ closedThrough: periodLocks.closedThrough })
        .from(periodLocks)
        .where(and(eq(periodLocks.companyId, co.companyId), eq(periodLocks.book, 'trust')))
    )[0]?.closedThrough ?? null;
  const tryPayment = (co: Company, lease: { _id: string; currency: string }, date: string, amount = 1000) =>
    call(co.accountant, 'POST', '/api/payments', rentBody(lease, amount, { paymentDate: date }), {
      'idempotency-key': crypto.randomUUID(),
    });

  /**
   * October 2026 on a trust account, every kind of reconciling item in it:
   * ledger: receipts P1 1,000.00 (3 Oct), P2 500.00 (10 Oct), payout 100.00 (15 Oct), payout
   * 400.00 (29 Oct, not presented), P3 300.00 (30 Oct, on the bank 2 Nov), P4 150.00 (31 Oct,
   * never on the bank), P7 200.00 (1 Nov: recorded late for a credit the bank shows on 28 Oct);
   * bank: 4 Oct +1,000 (P1), 11 Oct +500 (P2), 16 Oct −100 (payout), 20 Oct −15 bank charge (no
   * entry), 25 Oct +250 unidentified (no entry), 28 Oct +200 (P7, dated after D), 2 Nov +300 (P3).
   */
  async function constructedMonth() {
    const co = await newCompany();
    const ownerId = await createOwnerOfUser(t, co);
    const { property, lease } = await createLetProperty(t, co, {
      rent: 100000,
      startDate: '2026-01-01',
      ownerId,
    });
    const bankAccountId = await insertBankAccount(t, co);
    const pay = (amount: number, date: string) =>
      recordPayment(t, co.accountant, rentBody(lease, amount, { paymentDate: date }));
    const payout = async (amount: number, date: string) =>
      Payout.parse(
        expectStatus(
          await call(co.accountant, 'POST', '/api/payouts', {
            accountType: 'property',
            accountId: property._id,
            amount,
            currency: 'USD',
            method: 'bank_transfer',
            reference: `PO-${date}`,
            payoutDate: date,
          }),
          201,
        ).data,
      );
    const p1 = await pay(100000, '2026-10-03');
    const p2 = await pay(50000, '2026-10-10');
    const small = await payout(10000, '2026-10-15');
    const large = await payout(40000, '2026-10-29');
    const p3 = await pay(30000, '2026-10-30');
    const p4 = await pay(15000, '2026-10-31');
    const p7 = await pay(20000, '2026-11-01');
    const [l1, l2, l3, l4, l6, l7, l5] = await insertStatementLines(t, co, bankAccountId, [
      { date: '2026-10-04', amount: 100000, reference: p1.receiptNumber },
      { date: '2026-10-11', amount: 50000, reference: p2.receiptNumber },
      { date: '2026-10-16', amount: -10000, reference: 'PO-2026-10-15' },
      { date: '2026-10-20', amount: -1500, description: 'Monthly account fee' },
      { date: '2026-10-25', amount: 25000, description: 'Unknown credit' },
      { date: '2026-10-28', amount: 20000, description: 'Rent, late receipt' },
      { date: '2026-11-02', amount: 30000, reference: p3.receiptNumber },
    ]);
    await match(co, bankAccountId, [l1!], [await paymentEntry(p1._id)]);
    await match(co, bankAccountId, [l2!], [await paymentEntry(p2._id)]);
    await match(co, bankAccountId, [l3!], [await bankEntryOf(small.journalId)]);
    await match(co, bankAccountId, [l5!], [await paymentEntry(p3._id)]);
    await match(co, bankAccountId, [l7!], [await paymentEntry(p7._id)]);
    return {
      co,
      lease,
      property,
      bankAccountId,
      lines: { l1: l1!, l2: l2!, l3: l3!, l4: l4!, l5: l5!, l6: l6!, l7: l7! },
      entries: {
        p3: await paymentEntry(p3._id),
        p4: await paymentEntry(p4._id),
        large: await bankEntryOf(large.journalId),
      },
    };
  }

  /** Posts the bank charge (the agency's cost), receipts the unknown credit and the late one, matching each. */
  async function fixMonth(month: Awaited<ReturnType<typeof constructedMonth>>) {
    const { co, lease, bankAccountId, lines } = month;
    const chargeJournal = await transact({ db: t.database.db, companyId: co.companyId }, (tx) =>
      postJournal(tx, co, {
        kind: 'bank_charge',
        description: 'Monthly account fee',
        entryDate: '2026-10-20',
        postedBy: co.accountant.user._id,
        lines: [
          { account: 'trust:bank', currency: 'USD', amountCents: -1500 },
          { account: 'trust:due-to-agency', currency: 'USD', amountCents: 1500 },
        ],
      }),
    );
    await match(co, bankAccountId, [lines.l4], [await bankEntryOf(chargeJournal)]);
    const p6 = await recordPayment(t, co.accountant, rentBody(lease, 25000, { paymentDate: '2026-10-25' }));
    await match(co, bankAccountId, [lines.l6], [await paymentEntry(p6._id)]);
    const p7b = await recordPayment(t, co.accountant, rentBody(lease, 20000, { paymentDate: '2026-10-28' }));
    await match(co, bankAccountId, [lines.l7], [await paymentEntry(p7b._id)]);
  }

  it('shows every reconciling item of a constructed month to the cent, and balances once the bank lines are in the ledger', async () => {
    const month = await constructedMonth();
    const { co, bankAccountId, lines, entries } = month;
    const r = await reconciliationOf(co, bankAccountId);
    expect(r).toMatchObject({
      bankAccountId,
      book: 'trust',
      currency: 'USD',
      date: D,
      statementBalance: 183500,
      adjustedBankBalance: 188500,
      cashBook: 145000,
      bankDifference: 43500,
      clientLedgers: 145000,
      ledgerDifference: 0,
      clientAccountsInDebit: [],
      balanced: false,
      signedOff: null,
    });
    expect(r.depositsInTransit.map((item) => [item.date, item.amount, item.seq])).toEqual([
      ['2026-10-30', 30000, entries.p3],
      ['2026-10-31', 15000, entries.p4],
    ]);
    expect(r.unpresentedPayments.map((item) => [item.date, item.amount, item.seq])).toEqual([
      ['2026-10-29', -40000, entries.large],
    ]);
    // The bank charge and the unknown credit have no entry; the 28 Oct credit's entry is dated 1 Nov.
    expect(r.unrecordedLines.map((item) => [item.date, item.amount, item.lineId])).toEqual([
      ['2026-10-20', -1500, lines.l4],
      ['2026-10-25', 25000, lines.l6],
      ['2026-10-28', 20000, lines.l7],
    ]);
    expect(r.bankDifference).toBe(r.unrecordedLines.reduce((sum, item) => sum + item.amount, 0));
    expect(r.blockers).toEqual([
      'The adjusted bank balance differs from the cash book by $435.00: 3 statement lines not matched to the ledger by 31 Oct 2026.',
    ]);

    // A day later the 2 Nov line is not reached yet... and the 1 Nov entry is matched to a line dated before it.
    const early = await reconciliationOf(co, bankAccountId, '2026-11-01');
    expect(early.unrecordedLines.map((item) => item.lineId)).toEqual([lines.l4, lines.l6]);

    // Statements that stop short of the date block it.
    const later = await reconciliationOf(co, bankAccountId, '2026-11-30');
    expect(later.blockers[0]).toBe(
      'The statements end on 2 Nov 2026: import the statement up to 30 Nov 2026.',
    );
    expect(later.balanced).toBe(false);

    await fixMonth(month);
    const fixed = await reconciliationOf(co, bankAccountId);
    expect(fixed).toMatchObject({
      statementBalance: 183500,
      adjustedBankBalance: 188500,
      cashBook: 188500,
      bankDifference: 0,
      unrecordedLines: [],
      clientLedgers: 188500,
      ledgerDifference: 0,
      balanced: true,
      blockers: [],
    });
  });

  it('a ledger entry the bank never shows stays outstanding, and a business account has no client ledgers', async () => {
    const co = await newCompany();
    const bankAccountId = await insertBankAccount(t, co, { book: 'business' });
    await insertStatementLines(t, co, bankAccountId, [{ date: '2026-10-05', amount: 7000 }], { opening: 0 });
    const r = await reconciliationOf(co, bankAccountId);
    expect(r).toMatchObject({
      book: 'business',
      statementBalance: 7000,
      cashBook: 0,
      bankDifference: 7000,
      clientLedgers: null,
      ledgerDifference: null,
      balanced: false,
    });
  });

  it('signs off only a balanced month, closes it to postings, and an admin reopens the latest period with a reason', async () => {
    const month = await constructedMonth();
    const { co, bankAccountId, lease } = month;

    const refused = expectError(await signOff(co, bankAccountId), 409, 'RECONCILIATION_DIFFERENCE');
    expect(refused.message).toContain('$435.00');
    expect(await lockOf(co)).toBeNull();

    await fixMonth(month);
    expectStatus(await signOff(co, bankAccountId, D, co.agent), 403);
    expectStatus(await signOff(co, bankAccountId, D, co.owner), 403);
    const signed = ReconciliationRecord.parse(expectStatus(await signOff(co, bankAccountId), 201).data);
    expect(signed).toMatchObject({
      bankAccountId,
      date: D,
      statementBalance: 183500,
      adjustedBankBalance: 188500,
      cashBook: 188500,
      clientLedgers: 188500,
      signedOffByName: `${co.accountant.user.firstName} ${co.accountant.user.lastName}`.trim(),
      reopenedAt: null,
    });
    expect(await lockOf(co)).toBe(D);
    expect((await reconciliationOf(co, bankAccountId)).signedOff).toMatchObject({ id: signed._id });
    expectError(await signOff(co, bankAccountId), 409, 'ALREADY_SIGNED_OFF');
    expectError(await signOff(co, bankAccountId, '2026-10-15'), 422);

    // A back-dated payment into the closed month is refused and writes nothing.
    const before = await paymentCount(co);
    const ledgerBefore = (
      await t.database.db
        .select({ n: count() })
        .from(ledgerLines)
        .where(eq(ledgerLines.companyId, co.companyId))
    )[0]!.n;
    const closed = expectError(await tryPayment(co, lease, '2026-10-20'), 409, PERIOD_CLOSED);
    expect(closed.message).toBe(CLOSED_MESSAGE);
    expect(await paymentCount(co)).toBe(before);
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(ledgerLines)
          .where(eq(ledgerLines.companyId, co.companyId))
      )[0]!.n,
    ).toBe(ledgerBefore);
    // The open period takes postings; a reversal of an October payment posts today.
    const november = expectStatus(await tryPayment(co, lease, '2026-11-05'), 201).data as { _id: string };
    const october = (
      await t.database.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.companyId, co.companyId), eq(payments.paymentDate, '2026-10-10')))
    )[0]!;
    expectStatus(
      await call(co.accountant, 'POST', `/api/payments/${october.id}/reverse`, { reason: 'Bounced' }),
      200,
    );
    expect(november._id).toBeTruthy();

    // The next period, to 2 Nov: the 1 Nov receipt is in transit (its line was moved to the 28 Oct receipt).
    const nov = await reconciliationOf(co, bankAccountId, '2026-11-02');
    expect(nov).toMatchObject({
      statementBalance: 213500,
      bankDifference: 0,
      ledgerDifference: 0,
      balanced: true,
    });
    const second = ReconciliationRecord.parse(
      expectStatus(await signOff(co, bankAccountId, '2026-11-02'), 201).data,
    );
    expect(await lockOf(co)).toBe('2026-11-02');

    // Reopening: admin only, with a reason, latest first.
    const reopen = (id: string, body: Record<string, unknown>, user = co.admin) =>
      call(user, 'POST', `/api/banking/reconciliations/${id}/reopen`, body);
    expectStatus(await reopen(second._id, { reason: 'Charge misposted' }, co.accountant), 403);
    expectError(await reopen(second._id, {}), 400);
    const notLatest = expectError(await reopen(signed._id, { reason: 'Wrong month' }), 409);
    expect(notLatest.message).toMatch(/^Reopen the later period first/);
    const reopened = ReconciliationRecord.parse(
      expectStatus(await reopen(second._id, { reason: 'Charge misposted' }), 200).data,
    );
    expect(reopened).toMatchObject({
      reopenReason: 'Charge misposted',
      reopenedByName: `${co.admin.user.firstName} ${co.admin.user.lastName}`.trim(),
    });
    expect(await lockOf(co)).toBe(D);
    expectStatus(await tryPayment(co, lease, '2026-11-01'), 201);
    expectError(await tryPayment(co, lease, '2026-10-20'), 409, PERIOD_CLOSED);
    expectError(await reopen(second._id, { reason: 'Again' }), 409, 'ALREADY_REOPENED');

    expectStatus(await reopen(signed._id, { reason: 'Late receipt found' }), 200);
    expect(await lockOf(co)).toBeNull();
    expectStatus(await tryPayment(co, lease, '2026-10-20'), 201);

    // History: newest first, reopened ones kept with who and why.
    const history = expectStatus(
      await call(co.admin, 'GET', `/api/banking/accounts/${bankAccountId}/reconciliations`),
      200,
    );
    expect(history.meta.total).toBe(2);
    expect(
      ReconciliationRecord.array()
        .parse(history.data)
        .map((row) => [row.date, row.reopenReason]),
    ).toEqual([
      ['2026-11-02', 'Charge misposted'],
      [D, 'Late receipt found'],
    ]);
    const audit = expectStatus(await call(co.admin, 'GET', '/api/audit?action=reconciliation.reopened'), 200);
    expect(JSON.stringify(audit.data)).toContain('Late receipt found');
    expectStatus(await call(co.admin, 'GET', '/api/audit?action=reconciliation.signed_off'), 200);

    // Reconciled again (the back-dated receipt is in transit): signed off anew, the month closes again.
    const again = ReconciliationRecord.parse(expectStatus(await signOff(co, bankAccountId), 201).data);
    expect(again).toMatchObject({ date: D, reopenedAt: null, cashBook: 189500 });
    expect(await lockOf(co)).toBe(D);
  });

  it('the month-end pack holds the reconciliation and the books at its date; the owner statement says how far trust is reconciled', async () => {
    const month = await constructedMonth();
    const { co, bankAccountId } = month;
    const ownerPdf = async () => {
      const response = await call(
        co.owner,
        'GET',
        `/api/accounts/owners/${co.owner.user._id}/statement?from=2026-10-01&to=2026-10-31&currency=USD&format=pdf`,
      );
      expect(response.statusCode).toBe(200);
      return (await readPdfText(response.rawPayload)).text;
    };
    expect(await ownerPdf()).toContain('Not yet reconciled');
    await fixMonth(month);
    const signed = ReconciliationRecord.parse(expectStatus(await signOff(co, bankAccountId), 201).data);
    expect(await ownerPdf()).toContain('Trust account reconciled to 31 Oct 2026');

    const r = await reconciliationOf(co, bankAccountId);
    const response = await call(co.accountant, 'GET', `/api/banking/reconciliations/${signed._id}/pack`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`month-end-trust-usd-${D}.zip`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'client-balances.csv',
      'deposits-held.csv',
      'reconciliation.csv',
      'reconciliation.pdf',
      'suspense.csv',
      'trial-balance-business.csv',
      'trial-balance-trust.csv',
      'unmatched.csv',
    ]);
    const csv = (name: string) => parse<Record<string, string>>(strFromU8(files[name]!), { columns: true });
    const figure = (section: string) =>
      cents(csv('reconciliation.csv').find((row) => row.Section === section)!.Amount!);
    expect(figure('statement_balance')).toBe(r.statementBalance);
    expect(figure('adjusted_bank_balance')).toBe(r.adjustedBankBalance);
    expect(figure('cash_book')).toBe(r.cashBook);
    expect(figure('client_ledgers')).toBe(r.clientLedgers);
    expect(figure('bank_difference')).toBe(0);
    const inTransit = csv('reconciliation.csv').filter((row) => row.Section === 'deposit_in_transit');
    expect(inTransit.map((row) => cents(row.Amount!))).toEqual(
      r.depositsInTransit.map((item) => item.amount),
    );

    const trust = csv('trial-balance-trust.csv');
    expect(cents(trust.find((row) => row.Account === 'trust:bank')!['Balance (debit positive)']!)).toBe(
      r.cashBook,
    );
    expect(cents(trust.find((row) => row.Account === 'total')!['Balance (debit positive)']!)).toBe(0);
    expect(
      cents(
        csv('trial-balance-business.csv').find((row) => row.Account === 'total')![
          'Balance (debit positive)'
        ]!,
      ),
    ).toBe(0);
    // Client balances plus what is due to the agency are the client ledgers.
    const clients = csv('client-balances.csv').reduce((sum, row) => sum + cents(row.Held!), 0);
    const due = -cents(
      trust.find((row) => row.Account === 'trust:due-to-agency')!['Balance (debit positive)']!,
    );
    expect(clients + due).toBe(r.clientLedgers);
    expect(csv('unmatched.csv').map((row) => [row.Kind, cents(row.Amount!)])).toEqual([
      ['receipt not on the statement', 30000],
      ['receipt not on the statement', 15000],
      ['payment not on the statement', -40000],
    ]);
    expect(csv('suspense.csv')).toEqual([]);
    expect(csv('deposits-held.csv')).toEqual([]);
    const pdf = (await readPdfText(Buffer.from(files['reconciliation.pdf']!))).text;
    expect(pdf).toContain('Bank reconciliation');
    expect(pdf).toContain('$1,885.00');
    expect(pdf).toContain('$400.00');

    expectStatus(await call(co.agent, 'GET', `/api/banking/reconciliations/${signed._id}/pack`), 403);
    expect((await call(co.admin, 'GET', `/api/banking/reconciliations/${signed._id}/pack`)).statusCode).toBe(
      200,
    );
  });

  it('two sign-offs at once: one is stored, the other is told it is already signed off', async () => {
    const month = await constructedMonth();
    await fixMonth(month);
    const { co, bankAccountId } = month;
    const answers = await Promise.all([signOff(co, bankAccountId), signOff(co, bankAccountId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      code: 'ALREADY_SIGNED_OFF',
    });
    const history = expectStatus(
      await call(co.accountant, 'GET', `/api/banking/accounts/${bankAccountId}/reconciliations`),
      200,
    );
    expect(history.meta.total).toBe(1);
  });

  it('roles read and write as they may; another company’s accounts and reconciliations are not found', async () => {
    const month = await constructedMonth();
    await fixMonth(month);
    const { co, bankAccountId } = month;
    const signed = ReconciliationRecord.parse(expectStatus(await signOff(co, bankAccountId), 201).data);
    const url = `/api/banking/accounts/${bankAccountId}/reconciliation?date=${D}`;
    expectStatus(await call(co.admin, 'GET', url), 200);
    for (const user of [co.agent, co.owner, co.other]) {
      expectStatus(await call(user, 'GET', url), 403);
      expectStatus(await call(user, 'GET', `/api/banking/accounts/${bankAccountId}/reconciliations`), 403);
    }
    expectStatus(await signOff(co, bankAccountId, '2026-11-02', co.admin), 403);

    const other = await newCompany();
    expectError(await call(other.accountant, 'GET', url), 404);
    expectError(await signOff(other, bankAccountId, '2026-11-02'), 404);
    expectError(
      await call(other.accountant, 'GET', `/api/banking/accounts/${bankAccountId}/reconciliations`),
      404,
    );
    expectError(
      await call(other.admin, 'POST', `/api/banking/reconciliations/${signed._id}/reopen`, {
        reason: 'Not mine',
      }),
      404,
    );
    expectError(await call(other.accountant, 'GET', `/api/banking/reconciliations/${signed._id}/pack`), 404);
    // Their own books are not closed by ours.
    const { lease } = await createLetProperty(t, other, { rent: 100000 });
    expectStatus(await tryPayment(other, lease, '2026-10-20'), 201);
    expect(await lockOf(co)).toBe(D);
  });
});
