import type { z } from 'zod';
import type {
  SuspenseAllocateInput,
  SuspenseInput,
  SuspenseItemView,
  SuspenseQuery,
  SuspenseRefundInput,
} from '@lintel/contracts';
import type { Ctx } from '../../db/scope.ts';

// Stubs (issue 17): built by the matching work.
export async function parkInSuspense(
  _ctx: Ctx,
  _lineId: string,
  _input: z.output<typeof SuspenseInput>,
): Promise<SuspenseItemView> {
  throw new Error('not built yet');
}
export async function listSuspense(
  _ctx: Ctx,
  _query: z.output<typeof SuspenseQuery>,
): Promise<{ items: SuspenseItemView[]; total: number }> {
  throw new Error('not built yet');
}
export async function allocateSuspense(
  _ctx: Ctx,
  _id: string,
  _input: z.output<typeof SuspenseAllocateInput>,
): Promise<SuspenseItemView> {
  throw new Error('not built yet');
}
export async function refundSuspense(
  _ctx: Ctx,
  _id: string,
  _input: z.output<typeof SuspenseRefundInput>,
): Promise<SuspenseItemView> {
  throw new Error('not built yet');
}
