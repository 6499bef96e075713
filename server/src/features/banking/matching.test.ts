import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutoMatchReport,
  BankLineView,
  BankMatchView,
  FeeTransfer,
  MatchSuggestion,
  Payment,
} from '@lintel/contracts';
import { insertBankAccount, insertStatementLines } from '../../test/bank-fixtures.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  type TestApp,
} from '../../test/harness.ts';
import { entryWith, lineOf, listLines, payOwner, unmatchedEntries } from '../../test/matching-fixtures.ts';
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

// At 10% commission and 15% VAT on it, rent of 1,000.00 leaves the owner 885.00 and 115.00 due
// to the agency.
const RENT = 100000;

describe('bank statement matching', () => {
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
  const autoMatch = async (co: Company, accountId: string) =>
    AutoMatchReport.parse(
      expectStatus(await call(co.accountant, 'POST', `/api/banking/accounts/${accountId}/auto-match`), 200)
        .data,
    );
  const suggestionsOf = async (co: Company, lineId: string) =>
    MatchSuggestion.array().parse(
      expectStatus(await call(co.accountant, 'GET', `/api/banking/lines/${lineId}/suggestions`), 200).data,
    );
  const match = (co: Company, lineIds: string[], entrySeqs: number[]) =>
    call(co.accountant, 'POST', '/api/banking/matches', { lineIds, entrySeqs });

  it('auto-matches by receipt number, payout reference, transfer reference and tenant name, each with its rule', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const first = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const second = await createLetProperty(t, co, { rent: 120000, startDate: '2026-09-01' });
    const byReceipt = await recordPayment(
      t,
      co.accountant,
      rentBody(first.lease, RENT, { paymentDate: '2026-11-02' }),
    );
    await recordPayment(t, co.accountant, rentBody(second.lease, 120000, { paymentDate: '2026-11-03' }));
    const payout = await payOwner(t, co, first.property._id, 50000, {
      reference: 'PO-4471',
      payoutDate: '2026-11-04',
    });
    const [transfer] = FeeTransfer.array().parse(
      expectStatus(
        await call(co.accountant, 'POST', '/api/ledger/transfers', { currency: 'USD', date: '2026-11-05' }),
        201,
      ).data,
    );
    const lines = await insertStatementLines(t, co, account, [
      {
        date: '2026-11-03',
        amount: RENT,
        description: `RENT ${byReceipt.receiptNumber}`,
        counterparty: 'SOMEONE',
      },
      {
        date: '2026-11-04',
        amount: 120000,
        description: 'EFT',
        counterparty: second.tenant.name.toUpperCase(),
      },
      { date: '2026-11-05', amount: -50000, description: 'PAYMENT PO-4471 OWNER' },
      {
        date: '2026-11-06',
        amount: -transfer!.amount,
        description: 'TRANSFER',
        reference: transfer!.reference,
      },
    ]);

    const report = await autoMatch(co, account);
    expect(report).toEqual({
      matched: 4,
      ambiguous: 0,
      byRule: { receipt_number: 1, tenant_name: 1, payout_reference: 1, transfer_reference: 1 },
    });
    const shown = await listLines(t, co.accountant, account);
    const ruleOf = (id: string) => shown.find((line) => line._id === id)!.rule;
    expect(lines.map(ruleOf)).toEqual([
      'receipt_number',
      'tenant_name',
      'payout_reference',
      'transfer_reference',
    ]);
    const payoutLine = shown.find((line) => line._id === lines[2])!;
    expect(payoutLine.entries).toEqual([expect.objectContaining({ amount: -50000, kind: 'payout' })]);
    expect(payout.reference).toBe('PO-4471');
    // Nothing of the account is left for the manual panel but the business side of nothing: all trust entries matched.
    expect(await unmatchedEntries(t, co, account)).toEqual([]);
    // Running it again finds nothing new.
    expect(await autoMatch(co, account)).toEqual({ matched: 0, ambiguous: 0, byRule: {} });
  });

  it('leaves amount and date alone, and two equal candidates, to a person; keeps to the match window', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co, { matchWindowDays: 3 });
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, 77700, { paymentDate: '2026-11-02' }));
    await recordPayment(
      t,
      co.accountant,
      rentBody(lease, 55500, { paymentDate: '2026-11-02', reference: 'SAME-REF' }),
    );
    await recordPayment(
      t,
      co.accountant,
      rentBody(lease, 55500, { paymentDate: '2026-11-03', reference: 'SAME-REF' }),
    );
    const late = await recordPayment(t, co.accountant, rentBody(lease, 33300, { paymentDate: '2026-11-01' }));
    const [amountOnly, twoFit, outside] = await insertStatementLines(t, co, account, [
      { date: '2026-11-04', amount: 77700, description: 'CREDIT' },
      { date: '2026-11-04', amount: 55500, description: 'CREDIT', reference: 'SAME-REF' },
      // Quotes the receipt, but 4 days after it with a 3-day window: not a candidate at all.
      { date: '2026-11-05', amount: 33300, description: `CREDIT ${late.receiptNumber}` },
    ]);

    expect(await autoMatch(co, account)).toEqual({ matched: 0, ambiguous: 1, byRule: {} });
    const amountDate = await suggestionsOf(co, amountOnly!);
    expect(amountDate).toEqual([
      expect.objectContaining({
        rule: 'amount_date',
        confidence: 48,
        entries: [expect.objectContaining({ amount: 77700 })],
      }),
    ]);
    const equal = await suggestionsOf(co, twoFit!);
    expect(equal.map((one) => [one.rule, one.confidence])).toEqual([
      ['reference', 90],
      ['reference', 90],
    ]);
    expect(await suggestionsOf(co, outside!)).toEqual([]);
    // A person picks: the suggestion matches by hand.
    const made = BankMatchView.parse(
      expectStatus(await match(co, [amountOnly!], [amountDate[0]!.entries[0]!.seq]), 201).data,
    );
    expect(made).toMatchObject({ rule: 'manual', lineIds: [amountOnly] });
  });

  it('suggests the one set of same-day receipts a deposit slip adds up to, and matches one line to several entries', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    for (const amount of [20000, 30000, 45000]) {
      await recordPayment(
        t,
        co.accountant,
        rentBody(lease, amount, { paymentDate: '2026-11-06', method: 'cash' }),
      );
    }
    const [slip] = await insertStatementLines(t, co, account, [
      { date: '2026-11-07', amount: 50000, description: 'CASH DEPOSIT' },
    ]);
    const suggested = await suggestionsOf(co, slip!);
    expect(suggested).toHaveLength(1);
    expect(suggested[0]).toMatchObject({ rule: 'amount_date', confidence: 40 });
    expect(suggested[0]!.entries.map((entry) => entry.amount).sort()).toEqual([20000, 30000]);
    // Auto-match never takes a deposit slip on its own.
    expect(await autoMatch(co, account)).toMatchObject({ matched: 0 });
    const made = BankMatchView.parse(
      expectStatus(
        await match(
          co,
          [slip!],
          suggested[0]!.entries.map((entry) => entry.seq),
        ),
        201,
      ).data,
    );
    expect(made.entries).toHaveLength(2);
    const line = await lineOf(t, co, account, slip!);
    expect(line).toMatchObject({ matchId: made._id, rule: 'manual' });
    expect(line.entries.map((entry) => entry.amount).sort()).toEqual([20000, 30000]);
  });

  it('matches several lines to one entry, refuses sums that differ, re-matches idempotently and unmatches', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const payment = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-02' }),
    );
    const entry = await entryWith(t, co, account, payment.receiptNumber);
    const [part1, part2] = await insertStatementLines(t, co, account, [
      { date: '2026-11-03', amount: 60000 },
      { date: '2026-11-03', amount: 40000 },
    ]);

    const differ = expectError(await match(co, [part1!], [entry.seq]), 422, 'MATCH_AMOUNTS_DIFFER');
    expect(differ.message).toContain('600.00');
    expect(differ.message).toContain('1,000.00');

    const first = BankMatchView.parse(expectStatus(await match(co, [part1!, part2!], [entry.seq]), 201).data);
    expect(first.lineIds.sort()).toEqual([part1, part2].sort());
    expect(first.entries.map((one) => one.seq)).toEqual([entry.seq]);
    // The same match again (a retry, a double click): the same match, not an error.
    const again = BankMatchView.parse(expectStatus(await match(co, [part2!, part1!], [entry.seq]), 201).data);
    expect(again._id).toBe(first._id);
    // Part of it again is a different match: the line is taken.
    expectError(await match(co, [part1!], [entry.seq]), 409, 'ALREADY_MATCHED');

    expect(
      (await listLines(t, co.accountant, account, '&state=matched')).map((line) => line._id).sort(),
    ).toEqual([part1, part2].sort());
    expect(
      expectStatus(await call(co.accountant, 'DELETE', `/api/banking/matches/${first._id}`), 200).data,
    ).toEqual({
      _id: first._id,
    });
    expectError(await call(co.accountant, 'DELETE', `/api/banking/matches/${first._id}`), 404);
    const unmatched = await listLines(t, co.accountant, account, '&state=unmatched');
    expect(unmatched.map((line) => line._id).sort()).toEqual([part1, part2].sort());
    expect(unmatched.every((line) => line.matchId === null && line.entries.length === 0)).toBe(true);
    expect((await unmatchedEntries(t, co, account)).map((one) => one.seq)).toEqual([entry.seq]);
  });

  it('lists unmatched lines first, then by date, with filters on direction and dates', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const payment = await recordPayment(
      t,
      co.accountant,
      rentBody(lease, RENT, { paymentDate: '2026-11-01' }),
    );
    const [matched, debit, credit] = await insertStatementLines(t, co, account, [
      { date: '2026-11-01', amount: RENT, description: payment.receiptNumber },
      { date: '2026-11-02', amount: -1500 },
      { date: '2026-11-03', amount: 2500 },
    ]);
    await autoMatch(co, account);
    expect((await listLines(t, co.admin, account)).map((line) => line._id)).toEqual([debit, credit, matched]);
    expect((await listLines(t, co.admin, account, '&direction=debit')).map((line) => line._id)).toEqual([
      debit,
    ]);
    expect((await listLines(t, co.admin, account, '&direction=credit')).map((line) => line._id)).toEqual([
      credit,
      matched,
    ]);
    expect(
      (await listLines(t, co.admin, account, '&from=2026-11-02&to=2026-11-02')).map((line) => line._id),
    ).toEqual([debit]);
  });

  it('lets exactly one of two accountants matching the same line at once win; the other gets a 409', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    for (let round = 0; round < 5; round += 1) {
      const day = `2026-11-${String(round + 10).padStart(2, '0')}`;
      const amount = 10000 + round;
      const a = await recordPayment(t, co.accountant, rentBody(lease, amount, { paymentDate: day }));
      const b = await recordPayment(t, co.accountant, rentBody(lease, amount, { paymentDate: day }));
      const [line] = await insertStatementLines(t, co, account, [{ date: day, amount }]);
      const [entryA, entryB] = [
        await entryWith(t, co, account, a.receiptNumber),
        await entryWith(t, co, account, b.receiptNumber),
      ];
      // The same line to two different entries.
      const answers = await Promise.all([match(co, [line!], [entryA.seq]), match(co, [line!], [entryB.seq])]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expectError(
        answers.find((answer) => answer.statusCode === 409)!,
        409,
        'ALREADY_MATCHED',
      );
      // Two lines to the same entry.
      const [other1, other2] = await insertStatementLines(t, co, account, [
        { date: day, amount },
        { date: day, amount },
      ]);
      const loser = answers[0].statusCode === 201 ? entryB : entryA;
      const racing = await Promise.all([
        match(co, [other1!], [loser.seq]),
        match(co, [other2!], [loser.seq]),
      ]);
      expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expectError(
        racing.find((answer) => answer.statusCode === 409)!,
        409,
        'ALREADY_MATCHED',
      );
    }
  });

  it('turns an unknown credit into a payment on a lease, matched to the line', async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease, property } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    const [credit, debit] = await insertStatementLines(t, co, account, [
      {
        date: '2026-11-08',
        amount: RENT,
        description: 'EFT',
        reference: 'NOV RENT 12B',
        counterparty: 'J BLOGGS',
      },
      { date: '2026-11-08', amount: -100 },
    ]);
    const receipt = (lineId: string, user = co.accountant) =>
      call(user, 'POST', `/api/banking/lines/${lineId}/receipt`, { leaseId: lease._id });

    expectError(await receipt(debit!), 422, 'WRONG_DIRECTION');
    expectError(await receipt(credit!, co.agent), 403);
    const line = BankLineView.parse(expectStatus(await receipt(credit!), 201).data);
    expect(line).toMatchObject({
      rule: 'receipt_from_line',
      entries: [expect.objectContaining({ amount: RENT, date: '2026-11-08' })],
    });
    const payments = Payment.array().parse(
      expectStatus(await call(co.accountant, 'GET', `/api/payments?leaseId=${lease._id}`), 200).data,
    );
    expect(payments).toEqual([
      expect.objectContaining({
        amount: RENT,
        paymentDate: '2026-11-08',
        reference: 'NOV RENT 12B',
        payerName: 'J BLOGGS',
        method: 'bank_transfer',
      }),
    ]);
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(88500);
    expectError(await receipt(credit!), 409, 'ALREADY_MATCHED');

    // A business account's credit is not a rent receipt.
    const business = await insertBankAccount(t, co, { book: 'business' });
    const [businessCredit] = await insertStatementLines(t, co, business, [
      { date: '2026-11-08', amount: RENT },
    ]);
    expectError(await receipt(businessCredit!), 422, 'WRONG_BOOK');
  });

  it("posts bank charges as the agency's cost, on a trust and on a business account", async () => {
    const co = await newCompany();
    const trust = await insertBankAccount(t, co);
    const business = await insertBankAccount(t, co, { book: 'business' });
    const { lease } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-02' }));
    const [trustCharge, trustCredit] = await insertStatementLines(t, co, trust, [
      { date: '2026-11-09', amount: -2500, description: 'MONTHLY FEE' },
      { date: '2026-11-09', amount: 500 },
    ]);
    const [businessCharge] = await insertStatementLines(t, co, business, [
      { date: '2026-11-09', amount: -700 },
    ]);
    const before = await readTrialBalance(t, co);
    const charge = (lineId: string) =>
      call(co.accountant, 'POST', `/api/banking/lines/${lineId}/bank-charge`, { description: 'Monthly fee' });

    expectError(await charge(trustCredit!), 422, 'WRONG_DIRECTION');
    const posted = BankLineView.parse(expectStatus(await charge(trustCharge!), 201).data);
    expect(posted).toMatchObject({
      rule: 'bank_charge',
      entries: [expect.objectContaining({ amount: -2500, kind: 'bank_charge' })],
    });
    expectStatus(await charge(businessCharge!), 201);
    expectError(await charge(trustCharge!), 409, 'ALREADY_MATCHED');

    const after = await readTrialBalance(t, co);
    const balanceOf = (tb: typeof after, account: string) =>
      tb.accounts.find((row) => row.account === account)?.balance ?? 0;
    // Clients' money is untouched: what is due to the agency pays it.
    expect(after.clientMoney).toBe(before.clientMoney);
    expect(after.dueToAgency).toBe(before.dueToAgency - 2500);
    expect(after.trustBank).toBe(before.trustBank - 2500);
    expect(balanceOf(after, 'business:bank-charges')).toBe(2500 + 700);
    expect(balanceOf(after, 'business:due-from-trust')).toBe(
      balanceOf(before, 'business:due-from-trust') - 2500,
    );
    expect(balanceOf(after, 'business:bank')).toBe(balanceOf(before, 'business:bank') - 700);
    expect(after.books.map((book) => book.total)).toEqual([0, 0]);
  });

  it("reverses a payout the bank returned, so the owner's account holds it again", async () => {
    const co = await newCompany();
    const account = await insertBankAccount(t, co);
    const { lease, property } = await createLetProperty(t, co, { rent: RENT, startDate: '2026-09-01' });
    await recordPayment(t, co.accountant, rentBody(lease, RENT, { paymentDate: '2026-11-02' }));
    const payout = await payOwner(t, co, property._id, 80000, {
      reference: 'PO-1001',
      payoutDate: '2026-11-03',
    });
    const other = await payOwner(t, co, property._id, 1000, { payoutDate: '2026-11-03' });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(88500 - 81000);
    const [out, back, again, wrongAmount] = await insertStatementLines(t, co, account, [
      { date: '2026-11-04', amount: -80000, description: 'PO-1001' },
      { date: '2026-11-06', amount: 80000, description: 'RETURNED PO-1001' },
      { date: '2026-11-07', amount: 80000, description: 'RETURNED AGAIN?' },
      { date: '2026-11-07', amount: 999 },
    ]);
    const returned = (lineId: string, payoutId: string) =>
      call(co.accountant, 'POST', `/api/banking/lines/${lineId}/returned-payout`, { payoutId });

    expectError(await returned(out!, payout._id), 422, 'WRONG_DIRECTION');
    expectError(await returned(wrongAmount!, other._id), 422, 'MATCH_AMOUNTS_DIFFER');
    const line = BankLineView.parse(expectStatus(await returned(back!, payout._id), 201).data);
    expect(line).toMatchObject({
      rule: 'returned_payout',
      entries: [expect.objectContaining({ amount: 80000, kind: 'payout_reversal', date: '2026-11-06' })],
    });
    expect((await readPropertyAccount(t, co.accountant, property._id)).balance).toBe(88500 - 1000);
    expectError(await returned(again!, payout._id), 409, 'PAYOUT_ALREADY_RETURNED');
    // The original debit still matches the payout as usual.
    expect(await autoMatch(co, account)).toMatchObject({ matched: 1, byRule: { payout_reference: 1 } });
    expect((await readTrialBalance(t, co)).books.map((book) => book.total)).toEqual([0, 0]);
  });

  it('keeps to roles, and another company’s lines, matches and accounts are not found', async () => {
    const co = await newCompany();
    const other = await newCompany();
    const account = await insertBankAccount(t, co);
    const [line] = await insertStatementLines(t, co, account, [{ date: '2026-11-03', amount: 1000 }]);
    const theirs = await insertBankAccount(t, other);
    const [theirLine] = await insertStatementLines(t, other, theirs, [{ date: '2026-11-03', amount: 1000 }]);

    expectStatus(await call(co.admin, 'GET', `/api/banking/accounts/${account}/lines`), 200);
    expectStatus(await call(co.admin, 'GET', `/api/banking/accounts/${account}/entries`), 200);
    expectStatus(await call(co.admin, 'GET', `/api/banking/lines/${line}/suggestions`), 200);
    expectError(await call(co.admin, 'POST', `/api/banking/accounts/${account}/auto-match`), 403);
    for (const user of [co.agent, co.owner, co.other]) {
      expectError(await call(user, 'GET', `/api/banking/accounts/${account}/lines`), 403);
      expectError(await call(user, 'POST', '/api/banking/matches', { lineIds: [line], entrySeqs: [1] }), 403);
    }
    expectError(await call(co.accountant, 'GET', `/api/banking/accounts/${theirs}/lines`), 404);
    expectError(await call(co.accountant, 'GET', `/api/banking/accounts/${theirs}/entries`), 404);
    expectError(await call(co.accountant, 'POST', `/api/banking/accounts/${theirs}/auto-match`), 404);
    expectError(await call(co.accountant, 'GET', `/api/banking/lines/${theirLine}/suggestions`), 404);
    expectError(await match(co, [theirLine!], [1]), 404);
    for (const action of ['receipt', 'suspense', 'bank-charge', 'returned-payout']) {
      const body =
        action === 'receipt'
          ? { leaseId: theirs }
          : action === 'suspense'
            ? { note: 'x' }
            : action === 'returned-payout'
              ? { payoutId: theirs }
              : {};
      expectError(await call(co.accountant, 'POST', `/api/banking/lines/${theirLine}/${action}`, body), 404);
    }
    // Their lines are still unmatched.
    expect((await listLines(t, other.accountant, theirs))[0]).toMatchObject({ matchId: null });
  });
});
