import type { z } from 'zod';
import {
  BOOKS,
  type AgentAccount,
  type CommissionQuery,
  type CommissionReport,
  addDays,
  type DepositBalance,
  type DepositInterest,
  type DepositInterestInput,
  type DepositRelease,
  type DepositReleaseInput,
  formatCalendarDate,
  formatMoney,
  type Expense,
  type ExpenseInput,
  type Payout,
  type PayoutInput,
  type PropertyAccountQuery,
  type StatementQuery,
  type TrialBalanceQuery,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { trustReconciledThrough } from '../banking/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { findLease, getLease, todayIso } from '../leases/index.ts';
import {
  accountBalances,
  depositDailyChanges,
  heldBalance,
  ledgerAccount,
  lockAccount,
  payOutOf,
  postJournal,
  statement,
  statementPdf,
  trialBalance,
  type StatementLines,
} from '../ledger/index.ts';
import { findOwner } from '../owners/index.ts';
import { findProperty } from '../properties/index.ts';
import { findAgent } from '../users/index.ts';
import * as repo from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const ACCOUNTANT = ['accountant'] as const;
const BOOKKEEPERS = ['admin', 'accountant'] as const;

const PROPERTY_NOT_FOUND = () => notFound('Property not found');
const OWNER_NOT_FOUND = () => notFound('Owner not found');
const AGENT_NOT_FOUND = () => notFound('Agent not found');

/** A property the caller may see the account of (lib/visibility.ts). */
async function visibleProperty(tx: Tx, ctx: Ctx, propertyId: string) {
  if (!isUuid(propertyId)) throw PROPERTY_NOT_FOUND();
  const property = await findProperty(tx, ctx, propertyId);
  if (!property) throw PROPERTY_NOT_FOUND();
  const rows = scopeFor(ctx, 'propertyAccount');
  // The owner's user is looked up only where the policy asks for it.
  const owner =
    rows.kind === 'ownedBy' && property.ownerId ? await findOwner(tx, ctx, property.ownerId) : undefined;
  if (!sees(rows, { agentIds: [property.agentId], ownerUserId: owner?.userId })) throw PROPERTY_NOT_FOUND();
  return property;
}

export const getTrialBalance = (ctx: Ctx, query: TrialBalanceQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    return trialBalance(tx, ctx, {
      books: query.book ? [query.book] : BOOKS,
      currency: query.currency,
      asOf: query.asOf ?? todayIso(),
    });
  });

export const listPropertyAccounts = (ctx: Ctx, query: PropertyAccountQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    return repo.propertyAccounts(tx, ctx, { ...query, asOf: todayIso() });
  });

/** The lines a statement query asks for: one page as JSON, every line in a file. */
const linesFor = (query: StatementQuery): StatementLines =>
  query.format === 'json' ? { page: query.page, pageSize: query.pageSize } : 'all';

export const propertyStatement = (ctx: Ctx, propertyId: string, query: StatementQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const property = await visibleProperty(tx, ctx, propertyId);
    return statement(
      tx,
      ctx,
      {
        accounts: [ledgerAccount.property(property.id)],
        title: 'Property statement',
        subject: property.name,
        subjectDetail: [property.address, property.ownerName && `Owner: ${property.ownerName}`]
          .filter(Boolean)
          .join(' · '),
      },
      query,
      linesFor(query),
    );
  });

/** An owner's statement over every property they own now, inside the caller's transaction. */
export async function ownerStatementOf(
  tx: Tx,
  scope: Scope,
  owner: { id: string; name: string },
  period: { from: string; to: string; currency: string },
  which: StatementLines = 'all',
) {
  const propertyIds = await repo.findPropertyOwnerIds(tx, scope, owner.id);
  return statement(
    tx,
    scope,
    {
      accounts: propertyIds.map((propertyId) => ledgerAccount.property(propertyId)),
      title: 'Owner statement',
      subject: owner.name,
      subjectDetail: `${propertyIds.length} ${propertyIds.length === 1 ? 'property' : 'properties'}`,
    },
    period,
    which,
  );
}

