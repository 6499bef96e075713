import {
  formatCalendarDate,
  formatMoney,
  type PageQuery,
  type Reconciliation,
  type ReconciliationRecord,
} from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { FileReply } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import { recordAudit } from '../audit/index.ts';
import {
  accountBalances,
  accountLabels,
  bankOf,
  closePeriodThrough,
  isClientMoney,
  ledgerAccount,
  setPeriodLock,
} from '../ledger/index.ts';
import { buildMonthEndPack } from './month-end-pack.ts';
import * as repo from './reconciliation-repo.ts';
import { findBankAccount, type BankAccountRow } from './repo.ts';

type Scope = Pick<Ctx, 'companyId'>;

const READERS = ['admin', 'accountant'] as const;

const ACCOUNT_NOT_FOUND = () => notFound('Bank account not found.');
const RECONCILIATION_NOT_FOUND = () => notFound('Reconciliation not found.');

/** The trust accounts whose balances the client ledgers are: everything trust holds for others. */
const isClientLedger = (account: string) => isClientMoney(account) || account === ledgerAccount.dueToAgency;

const sumOf = (items: { amount: number }[]) => items.reduce((sum, item) => sum + item.amount, 0);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The three-way reconciliation of a bank account at a date (see the banking contract): the bank's
 * balance adjusted by the ledger entries it does not show yet, against the cash book, against the
 * client ledgers (trust). Read inside the caller's transaction, so a sign-off checks what it stores.
 */
export async function computeReconciliation(
  tx: Tx,
  scope: Scope,
  account: BankAccountRow,
  date: string,
): Promise<Reconciliation> {
  const currency = account.currency;
  const bank = { ledgerAccount: bankOf(account.book), currency, bankAccountId: account.id };
  const money = (amount: number) => formatMoney(amount, currency);
  const blockers: string[] = [];

  const coverage = await repo.statementCoverage(tx, scope, account.id);
  const lastBalance = await repo.statementBalanceAt(tx, scope, account.id, date);
  if (coverage.endsOn === null) {
    blockers.push(
      `No statement has been imported yet: import the statement up to ${formatCalendarDate(date)}.`,
    );
  } else if (coverage.endsOn < date) {
    blockers.push(
      `The statements end on ${formatCalendarDate(coverage.endsOn)}: import the statement up to ${formatCalendarDate(date)}.`,
    );
  } else if (coverage.first && coverage.first.from > date) {
    blockers.push(
      `The statements start on ${formatCalendarDate(coverage.first.from)}: reconcile on or after that day.`,
    );
  }
  // Before its first line, the bank held what the first statement opened with.
  const statementBalance = lastBalance ?? coverage.first?.opening ?? 0;

  const outstanding = (await repo.outstandingEntries(tx, scope, bank, date)).map((entry) => ({
    date: entry.date,
    description: entry.description,
    reference: entry.reference,
    amount: entry.amount,
    seq: entry.seq,
    lineId: null,
  }));
  const depositsInTransit = outstanding.filter((item) => item.amount > 0);
  const unpresentedPayments = outstanding.filter((item) => item.amount < 0);
  const adjustedBankBalance = statementBalance + sumOf(outstanding);

  const unrecordedLines = (await repo.unrecordedLines(tx, scope, bank, date)).map((line) => ({
    date: line.date,
    description: line.description,
    reference: line.reference,
    amount: line.amount,
    seq: null,
    lineId: line.id,
  }));

  const balances = await accountBalances(tx, scope, { currency, upTo: date });
  const cashBook = balances.find((row) => row.account === bank.ledgerAccount)?.balance ?? 0;
  const bankDifference = adjustedBankBalance - cashBook;
  if (bankDifference !== 0) {
    blockers.push(
      `The adjusted bank balance differs from the cash book by ${money(bankDifference)}: ` +
        `${plural(unrecordedLines.length, 'statement line')} not matched to the ledger by ${formatCalendarDate(date)}.`,
    );
  }

  let clientLedgers: number | null = null;
  let ledgerDifference: number | null = null;
  let clientAccountsInDebit: Reconciliation['clientAccountsInDebit'] = [];
  if (account.book === 'trust') {
    const clients = balances.filter((row) => isClientLedger(row.account));
    clientLedgers = -clients.reduce((sum, row) => sum + row.balance, 0);
    ledgerDifference = cashBook - clientLedgers;
    const inDebit = clients.filter((row) => isClientMoney(row.account) && row.balance > 0);
    const labels = await accountLabels(
      tx,
      scope,
      inDebit.map((row) => row.account),
    );
    clientAccountsInDebit = inDebit.map((row) => ({
      account: row.account,
      label: labels.get(row.account) ?? row.account,
      balance: row.balance,
    }));
    if (ledgerDifference !== 0) {
      blockers.push(`The cash book differs from the client ledgers by ${money(ledgerDifference)}.`);
    }
  }

  const signed = await repo.signedOffAt(tx, scope, account.id, date);
  return {
    bankAccountId: account.id,
    book: account.book,
    currency,
    date,
    statementBalance,
    depositsInTransit,
    unpresentedPayments,
    adjustedBankBalance,
    cashBook,
    unrecordedLines,
    bankDifference,
    clientLedgers,
    clientAccountsInDebit,
    ledgerDifference,
    balanced: blockers.length === 0,
    blockers,
    signedOff: signed
      ? { id: signed.row.id, byName: signed.signedOffByName, at: signed.row.signedOffAt.toISOString() }
      : null,
  };
}

