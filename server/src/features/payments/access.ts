import type { Tx } from '../../db/client.ts';
import { isUuid, type Ctx } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { scopeFor, sees } from '../../lib/visibility.ts';
import { toPayment } from './dto.ts';
import * as repo from './repo.ts';

// What recording, reversing and reading payments share: the not-found answer, who may read, and
// loading a payment the caller may see.

export type Scope = Pick<Ctx, 'companyId'>;

export const PAYMENT_NOT_FOUND = () => notFound('Payment not found');

export async function loadVisible(tx: Tx, ctx: Ctx, id: string): Promise<repo.PaymentView> {
  if (!isUuid(id)) throw PAYMENT_NOT_FOUND();
  const view = await repo.findPayment(tx, ctx, id);
  if (!view) throw PAYMENT_NOT_FOUND();
  // An agent sees a payment received for them, or one on a property they manage now.
  const parties = { agentIds: [view.payment.agentId, view.propertyAgentId], ownerUserId: view.ownerUserId };
  if (!sees(scopeFor(ctx, 'payment'), parties)) throw PAYMENT_NOT_FOUND();
  return view;
}

export const reload = async (tx: Tx, scope: Scope, id: string) =>
  toPayment((await repo.findPayment(tx, scope, id))!);
