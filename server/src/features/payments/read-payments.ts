import { type PaymentExportQuery, type PaymentQuery } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { scopeFor } from '../../lib/visibility.ts';
import { toPayment } from './dto.ts';
import * as repo from './repo.ts';
import { loadVisible } from './access.ts';

function filterOf(ctx: Ctx, query: PaymentExportQuery): repo.PaymentFilter {
  return {
    q: query.q,
    from: query.from,
    to: query.to,
    propertyId: query.propertyId,
    leaseId: query.leaseId,
    tenantId: query.tenantId,
    agentId: query.agentId,
    type: query.type,
    status: query.status,
    method: query.method,
    currency: query.currency,
    rows: scopeFor(ctx, 'payment'),
  };
}

export const listPayments = (ctx: Ctx, query: PaymentQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const { sort, descending } = query.sort
      ? parseSort(query.sort, repo.sortColumns, 'paymentDate')
      : { sort: 'paymentDate' as const, descending: true };
    const page = await repo.listPayments(tx, ctx, filterOf(ctx, query), {
      page: query.page,
      pageSize: query.pageSize,
      sort,
      descending,
    });
    return { ...page, items: page.items.map(toPayment) };
  });

export const getPayment = (ctx: Ctx, id: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    return toPayment(await loadVisible(tx, ctx, id));
  });

/** A payment with what its receipt needs (names and addresses). */
export const loadPaymentForReceipt = (ctx: Ctx, id: string) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const view = await loadVisible(tx, ctx, id);
    return { payment: toPayment(view), propertyAddress: view.propertyAddress };
  });

/**
 * A payment of the company with what its receipt needs, seen by no one in particular: for the
 * receipt a message attaches when it is sent (who may read it was decided when it was queued).
 */
export const loadCompanyPaymentForReceipt = (scope: Pick<Ctx, 'db' | 'companyId'>, id: string) =>
  transact(scope, async (tx) => {
    const view = await repo.findPayment(tx, scope, id);
    if (!view) throw notFound('Payment not found');
    return { payment: toPayment(view), propertyAddress: view.propertyAddress };
  });

export const exportPayments = (ctx: Ctx, query: PaymentExportQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, ['admin', 'accountant']);
    return (await repo.allPayments(tx, ctx, filterOf(ctx, query))).map(toPayment);
  });

/** Every payment the filter selects, oldest first: for reports and exports. */
export const allPayments = (tx: Tx, scope: Pick<Ctx, 'companyId'>, filter: repo.PaymentFilter) =>
  repo.allPayments(tx, scope, filter);
