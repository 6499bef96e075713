import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentAccount,
  computeInvoiceTotals,
  DepositBalance,
  Payment,
  percentOf,
  PropertyAccount,
  splitRent,
  TrialBalance,
  type Book,
  type SplitRates,
} from '@lintel/contracts';
import { journals, ledgerLines } from '../../db/schema/index.ts';
import { createCompanyWithRoles, createTestApp, expectStatus, type TestApp } from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  readWholeStatement,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { todayIso } from '../leases/index.ts';
import { bankOf, bookOf, ledgerAccount } from './accounts.ts';
import { carriedBalanceDisagreements } from './service.ts';

/*
 * A model test of the money books through the real API: random payments, deposits, reversals,
 * payouts, expenses, deposit releases, renewals (the deposit follows the tenancy), fee transfers
 * and paid agency invoices in two companies. A model predicts which of them the server must
 * refuse and what every account holds; after every step both books are checked: each balances,
 * no client's account is below zero, and the trust bank holds exactly what trust holds for others.
 */

const CURRENCIES = ['USD', 'ZWG'] as const;
const TODAY = todayIso();
/** Payment dates; reversals, payouts, expenses and releases are dated today. */
const PAYMENT_DATES = ['2026-01-15', '2026-06-30', '2026-11-20', TODAY] as const;
const STATEMENT_DATES = [
  '2026-01-01',
  '2026-01-15',
  '2026-03-31',
  '2026-06-30',
  '2026-11-20',
  TODAY,
] as const;

// ---- steps -------------------------------------------------------------------------------------

const companyIndex = fc.integer({ min: 0, max: 1 });
const leaseIndex = fc.integer({ min: 0, max: 1 });
/** How much to take out of an account: a share of what it holds (10000 = all of it), or any amount. */
const AmountSpec = fc.oneof(
  { arbitrary: fc.record({ shareBp: fc.constant(10000) }), weight: 2 },
  { arbitrary: fc.record({ shareBp: fc.integer({ min: 1, max: 10000 }) }), weight: 2 },
  { arbitrary: fc.record({ exact: fc.integer({ min: 1, max: 5_000_000 }) }), weight: 1 },
);
type AmountSpec = { shareBp: number } | { exact: number };

/** Mostly false: the rarer branch of a step (three in four take the usual one). */
const rarely = fc.constantFrom(false, false, false, true);
const PaymentStep = (kind: 'rent' | 'deposit') =>
  fc.record({
    kind: fc.constant(kind),
    company: companyIndex,
    lease: leaseIndex,
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    date: fc.constantFrom(...PAYMENT_DATES),
  });

/**
 * Which account to take money out of: usually one that holds something (a random pick among
 * them), else any of its kind, funded or not (agent accounts in either currency).
 */
const Target = { pick: fc.nat(), anyAccount: rarely };

/** Payments come most often, so that there is usually something to reverse or pay out. */
const Step = fc.oneof(
  { arbitrary: PaymentStep('rent'), weight: 4 },
  { arbitrary: PaymentStep('deposit'), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('reverse' as const),
      company: companyIndex,
      pick: fc.nat(),
      /** The other company's accountant tries it instead: 404, nothing changes. */
      byOtherCompany: rarely,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      company: companyIndex,
      accountType: fc.constantFrom('property' as const, 'agent' as const),
      ...Target,
      amount: AmountSpec,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('expense' as const),
      company: companyIndex,
      ...Target,
      amount: AmountSpec,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      company: companyIndex,
      ...Target,
      /** Releasing from a lease that has not ended is refused. */
      stayActive: rarely,
      toTenantBp: fc.integer({ min: 0, max: 10000 }),
      toPropertyBp: fc.integer({ min: 0, max: 10000 }),
      overdraw: rarely,
    }),
    weight: 1,
  },
  {
    /** The tenant renews: the renewal takes over when the old lease ends, with the deposit. */
    arbitrary: fc.record({ kind: fc.constant('renew' as const), company: companyIndex, lease: leaseIndex }),
    weight: 1,
  },
  {
    /** What is due to the agency leaves trust for the business bank (every currency). */
    arbitrary: fc.record({ kind: fc.constant('transfer' as const), company: companyIndex }),
    weight: 1,
  },
  {
    /** An agency invoice (a fee and the agency's VAT), paid from a property account or into the business bank. */
    arbitrary: fc.record({
      kind: fc.constant('invoice' as const),
      company: companyIndex,
      lease: leaseIndex,
      fee: fc.integer({ min: 1, max: 500_000 }),
      paidFrom: fc.constantFrom('owner_account' as const, 'business_bank' as const),
    }),
    weight: 1,
  },
);
type Step = typeof Step extends fc.Arbitrary<infer T> ? T : never;