/** An owner's statement covers every property they own; `id` is the owner record's or its user's. */
export const ownerStatement = (ctx: Ctx, id: string, query: StatementQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant', 'owner']);
    if (!isUuid(id)) throw OWNER_NOT_FOUND();
    const owner = await findOwner(tx, ctx, id);
    if (!owner || !sees(scopeFor(ctx, 'owner'), { agentIds: [], ownerUserId: owner.userId })) {
      throw OWNER_NOT_FOUND();
    }
    return {
      ...(await ownerStatementOf(tx, ctx, owner, query, linesFor(query))),
      note: await reconciledNote(tx, ctx, query.currency),
    };
  });

/** Issue 17: the owner can see how far the trust account their money is in has been reconciled. */
async function reconciledNote(tx: Tx, scope: Scope, currency: string): Promise<string> {
  const reconciled = await trustReconciledThrough(tx, scope, currency);
  return reconciled ? `Trust account reconciled to ${formatCalendarDate(reconciled)}` : 'Not yet reconciled';
}

/** An owner's statement PDF for a period, made as its download is: what an emailed statement attaches. */
export async function ownerStatementPdf(
  scope: Pick<Ctx, 'db' | 'companyId'>,
  ownerId: string,
  period: { from: string; to: string; currency: string },
) {
  const { statement: made, note } = await transact(scope, async (tx) => {
    const owner = isUuid(ownerId) ? await findOwner(tx, scope, ownerId) : undefined;
    if (!owner) throw OWNER_NOT_FOUND();
    return {
      ...(await ownerStatementOf(tx, scope, owner, period)),
      note: await reconciledNote(tx, scope, period.currency),
    };
  });
  return statementPdf(scope, made, note);
}

async function visibleAgent(tx: Tx, ctx: Ctx, agentId: string) {
  if (!sees(scopeFor(ctx, 'agentAccount'), { agentIds: [agentId], ownerUserId: null }))
    throw AGENT_NOT_FOUND();
  const agent = await findAgent(tx, ctx, agentId);
  if (!agent) throw AGENT_NOT_FOUND();
  return agent;
}

export const agentStatement = (ctx: Ctx, agentId: string, query: StatementQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant', 'agent']);
    const agent = await visibleAgent(tx, ctx, agentId);
    return statement(
      tx,
      ctx,
      {
        accounts: [ledgerAccount.agent(agent.id)],
        title: 'Agent commission statement',
        subject: `${agent.firstName} ${agent.lastName}`.trim(),
        subjectDetail: agent.email,
      },
      query,
      linesFor(query),
    );
  });

export const listAgentAccounts = (ctx: Ctx, currency: string | undefined): Promise<AgentAccount[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant', 'agent']);
    return repo.agentAccounts(tx, ctx, currency);
  });

export const commissionReport = (ctx: Ctx, query: CommissionQuery): Promise<CommissionReport> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant', 'agent']);
    return {
      currency: query.currency,
      from: query.from,
      to: query.to,
      ...(await repo.commissionFigures(tx, ctx, query)),
    };
  });

