import type { PageQuery, Reconciliation, ReconciliationRecord } from '@lintel/contracts';
import type { Ctx } from '../../db/scope.ts';
import type { FileReply } from '../../lib/http.ts';

// Stubs (issue 17): built by the reconciliation work.
export async function getReconciliation(
  _ctx: Ctx,
  _bankAccountId: string,
  _date: string,
): Promise<Reconciliation> {
  throw new Error('not built yet');
}
export async function signOff(
  _ctx: Ctx,
  _bankAccountId: string,
  _date: string,
): Promise<ReconciliationRecord> {
  throw new Error('not built yet');
}
export async function listReconciliations(
  _ctx: Ctx,
  _bankAccountId: string,
  _query: PageQuery,
): Promise<{ items: ReconciliationRecord[]; total: number }> {
  throw new Error('not built yet');
}
export async function reopen(_ctx: Ctx, _id: string, _reason: string): Promise<ReconciliationRecord> {
  throw new Error('not built yet');
}
export async function monthEndPack(_ctx: Ctx, _id: string): Promise<FileReply> {
  throw new Error('not built yet');
}