export async function getReconciliation(
  ctx: Ctx,
  bankAccountId: string,
  date: string,
): Promise<Reconciliation> {
  return transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const account = await findBankAccount(tx, ctx, bankAccountId);
    if (!account) throw ACCOUNT_NOT_FOUND();
    return computeReconciliation(tx, ctx, account, date);
  });
}

type RecordRow = NonNullable<Awaited<ReturnType<typeof repo.findReconciliation>>>;

const toRecord = ({ row, signedOffByName, reopenedByName }: RecordRow): ReconciliationRecord => ({
  _id: row.id,
  bankAccountId: row.bankAccountId,
  date: row.statementDate,
  statementBalance: row.statementBalanceCents,
  adjustedBankBalance: row.adjustedBankCents,
  cashBook: row.cashBookCents,
  clientLedgers: row.clientLedgersCents,
  signedOffByName,
  signedOffAt: row.signedOffAt.toISOString(),
  reopenedByName,
  reopenedAt: row.reopenedAt ? row.reopenedAt.toISOString() : null,
  reopenReason: row.reopenReason,
});

/**
 * Signs off the reconciliation at `date` and closes the account's book and currency through it.
 * The bank account's row lock queues two sign-offs of one account; the figures are recomputed
 * inside the transaction, so what is stored is what balanced.
 */
export async function signOff(ctx: Ctx, bankAccountId: string, date: string): Promise<ReconciliationRecord> {
  return transact(ctx, async (tx) => {
    assertRole(ctx, ['accountant']);
    const account = await repo.lockBankAccount(tx, ctx, bankAccountId);
    if (!account) throw ACCOUNT_NOT_FOUND();
    if (await repo.signedOffAt(tx, ctx, account.id, date)) {
      throw conflict(
        'ALREADY_SIGNED_OFF',
        `The reconciliation at ${formatCalendarDate(date)} is already signed off.`,
      );
    }
    const latest = await repo.latestSignedOff(tx, ctx, account.id);
    if (latest && latest.statementDate >= date) {
      throw unprocessable(
        'BEFORE_LAST_RECONCILIATION',
        `This account is reconciled to ${formatCalendarDate(latest.statementDate)}: sign off a later date.`,
      );
    }
    const figures = await computeReconciliation(tx, ctx, account, date);
    if (!figures.balanced) {
      throw conflict(
        'RECONCILIATION_DIFFERENCE',
        `The reconciliation does not balance, so it cannot be signed off: ${figures.blockers.join(' ')}`,
      );
    }
    const id = await repo.insertReconciliation(tx, {
      companyId: ctx.companyId,
      bankAccountId: account.id,
      statementDate: date,
      statementBalanceCents: figures.statementBalance,
      adjustedBankCents: figures.adjustedBankBalance,
      cashBookCents: figures.cashBook,
      clientLedgersCents: figures.clientLedgers,
      snapshot: figures,
      signedOffBy: ctx.userId,
    });
    await closePeriodThrough(tx, ctx, account.book, account.currency, date);
    const record = toRecord((await repo.findReconciliation(tx, ctx, id))!);
    await recordAudit(tx, ctx, {
      action: 'reconciliation.signed_off',
      entity: 'reconciliation',
      entityId: id,
      after: record,
    });
    return record;
  });
}