/** Which property account and statement period to look at after a step. */
const Look = fc.record({
  company: companyIndex,
  lease: leaseIndex,
  from: fc.constantFrom(...STATEMENT_DATES),
  to: fc.constantFrom(...STATEMENT_DATES),
});
type Look = typeof Look extends fc.Arbitrary<infer T> ? T : never;

/** Up to 15 steps; a few payments first, so that the accounts usually hold something to take out. */
const Steps = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(PaymentStep('rent'), PaymentStep('deposit')), Look), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.array(fc.tuple(Step, Look), { minLength: 2, maxLength: 11 }),
  )
  .map(([payments, steps]) => [...payments, ...steps]);

// ---- model -------------------------------------------------------------------------------------

/** Money moved into (+) or out of (−) what an account holds, on a date. */
interface Movement {
  date: string;
  amount: number;
}

interface LetModel {
  leaseId: string;
  propertyId: string;
  currency: string;
  rates: SplitRates;
  isEnded: boolean;
  /** The end date of the lease that holds the let now (a renewal must end after it). */
  endDate: string;
}

interface PaymentModel {
  id: string;
  /** The lease it was posted on (a renewal may since have taken the let over). */
  leaseId: string;
  type: 'rent' | 'deposit';
  let: LetModel;
  amount: number;
  split: Payment['split'];
  isReversed: boolean;
}

interface CompanyModel {
  co: Company;
  agentId: string;
  lets: LetModel[];
  payments: PaymentModel[];
  /** What each holder account holds, keyed `account currency`; agency accounts included. */
  held: Map<string, Movement[]>;
}

const key = (account: string, currency: string) => `${account} ${currency}`;

function move(model: CompanyModel, account: string, currency: string, amount: number, date: string) {
  if (amount === 0) return;
  const movements = model.held.get(key(account, currency)) ?? [];
  movements.push({ date, amount });
  model.held.set(key(account, currency), movements);
}

const heldAt = (model: CompanyModel, account: string, currency: string, date = TODAY) =>
  (model.held.get(key(account, currency)) ?? [])
    .filter((movement) => movement.date <= date)
    .reduce((sum, movement) => sum + movement.amount, 0);

/** What a book's accounts other than its bank hold in a currency: what its bank must hold. */
const heldInBook = (model: CompanyModel, book: Book, currency: string) =>
  [...model.held.keys()]
    .map((held) => held.split(' ') as [string, string])
    .filter(([account, inCurrency]) => inCurrency === currency && bookOf(account) === book)
    .reduce((sum, [account]) => sum + heldAt(model, account, currency), 0);

const amountOf = (spec: AmountSpec, held: number) =>
  'exact' in spec ? spec.exact : Math.max(1, percentOf(held, spec.shareBp));

const dayBefore = (isoDate: string) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

// ---- the test ----------------------------------------------------------------------------------