const toPayout = (row: Awaited<ReturnType<typeof repo.insertPayout>>, accountName: string): Payout => ({
  _id: row.id,
  accountType: row.accountType,
  accountId: row.accountId,
  accountName,
  amount: row.amountCents,
  currency: row.currency,
  method: row.method,
  reference: row.reference,
  payoutDate: row.payoutDate,
  journalId: row.journalId,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** Pays an owner (out of a property account) or an agent, never more than the account holds. */
export const createPayout = (ctx: Ctx, input: z.output<typeof PayoutInput>): Promise<Payout> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ACCOUNTANT);
    assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
    let account: string;
    let accountName: string;
    if (input.accountType === 'property') {
      const property = await findProperty(tx, ctx, input.accountId);
      if (!property)
        throw unprocessable('INVALID_ACCOUNT', 'The chosen property is not a property of this company.');
      account = ledgerAccount.property(property.id);
      accountName = property.name;
    } else {
      const agent = await findAgent(tx, ctx, input.accountId);
      if (!agent) throw unprocessable('INVALID_ACCOUNT', 'The chosen agent is not an agent of this company.');
      account = ledgerAccount.agent(agent.id);
      accountName = `${agent.firstName} ${agent.lastName}`.trim();
    }
    const payoutDate = input.payoutDate ?? todayIso();
    const journalId = await payOutOf(tx, ctx, {
      account,
      amount: input.amount,
      currency: input.currency,
      kind: 'payout',
      description: `Payout to ${input.accountType === 'property' ? `the owner of ${accountName}` : accountName}`,
      reference: input.reference ?? null,
      entryDate: payoutDate,
      postedBy: ctx.userId,
    });
    const row = await repo.insertPayout(tx, {
      companyId: ctx.companyId,
      accountType: input.accountType,
      accountId: input.accountId,
      amountCents: input.amount,
      currency: input.currency,
      method: input.method,
      reference: input.reference ?? null,
      payoutDate,
      journalId,
      createdBy: ctx.userId,
    });
    const payout = toPayout(row, accountName);
    await recordAudit(tx, auditActor(ctx), {
      action: 'payout.created',
      entity: 'payout',
      entityId: row.id,
      after: payout,
    });
    return payout;
  });