export async function listReconciliations(
  ctx: Ctx,
  bankAccountId: string,
  query: PageQuery,
): Promise<{ items: ReconciliationRecord[]; total: number }> {
  return transact(ctx, async (tx) => {
    assertRole(ctx, READERS);
    const account = await findBankAccount(tx, ctx, bankAccountId);
    if (!account) throw ACCOUNT_NOT_FOUND();
    const { rows, total } = await repo.listReconciliations(tx, ctx, account.id, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return { items: rows.map(toRecord), total };
  });
}

/**
 * Reopens the latest signed-off period of a bank account (an admin, with a reason): the book and
 * currency's lock moves back to the previous signed-off date of any of its bank accounts, or goes.
 */
export async function reopen(ctx: Ctx, id: string, reason: string): Promise<ReconciliationRecord> {
  return transact(ctx, async (tx) => {
    assertRole(ctx, ['admin']);
    const found = await repo.findReconciliation(tx, ctx, id);
    if (!found) throw RECONCILIATION_NOT_FOUND();
    const account = (await repo.lockBankAccount(tx, ctx, found.row.bankAccountId))!;
    if (found.row.reopenedAt) {
      throw conflict('ALREADY_REOPENED', 'This reconciliation has already been reopened.');
    }
    const latest = await repo.latestSignedOff(tx, ctx, account.id);
    if (latest?.id !== found.row.id) {
      throw conflict(
        'NOT_LATEST_RECONCILIATION',
        `Reopen the later period first: this account is signed off to ${formatCalendarDate(latest!.statementDate)}.`,
      );
    }
    const before = toRecord(found);
    await repo.markReopened(tx, ctx, found.row.id, ctx.userId, reason);
    await setPeriodLock(
      tx,
      ctx,
      account.book,
      account.currency,
      await repo.reconciledThrough(tx, ctx, account.book, account.currency),
    );
    const after = toRecord((await repo.findReconciliation(tx, ctx, id))!);
    await recordAudit(tx, ctx, {
      action: 'reconciliation.reopened',
      entity: 'reconciliation',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export async function monthEndPack(ctx: Ctx, id: string): Promise<FileReply> {
  return transact(
    ctx,
    async (tx) => {
      assertRole(ctx, READERS);
      const found = await repo.findReconciliation(tx, ctx, id);
      if (!found) throw RECONCILIATION_NOT_FOUND();
      const account = (await findBankAccount(tx, ctx, found.row.bankAccountId))!;
      return buildMonthEndPack(tx, ctx, {
        account,
        reconciliation: found.row.snapshot as Reconciliation,
        signedOffByName: found.signedOffByName,
        signedOffAt: found.row.signedOffAt,
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The latest date the company's trust bank account in `currency` is reconciled to (signed off and
 * not reopened), or null: the owner's statement says how far the trust account is reconciled.
 */
export const trustReconciledThrough = (tx: Tx, scope: Scope, currency: string) =>
  repo.reconciledThrough(tx, scope, 'trust', currency);