describe('ledger model', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  /**
   * Company 0 is VAT-registered, its USD property has an agent and its own 7.5% commission;
   * company 1 is not, and its agent manages the ZWG property.
   */
  async function createWorld(): Promise<CompanyModel[]> {
    return Promise.all(
      [0, 1].map(async (index) => {
        const co = await createCompanyWithRoles(t.app);
        const vatRegistered = index === 0;
        await setFinanceSettings(t, co, { vatRegistered });
        const lets: LetModel[] = [];
        for (const currency of CURRENCIES) {
          const hasAgent = (currency === 'USD') === (index === 0);
          const commissionRateBp = index === 0 && currency === 'USD' ? 750 : undefined;
          const { lease, property } = await createLetProperty(t, co, {
            currency,
            ...(hasAgent ? {} : { agent: null }),
            ...(commissionRateBp === undefined ? {} : { commissionRateBp }),
          });
          lets.push({
            leaseId: lease._id,
            propertyId: property._id,
            currency,
            rates: {
              commissionRateBp: commissionRateBp ?? 1000,
              agentShareBp: 6000,
              vatRateBp: 1500,
              vatRegistered,
              hasAgent,
            },
            isEnded: false,
            endDate: lease.endDate,
          });
        }
        return { co, agentId: co.agent.user._id, lets, payments: [], held: new Map() };
      }),
    );
  }

  async function recordPayment(model: CompanyModel, step: Extract<Step, { kind: 'rent' | 'deposit' }>) {
    const lease = model.lets[step.lease]!;
    const body = rentBody({ _id: lease.leaseId, currency: lease.currency }, step.amount, {
      type: step.kind,
      paymentDate: step.date,
    });
    const reply = await call(model.co.accountant, 'POST', '/api/payments', body, {
      'idempotency-key': randomUUID(),
    });
    const payment = Payment.parse(expectStatus(reply, 201).data);
    if (step.kind === 'rent') expect(payment.split).toEqual(splitRent(step.amount, lease.rates));
    const posted: PaymentModel = {
      id: payment._id,
      leaseId: lease.leaseId,
      type: step.kind,
      let: lease,
      amount: step.amount,
      split: payment.split,
      isReversed: false,
    };
    for (const share of postingsOf(model, posted))
      move(model, share.account, lease.currency, share.amount, step.date);
    model.payments.push(posted);
  }

  /**
   * What a payment credits to each account but the banks (credit-positive): trust gets the owner's
   * share and what is due to the agency; the business book its commission income, VAT, the agent's
   * share (agents payable, against agents' commission) and what trust owes it.
   */
  function postingsOf(model: CompanyModel, payment: PaymentModel) {
    const { let: lease, split } = payment;
    if (payment.type === 'deposit')
      return [{ account: ledgerAccount.deposits(payment.leaseId), amount: payment.amount }];
    return [
      { account: ledgerAccount.property(lease.propertyId), amount: split.owner },
      { account: ledgerAccount.dueToAgency, amount: split.commission + split.vat },
      { account: ledgerAccount.dueFromTrust, amount: -(split.commission + split.vat) },
      { account: ledgerAccount.commissionIncome, amount: split.commission },
      { account: ledgerAccount.vatPayable, amount: split.vat },
      ...(lease.rates.hasAgent
        ? [
            { account: ledgerAccount.agent(model.agentId), amount: split.agentShare },
            { account: ledgerAccount.agentsCommission, amount: -split.agentShare },
          ]
        : []),
    ];
  }

  /** What a reversal takes back from each holder that must still hold it. */
  const isHolder = (account: string) => /^(property|agent|deposits):/.test(account);

  async function reversePayment(world: CompanyModel[], step: Extract<Step, { kind: 'reverse' }>) {
    const model = world[step.company]!;
    if (model.payments.length === 0) return;
    const payment = model.payments[step.pick % model.payments.length]!;
    const user = step.byOtherCompany ? world[1 - step.company]!.co.accountant : model.co.accountant;
    const reply = await call(user, 'POST', `/api/payments/${payment.id}/reverse`, { reason: 'Model test' });
    if (step.byOtherCompany) {
      expectStatus(reply, 404);
      return;
    }
    if (payment.isReversed) {
      expect(expectStatus(reply, 409).code).toBe('ALREADY_REVERSED');
      return;
    }
    const currency = payment.let.currency;
    const shares = postingsOf(model, payment);
    // Only holders can fall short: what is due to the agency may go below zero until it is repaid.
    const isShort = shares.some(
      (share) => isHolder(share.account) && heldAt(model, share.account, currency) < share.amount,
    );
    if (isShort) {
      expect(expectStatus(reply, 422).code).toBe('INSUFFICIENT_BALANCE');
      return;
    }
    expect(Payment.parse(expectStatus(reply, 200).data).status).toBe('reversed');
    payment.isReversed = true;
    for (const share of shares) move(model, share.account, currency, -share.amount, TODAY);
  }

  function pickTarget<T extends { account: string; currency: string }>(
    model: CompanyModel,
    target: { pick: number; anyAccount: boolean },
    candidates: T[],
  ): T {
    const funded = candidates.filter((candidate) => heldAt(model, candidate.account, candidate.currency) > 0);
    const pool = target.anyAccount || funded.length === 0 ? candidates : funded;
    return pool[target.pick % pool.length]!;
  }

  /** Payouts and expenses: accepted exactly when the account holds at least the amount. */
  async function payOut(model: CompanyModel, step: Extract<Step, { kind: 'payout' | 'expense' }>) {
    const isAgent = step.kind === 'payout' && step.accountType === 'agent';
    const { account, currency, lease } = pickTarget<{
      account: string;
      currency: string;
      lease: LetModel | null;
    }>(
      model,
      step,
      isAgent
        ? CURRENCIES.map((currency) => ({
            account: ledgerAccount.agent(model.agentId),
            currency,
            lease: null,
          }))
        : model.lets.map((lease) => ({
            account: ledgerAccount.property(lease.propertyId),
            currency: lease.currency,
            lease,
          })),
    );
    const held = heldAt(model, account, currency);
    const amount = amountOf(step.amount, held);
    const reply =
      step.kind === 'payout'
        ? await call(model.co.accountant, 'POST', '/api/payouts', {
            accountType: step.accountType,
            accountId: lease?.propertyId ?? model.agentId,
            amount,
            currency,
            method: 'bank_transfer',
          })
        : await call(model.co.accountant, 'POST', '/api/expenses', {
            propertyId: lease!.propertyId,
            supplier: 'Fixit Plumbing',
            description: 'Burst pipe',
            amount,
            currency,
            method: 'cash',
          });
    if (amount > held) {
      expect(expectStatus(reply, 422).code).toBe('INSUFFICIENT_BALANCE');
      return;
    }
    expect(expectStatus(reply, 201).data).toMatchObject({ amount, currency });
    move(model, account, currency, -amount, TODAY);
  }

  async function releaseDeposit(model: CompanyModel, step: Extract<Step, { kind: 'release' }>) {
    const { lease } = pickTarget(
      model,
      step,
      model.lets.map((lease) => ({
        account: ledgerAccount.deposits(lease.leaseId),
        currency: lease.currency,
        lease,
      })),
    );
    if (!step.stayActive) {
      const reply = await call(model.co.admin, 'POST', `/api/leases/${lease.leaseId}/terminate`, {
        reason: 'Tenant left',
      });
      if (lease.isEnded) {
        expect(expectStatus(reply, 422).code).toBe('ILLEGAL_TRANSITION');
      } else {
        expect(expectStatus(reply, 200).data.status).toBe('terminated');
        lease.isEnded = true;
      }
    }
    const account = ledgerAccount.deposits(lease.leaseId);
    const held = heldAt(model, account, lease.currency);
    const shareToTenant = step.overdraw ? held + 1 : percentOf(held, step.toTenantBp);
    const toProperty = step.overdraw ? 0 : percentOf(Math.max(0, held - shareToTenant), step.toPropertyBp);
    // A release of nothing is a validation error, not a ledger step: release at least one cent.
    const toTenant = shareToTenant + toProperty === 0 ? 1 : shareToTenant;
    const reply = await call(model.co.accountant, 'POST', `/api/leases/${lease.leaseId}/deposit/release`, {
      toTenant,
      toProperty,
      currency: lease.currency,
      reason: 'End of lease',
    });
    if (!lease.isEnded) {
      expect(expectStatus(reply, 422).code).toBe('LEASE_NOT_ENDED');
      return;
    }
    if (toTenant + toProperty > held) {
      expect(expectStatus(reply, 422).code).toBe('INSUFFICIENT_BALANCE');
      return;
    }
    expect(DepositBalance.parse(expectStatus(reply, 200).data).held).toBe(held - toTenant - toProperty);
    move(model, account, lease.currency, -(toTenant + toProperty), TODAY);
    move(model, ledgerAccount.property(lease.propertyId), lease.currency, toProperty, TODAY);
  }

  /**
   * Renews a running lease and ends the old one early: the renewal takes over the let, and the
   * deposit held on the old lease moves to it (a transfer in trust), so it is held once.
   */
  async function renewLease(model: CompanyModel, step: Extract<Step, { kind: 'renew' }>) {
    const lease = model.lets[step.lease]!;
    const { admin } = model.co;
    // A renewal starts the day after the lease it renews ends, so each one runs two years on.
    const endDate = `${Number(lease.endDate.slice(0, 4)) + 2}-12-31`;
    const renewed = await call(admin, 'POST', `/api/leases/${lease.leaseId}/renew`, { endDate });
    if (lease.isEnded) {
      expect(expectStatus(renewed, 422).code).toBe('ILLEGAL_TRANSITION');
      return;
    }
    const renewal = expectStatus(renewed, 201).data as { _id: string; status: string };
    expect(renewal.status).toBe('draft');
    const ended = await call(admin, 'POST', `/api/leases/${lease.leaseId}/terminate`, {
      reason: 'Renewed early',
    });
    expect(expectStatus(ended, 200).data.status).toBe('terminated');
    const taken = expectStatus(await call(admin, 'GET', `/api/leases/${renewal._id}`), 200).data as {
      status: string;
    };
    expect(taken.status).toBe('active');
    const from = ledgerAccount.deposits(lease.leaseId);
    const held = heldAt(model, from, lease.currency);
    move(model, from, lease.currency, -held, TODAY);
    move(model, ledgerAccount.deposits(renewal._id), lease.currency, held, TODAY);
    lease.leaseId = renewal._id;
    lease.endDate = endDate;
  }

  /** Moves every currency's due out of trust; refused when nothing is due anywhere. */
  async function transferDue(model: CompanyModel) {
    const reply = await call(model.co.accountant, 'POST', '/api/ledger/transfers', {});
    const due = CURRENCIES.map((currency) => ({
      currency,
      amount: heldAt(model, ledgerAccount.dueToAgency, currency),
    })).filter((owed) => owed.amount !== 0);
    if (due.length === 0) {
      expect(expectStatus(reply, 422).code).toBe('NOTHING_DUE');
      return;
    }
    const made = (
      expectStatus(reply, 201).data as { currency: string; amount: number; direction: string }[]
    ).map(({ currency, amount, direction }) => ({
      currency,
      amount: direction === 'to_trust' ? -amount : amount,
    }));
    expect(made).toEqual(due);
    for (const { currency, amount } of due) {
      move(model, ledgerAccount.dueToAgency, currency, -amount, TODAY);
      move(model, ledgerAccount.dueFromTrust, currency, amount, TODAY);
    }
  }

  /** Issues an agency invoice in the lease's currency and marks it paid as the step says. */
  async function payInvoice(model: CompanyModel, step: Extract<Step, { kind: 'invoice' }>) {
    const lease = model.lets[step.lease]!;
    const { currency } = lease;
    const { accountant } = model.co;
    const draft = expectStatus(
      await call(accountant, 'POST', '/api/invoices', {
        clientType: 'other',
        clientName: 'Model Client',
        currency,
        issueDate: '2026-11-01',
        dueDate: '2026-11-30',
        lines: [{ description: 'Letting fee', quantity: 1, unitPrice: step.fee }],
      }),
      201,
    ).data as { _id: string };
    const issued = expectStatus(await call(accountant, 'POST', `/api/invoices/${draft._id}/issue`), 200)
      .data as { subtotal: number; vat: number; total: number };
    const totals = computeInvoiceTotals(
      [{ quantityMilli: 1000, unitPrice: step.fee }],
      lease.rates.vatRegistered ? 1500 : 0,
    );
    expect(issued).toMatchObject({ subtotal: totals.subtotal, vat: totals.vat, total: totals.total });
    const owner = ledgerAccount.property(lease.propertyId);
    const reply = await call(
      accountant,
      'POST',
      `/api/invoices/${draft._id}/mark-paid`,
      step.paidFrom === 'owner_account'
        ? { paidFrom: 'owner_account', propertyId: lease.propertyId }
        : { paidFrom: 'business_bank', method: 'bank_transfer' },
    );
    if (step.paidFrom === 'owner_account' && heldAt(model, owner, currency) < issued.total) {
      expect(expectStatus(reply, 422).code).toBe('INSUFFICIENT_BALANCE');
      return;
    }
    expect(expectStatus(reply, 200).data).toMatchObject({ status: 'paid', paidFrom: step.paidFrom });
    if (step.paidFrom === 'owner_account') {
      move(model, owner, currency, -issued.total, TODAY);
      move(model, ledgerAccount.dueToAgency, currency, issued.total, TODAY);
      move(model, ledgerAccount.dueFromTrust, currency, -issued.total, TODAY);
    }
    move(model, ledgerAccount.feeIncome, currency, issued.subtotal, TODAY);
    move(model, ledgerAccount.vatPayable, currency, issued.vat, TODAY);
  }

  async function runStep(world: CompanyModel[], step: Step) {
    switch (step.kind) {
      case 'rent':
      case 'deposit':
        return recordPayment(world[step.company]!, step);
      case 'reverse':
        return reversePayment(world, step);
      case 'payout':
      case 'expense':
        return payOut(world[step.company]!, step);
      case 'release':
        return releaseDeposit(world[step.company]!, step);
      case 'transfer':
        return transferDue(world[step.company]!);
      case 'renew':
        return renewLease(world[step.company]!, step);
      case 'invoice':
        return payInvoice(world[step.company]!, step);
    }
  }

  /** The books in the database: journals balance, nothing crosses companies, balances match. */
  async function checkDatabase(model: CompanyModel) {
    const { companyId } = model.co;
    const unbalanced = await t.database.db
      .select({ journalId: ledgerLines.journalId, currency: ledgerLines.currency })
      .from(ledgerLines)
      .innerJoin(journals, eq(journals.id, ledgerLines.journalId))
      .where(eq(journals.companyId, companyId))
      .groupBy(ledgerLines.journalId, ledgerLines.currency)
      .having(sql`sum(${ledgerLines.amountCents}) <> 0`);
    expect(unbalanced).toEqual([]);
    const strays = await t.database.db
      .select({ journalId: ledgerLines.journalId })
      .from(ledgerLines)
      .innerJoin(journals, eq(journals.id, ledgerLines.journalId))
      .where(
        and(
          eq(journals.companyId, companyId),
          sql`(${ledgerLines.companyId} <> ${journals.companyId} or ${ledgerLines.entryDate} <> ${journals.entryDate})`,
        ),
      );
    expect(strays).toEqual([]);
    // Payments are backdated into earlier months among later ones: the carried months still agree.
    expect(await t.database.db.transaction((tx) => carriedBalanceDisagreements(tx, { companyId }))).toEqual(
      [],
    );

    const rows = await t.database.db
      .select({
        account: ledgerLines.account,
        currency: ledgerLines.currency,
        sum: sql<string>`sum(${ledgerLines.amountCents})`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.companyId, companyId))
      .groupBy(ledgerLines.account, ledgerLines.currency);
    const actual = new Map<string, number>();
    for (const row of rows) {
      const balance = Number(row.sum);
      if (row.account === bankOf(bookOf(row.account))) {
        // Each book sums to zero: its bank holds what its other accounts hold.
        expect(balance, `${row.account} ${row.currency}`).toBe(
          heldInBook(model, bookOf(row.account), row.currency),
        );
        continue;
      }
      if (isHolder(row.account)) {
        expect(-balance, `${row.account} ${row.currency} held`).toBeGreaterThanOrEqual(0);
      }
      if (balance !== 0) actual.set(key(row.account, row.currency), -balance);
    }
    const expected = new Map<string, number>();
    for (const held of model.held.keys()) {
      const [account, currency] = held.split(' ') as [string, string];
      const balance = heldAt(model, account, currency);
      if (balance !== 0) expected.set(held, balance);
    }
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  }

  /** The same books through the API: trial balances, property and agent accounts. */
  async function checkApi(model: CompanyModel) {
    const { accountant } = model.co;
    for (const currency of CURRENCIES) {
      const balance = TrialBalance.parse(
        expectStatus(await call(accountant, 'GET', `/api/ledger/trial-balance?currency=${currency}`), 200)
          .data,
      );
      expect(balance.total).toBe(0);
      expect(balance.trustBank).toBe(balance.heldForOthers);
      expect(balance.heldForOthers).toBe(heldInBook(model, 'trust', currency));
      expect(balance.clientMoney).toBe(
        balance.heldForOthers - heldAt(model, ledgerAccount.dueToAgency, currency),
      );
      for (const book of balance.books) expect(book.total, book.book).toBe(0);
    }
    const properties = expectStatus(await call(accountant, 'GET', '/api/accounts/properties'), 200);
    const propertyBalances = Object.fromEntries(
      (properties.data as unknown[]).map((row) => {
        const account = PropertyAccount.parse(row);
        return [`${account.propertyId} ${account.currency}`, account.balance];
      }),
    );
    expect(propertyBalances).toEqual(
      Object.fromEntries(
        model.lets.map((lease) => [
          `${lease.propertyId} ${lease.currency}`,
          heldAt(model, ledgerAccount.property(lease.propertyId), lease.currency),
        ]),
      ),
    );
    const agents = expectStatus(await call(accountant, 'GET', '/api/accounts/agents'), 200);
    const owed = (agents.data as unknown[]).map((row) => AgentAccount.parse(row));
    expect(owed.every((row) => row.agentId === model.agentId)).toBe(true);
    for (const currency of CURRENCIES) {
      expect(owed.find((row) => row.currency === currency)?.owed ?? 0).toBe(
        heldAt(model, ledgerAccount.agent(model.agentId), currency),
      );
    }
  }

  /** A property statement over a random period, and one ending today; the other company sees 404. */
  async function checkStatement(world: CompanyModel[], look: Look) {
    const model = world[look.company]!;
    const lease = model.lets[look.lease]!;
    const account = ledgerAccount.property(lease.propertyId);
    const [from, to] = look.from <= look.to ? [look.from, look.to] : [look.to, look.from];
    // Small pages, so most statements span several: the pages chain from opening to closing.
    const statementOf = async (period: { from: string; to: string }) =>
      (
        await readWholeStatement(
          t,
          model.co.accountant,
          `/api/accounts/properties/${lease.propertyId}/statement?from=${period.from}&to=${period.to}&currency=${lease.currency}`,
          4,
        )
      ).statement;
    const period = await statementOf({ from, to });
    expect(period.openingBalance).toBe(heldAt(model, account, lease.currency, dayBefore(from)));
    expect(period.closingBalance).toBe(heldAt(model, account, lease.currency, to));
    expect(period.openingBalance + period.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(
      period.closingBalance,
    );
    const amounts = period.lines.map((line) => line.amount);
    expect(period.moneyIn).toBe(amounts.filter((amount) => amount > 0).reduce((sum, in_) => sum + in_, 0));
    expect(period.moneyOut).toBe(amounts.filter((amount) => amount < 0).reduce((sum, out) => sum - out, 0));
    const untilToday = await statementOf({ from, to: TODAY });
    expect(untilToday.closingBalance).toBe(heldAt(model, account, lease.currency));
    const intruder = world[1 - look.company]!.co.accountant;
    const hidden = await call(
      intruder,
      'GET',
      `/api/accounts/properties/${lease.propertyId}/statement?from=${from}&to=${to}&currency=${lease.currency}`,
    );
    expectStatus(hidden, 404);
  }

  it('keeps the books balanced and equal to the model after every step', async () => {
    await fc.assert(
      fc.asyncProperty(Steps, async (steps) => {
        const world = await createWorld();
        for (const [step, look] of steps) {
          await runStep(world, step);
          for (const model of world) {
            await checkDatabase(model);
            await checkApi(model);
          }
          await checkStatement(world, look);
        }
      }),
      { numRuns: 8, plugins: [fc.interruptAfterTimeLimit(100_000, { failOnInterrupt: true })] },
    );
  }, 120_000);
});