export const listPayouts = (
  ctx: Ctx,
  query: {
    accountType?: 'property' | 'agent' | undefined;
    accountId?: string | undefined;
    page: number;
    pageSize: number;
  },
) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const page = await repo.listPayouts(tx, ctx, query);
    return {
      ...page,
      items: page.items.map((row): Payout => ({
        _id: row.id,
        accountType: row.account_type,
        accountId: row.account_id,
        accountName: row.account_name ?? '',
        amount: Number(row.amount_cents),
        currency: row.currency,
        method: row.method as Payout['method'],
        reference: row.reference,
        payoutDate: row.payout_date,
        journalId: row.journal_id,
        createdBy: row.created_by,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  });

/**
 * Pays a supplier out of a property's account (repairs; levies and maintenance use this too),
 * inside the caller's transaction.
 */
export async function payPropertyExpense(
  tx: Tx,
  ctx: Pick<Ctx, 'companyId' | 'userId' | 'requestId'>,
  input: z.output<typeof ExpenseInput>,
  source: Record<string, string> | null = null,
): Promise<Expense> {
  const property = await findProperty(tx, ctx, input.propertyId);
  if (!property)
    throw unprocessable('INVALID_PROPERTY', 'The chosen property is not a property of this company.');
  assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
  const expenseDate = input.expenseDate ?? todayIso();
  const journalId = await payOutOf(tx, ctx, {
    account: ledgerAccount.property(property.id),
    amount: input.amount,
    currency: input.currency,
    kind: 'expense',
    description: `${input.supplier}: ${input.description} — ${property.name}`,
    reference: input.reference ?? null,
    entryDate: expenseDate,
    postedBy: ctx.userId,
  });
  const row = await repo.insertExpense(tx, {
    companyId: ctx.companyId,
    propertyId: property.id,
    supplier: input.supplier,
    description: input.description,
    amountCents: input.amount,
    currency: input.currency,
    method: input.method,
    reference: input.reference ?? null,
    expenseDate,
    journalId,
    createdBy: ctx.userId,
    source,
  });
  const expense: Expense = {
    _id: row.id,
    propertyId: row.propertyId,
    propertyName: property.name,
    supplier: row.supplier,
    description: row.description,
    amount: row.amountCents,
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    expenseDate: row.expenseDate,
    journalId: row.journalId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
  await recordAudit(tx, auditActor(ctx), {
    action: 'expense.paid',
    entity: 'expense',
    entityId: row.id,
    after: expense,
  });
  return expense;
}

export const createExpense = (ctx: Ctx, input: z.output<typeof ExpenseInput>) =>
  transact(ctx, (tx) => {
    assertRole(ctx, ACCOUNTANT);
    return payPropertyExpense(tx, ctx, input);
  });

async function depositBalances(tx: Tx, scope: Scope, leaseId: string): Promise<DepositBalance[]> {
  const rows = await accountBalances(tx, scope, { accounts: [ledgerAccount.deposits(leaseId)] });
  return rows.map((row) => ({ leaseId, currency: row.currency, held: -row.balance }));
}

export async function getDepositBalance(ctx: Ctx, leaseId: string): Promise<DepositBalance[]> {
  const lease = await getLease(ctx, leaseId);
  return transact(ctx, (tx) => depositBalances(tx, ctx, lease._id));
}

/** The day a tenancy began: the start of the first lease its renewals go back to. */
async function tenancyStart(
  tx: Tx,
  scope: Scope,
  lease: { startDate: string; renewedFromId: string | null },
) {
  let startDate = lease.startDate;
  let previous = lease.renewedFromId;
  for (let hops = 0; previous && hops < 100; hops += 1) {
    const earlier = await findLease(tx, scope, previous);
    if (!earlier) break;
    if (earlier.startDate < startDate) startDate = earlier.startDate;
    previous = earlier.renewedFromId;
  }
  return startDate;
}

/**
 * Releases a deposit when the tenancy has ended (the lease expired or was terminated and no renewal
 * of it runs: the deposit is on the last lease of the chain), settled on the release date: each
 * deduction (to the owner's account, or paid to a supplier out of the trust bank) and the refund
 * to the tenant is a line of one trust journal, never more than held.
 */
export const releaseDeposit = (ctx: Ctx, leaseId: string, input: z.output<typeof DepositReleaseInput>) =>
  transact(ctx, async (tx): Promise<DepositRelease> => {
    assertRole(ctx, PROPERTY_READERS);
    if (!isUuid(leaseId)) throw notFound('Lease not found');
    const lease = await findLease(tx, ctx, leaseId);
    if (
      !lease ||
      !sees(scopeFor(ctx, 'lease'), { agentIds: [lease.agentId], ownerUserId: lease.ownerUserId })
    ) {
      throw notFound('Lease not found');
    }
    assertRole(ctx, ACCOUNTANT);
    if (lease.renewalId) {
      const renewal = await findLease(tx, ctx, lease.renewalId);
      throw unprocessable(
        'DEPOSIT_FOLLOWS_RENEWAL',
        renewal && (renewal.status === 'draft' || renewal.status === 'active')
          ? 'This lease has a renewal: the tenancy goes on, so its deposit is not released. It moves to the renewal when that takes over.'
          : 'The deposit moved to the renewal of this lease: release it on the last lease of the tenancy.',
      );
    }
    if (lease.status !== 'expired' && lease.status !== 'terminated') {
      throw unprocessable('LEASE_NOT_ENDED', 'A deposit is released when the lease has ended.');
    }
    const today = todayIso();
    const releaseDate = input.releaseDate ?? today;
    if (releaseDate > today) {
      throw unprocessable('INVALID_RELEASE_DATE', 'A deposit cannot be released on a date still to come.');
    }
    const startedOn = await tenancyStart(tx, ctx, lease);
    if (releaseDate < startedOn) {
      throw unprocessable(
        'INVALID_RELEASE_DATE',
        `A deposit cannot be released before its tenancy started (${startedOn}).`,
      );
    }
    const lines: DepositRelease['lines'] = [
      ...(input.toProperty > 0
        ? [{ to: 'owner' as const, supplier: null, description: input.reason, amount: input.toProperty }]
        : []),
      ...input.deductions.map((deduction) => ({
        to: deduction.to,
        supplier: deduction.to === 'supplier' ? deduction.supplier : null,
        description: deduction.description,
        amount: deduction.amount,
      })),
      ...(input.toTenant > 0
        ? [
            {
              to: 'tenant' as const,
              supplier: null,
              description: 'Refund to the tenant',
              amount: input.toTenant,
            },
          ]
        : []),
    ];
    const account = ledgerAccount.deposits(lease.id);
    await lockAccount(tx, ctx, account, input.currency);
    const held = await heldBalance(tx, ctx, account, input.currency);
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    if (total > held) {
      throw unprocessable(
        'INSUFFICIENT_BALANCE',
        `That is ${formatMoney(total, input.currency)}, more than the ${formatMoney(held, input.currency)} deposit held for this lease.`,
      );
    }
    const itemised = lines
      .map((line) =>
        line.to === 'tenant'
          ? `refund to the tenant ${formatMoney(line.amount, input.currency)}`
          : `${line.to === 'owner' ? 'to the owner' : line.supplier}: ${line.description} ${formatMoney(line.amount, input.currency)}`,
      )
      .join('; ');
    const journalId = await postJournal(tx, ctx, {
      kind: 'deposit_release',
      description: `Deposit release — ${lease.tenantName}, ${lease.propertyName}: ${input.reason} (${itemised})`,
      reference: input.reference ?? null,
      entryDate: releaseDate,
      postedBy: ctx.userId,
      lines: [
        { account, currency: input.currency, amountCents: total },
        ...lines.map((line) => ({
          account: line.to === 'owner' ? ledgerAccount.property(lease.propertyId) : ledgerAccount.trustBank,
          currency: input.currency,
          amountCents: -line.amount,
        })),
      ],
    });
    const release: DepositRelease = {
      leaseId: lease.id,
      currency: input.currency,
      held: held - total,
      journalId,
      releaseDate,
      released: total,
      lines,
    };
    await recordAudit(tx, auditActor(ctx), {
      action: 'deposit.released',
      entity: 'lease',
      entityId: lease.id,
      after: { ...release, reason: input.reason, method: input.method, reference: input.reference ?? null },
    });
    return release;
  });

/** What a property (for its owner) or an agent account holds in a currency. */
export const heldFor = (ctx: Ctx, accountType: 'property' | 'agent', accountId: string, currency: string) =>
  transact(ctx, (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    const account =
      accountType === 'property' ? ledgerAccount.property(accountId) : ledgerAccount.agent(accountId);
    return heldBalance(tx, ctx, account, currency);
  });

const DAY_MS = 86_400_000;
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Each deposit account's balance × days over [from, to]: its balance at the end of each day of the
 * period, summed (from the ledger's daily changes).
 */
export function depositBalanceDays(
  changes: { account: string; day: string; change: number }[],
  period: { from: string; to: string },
): Map<string, number> {
  const byAccount = new Map<string, { day: string; change: number }[]>();
  for (const row of changes) {
    const list = byAccount.get(row.account) ?? [];
    list.push(row);
    byAccount.set(row.account, list);
  }
  const end = addDays(period.to, 1);
  const result = new Map<string, number>();
  for (const [account, rows] of byAccount) {
    rows.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    let held = 0;
    let days = 0;
    rows.forEach((row, index) => {
      held -= row.change;
      const next = rows[index + 1]?.day ?? end;
      if (held > 0) days += held * daysFrom(row.day, next);
    });
    if (days > 0) result.set(account, days);
  }
  return result;
}

/**
 * Splits `amount` in proportion to the weights, in whole cents summing exactly to `amount`:
 * everyone gets the floor of their exact share, and the cents left over go one each to the
 * largest remainders (ties in the weights' order).
 */
export function largestRemainder(amount: number, weights: number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (totalWeight === 0n) throw new RangeError('Nothing to share by');
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((value) => value / totalWeight);
  let left = amount - Number(shares.reduce((sum, share) => sum + share, 0n));
  const order = exact
    .map((value, index) => ({ index, remainder: value % totalWeight }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** The lease a tenancy's deposit is held on now: the last of the lease's renewals in force. */
async function leaseInForce(tx: Tx, scope: Scope, leaseId: string): Promise<string> {
  let current = leaseId;
  for (let hops = 0; hops < 100; hops += 1) {
    const lease = await findLease(tx, scope, current);
    if (!lease?.renewalId) return current;
    const renewal = await findLease(tx, scope, lease.renewalId);
    if (!renewal || renewal.status === 'draft') return current;
    current = renewal.id;
  }
  return current;
}

/**
 * Interest the bank paid on the deposit account belongs to the tenants (Rental Housing Act): the
 * trust bank takes it in and each deposit held in the period is credited its share by balance ×
 * days, in one journal. A share earned by a lease since renewed goes to the lease in force.
 */
export const recordDepositInterest = (ctx: Ctx, input: z.output<typeof DepositInterestInput>) =>
  transact(ctx, async (tx): Promise<DepositInterest> => {
    assertRole(ctx, ACCOUNTANT);
    assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
    const today = todayIso();
    const date = input.date ?? today;
    if (date > today || input.to > today) {
      throw unprocessable('INVALID_DATE', 'Interest is recorded for days that have passed.');
    }
    if (date < input.from) {
      throw unprocessable('INVALID_DATE', 'Interest is received on or after the start of its period.');
    }
    const changes = await depositDailyChanges(tx, ctx, input);
    const byAccount = depositBalanceDays(changes, input);
    const byLease = new Map<string, number>();
    for (const [account, days] of byAccount) {
      const leaseId = await leaseInForce(tx, ctx, account.slice(ledgerAccount.deposits('').length));
      byLease.set(leaseId, (byLease.get(leaseId) ?? 0) + days);
    }
    if (byLease.size === 0) {
      throw unprocessable(
        'NO_DEPOSITS_HELD',
        `No deposit in ${input.currency} was held between ${input.from} and ${input.to}: there is nobody to credit the interest to.`,
      );
    }
    const leaseIds = [...byLease.keys()].sort();
    const weights = leaseIds.map((leaseId) => byLease.get(leaseId)!);
    const amounts = largestRemainder(input.amount, weights);
    const shares = leaseIds.map((leaseId, index) => ({
      leaseId,
      balanceDays: weights[index]!,
      amount: amounts[index]!,
    }));
    const journalId = await postJournal(tx, ctx, {
      kind: 'deposit_interest',
      description: `Interest on deposits, ${input.from} to ${input.to}`,
      reference: input.reference ?? null,
      entryDate: date,
      postedBy: ctx.userId,
      lines: [
        { account: ledgerAccount.trustBank, currency: input.currency, amountCents: input.amount },
        ...shares.map((share) => ({
          account: ledgerAccount.deposits(share.leaseId),
          currency: input.currency,
          amountCents: -share.amount,
        })),
      ],
    });
    const result: DepositInterest = {
      journalId,
      currency: input.currency,
      amount: input.amount,
      from: input.from,
      to: input.to,
      date,
      shares,
    };
    await recordAudit(tx, auditActor(ctx), {
      action: 'deposit.interest_recorded',
      entity: 'journal',
      entityId: journalId,
      after: result,
    });
    return result;
  });

/** A tenant's deposit statement for one lease: paid in, interest, carried over, deductions, refund. */
export async function depositStatement(ctx: Ctx, leaseId: string, query: StatementQuery) {
  const lease = await getLease(ctx, leaseId);
  return transact(ctx, (tx) =>
    statement(
      tx,
      ctx,
      {
        accounts: [ledgerAccount.deposits(lease._id)],
        title: 'Deposit statement',
        subject: lease.tenantName,
        subjectDetail: `${lease.propertyName} · lease ${lease.startDate} to ${lease.endDate}`,
      },
      query,
      linesFor(query),
    ),
  );
}

/*
 * For other features (reports, data sync): the repo stays private; these take the caller's
 * transaction.
 */
/** Commission earned in a period, by account; an agent viewer sees only their own. */
export const commissionFigures = (
  tx: Tx,
  viewer: Pick<Ctx, 'companyId' | 'role' | 'userId'>,
  filter: repo.CommissionFilter,
) => repo.commissionFigures(tx, viewer, filter);

/** The company's payouts as a data export's table. */
export const payoutRecords = (tx: Tx, scope: Scope) => repo.payoutRecords(tx, scope);

/** The company's expenses as a data export's table. */
export const expenseRecords = (tx: Tx, scope: Scope) => repo.expenseRecords(tx, scope);
