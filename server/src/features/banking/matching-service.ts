import type { z } from 'zod';
import type {
  AutoMatchReport,
  BankChargeInput,
  BankLineQuery,
  BankLineView,
  BankMatchView,
  LedgerEntry,
  MatchInput,
  MatchSuggestion,
  PageQuery,
  ReceiptFromLineInput,
  ReturnedPayoutInput,
} from '@lintel/contracts';
import type { Ctx } from '../../db/scope.ts';

// Stubs (issue 17): built by the matching work.
type Page<T> = { items: T[]; total: number; totalIsLowerBound?: boolean };
export async function listLines(
  _ctx: Ctx,
  _bankAccountId: string,
  _query: z.output<typeof BankLineQuery>,
): Promise<Page<BankLineView>> {
  throw new Error('not built yet');
}
export async function listUnmatchedEntries(
  _ctx: Ctx,
  _bankAccountId: string,
  _query: PageQuery & { from?: string; to?: string },
): Promise<Page<LedgerEntry>> {
  throw new Error('not built yet');
}
export async function autoMatch(_ctx: Ctx, _bankAccountId: string): Promise<AutoMatchReport> {
  throw new Error('not built yet');
}
export async function suggestions(_ctx: Ctx, _lineId: string): Promise<MatchSuggestion[]> {
  throw new Error('not built yet');
}
export async function matchByHand(_ctx: Ctx, _input: z.output<typeof MatchInput>): Promise<BankMatchView> {
  throw new Error('not built yet');
}
export async function unmatch(_ctx: Ctx, _matchId: string): Promise<{ _id: string }> {
  throw new Error('not built yet');
}
export async function receiptFromLine(
  _ctx: Ctx,
  _lineId: string,
  _input: z.output<typeof ReceiptFromLineInput>,
): Promise<BankLineView> {
  throw new Error('not built yet');
}
export async function postBankCharge(
  _ctx: Ctx,
  _lineId: string,
  _input: z.output<typeof BankChargeInput>,
): Promise<BankLineView> {
  throw new Error('not built yet');
}
export async function returnPayout(
  _ctx: Ctx,
  _lineId: string,
  _input: z.output<typeof ReturnedPayoutInput>,
): Promise<BankLineView> {
  throw new Error('not built yet');
}
