import type { z } from 'zod';
import type { BankAccountInput, BankAccountUpdate, BankAccountView } from '@lintel/contracts';
import type { Ctx } from '../../db/scope.ts';

// Stubs (issue 17): built by the bank accounts and import work.
export async function listBankAccounts(_ctx: Ctx): Promise<BankAccountView[]> {
  throw new Error('not built yet');
}
export async function createBankAccount(_ctx: Ctx, _input: z.output<typeof BankAccountInput>): Promise<BankAccountView> {
  throw new Error('not built yet');
}
export async function updateBankAccount(
  _ctx: Ctx,
  _id: string,
  _input: z.output<typeof BankAccountUpdate>,
): Promise<BankAccountView> {
  throw new Error('not built yet');
}
