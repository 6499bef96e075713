import type { z } from 'zod';
import type { BankAccountInput, BankAccountUpdate, BankAccountView } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { assertCurrencyEnabled, loadFinanceSettings } from '../finance/index.ts';
import { bankOf } from '../ledger/index.ts';
import * as repo from './import-repo.ts';
import { findBankAccount } from './repo.ts';

const BOOKKEEPERS = ['admin', 'accountant'] as const;

export const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found.';

type AccountState = Awaited<ReturnType<typeof repo.listAccountsWithState>>[number];

const toView = ({ account, ...state }: AccountState): BankAccountView => ({
  _id: account.id,
  book: account.book,
  currency: account.currency,
  name: account.name,
  bankName: account.bankName,
  accountNumber: account.accountNumber,
  ledgerAccount: bankOf(account.book),
  matchWindowDays: account.matchWindowDays,
  csvMapping: account.csvMapping ?? null,
  ...state,
  createdAt: account.createdAt.toISOString(),
});

async function viewOf(tx: Tx, ctx: Ctx, id: string): Promise<BankAccountView> {
  const [state] = await repo.listAccountsWithState(tx, ctx, id);
  if (!state) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  return toView(state);
}

export const listBankAccounts = (ctx: Ctx): Promise<BankAccountView[]> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    return (await repo.listAccountsWithState(tx, ctx)).map(toView);
  });

const duplicate = (input: { book: string; currency: string }) =>
  conflict(
    'BANK_ACCOUNT_EXISTS',
    `There is already a ${input.book} bank account in ${input.currency}: each book has one bank account per currency. Edit that one instead.`,
  );

export const createBankAccount = (
  ctx: Ctx,
  input: z.output<typeof BankAccountInput>,
): Promise<BankAccountView> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    assertCurrencyEnabled(await loadFinanceSettings(tx, ctx), input.currency);
    if (await repo.accountFor(tx, ctx, input.book, input.currency)) throw duplicate(input);
    // Two registering the same account at once: the unique key lets one in, the other hears why.
    const id = await repo.insertAccount(tx, ctx, input);
    if (!id) throw duplicate(input);
    const view = await viewOf(tx, ctx, id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank_account.created',
      entity: 'bank_account',
      entityId: id,
      after: view,
    });
    return view;
  });

export const updateBankAccount = (
  ctx: Ctx,
  id: string,
  input: z.output<typeof BankAccountUpdate>,
): Promise<BankAccountView> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, BOOKKEEPERS);
    if (!(await findBankAccount(tx, ctx, id))) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    const before = await viewOf(tx, ctx, id);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) await repo.updateAccount(tx, ctx, id, changes);
    const after = await viewOf(tx, ctx, id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'bank_account.updated',
      entity: 'bank_account',
      entityId: id,
      before,
      after,
    });
    return after;
  });
