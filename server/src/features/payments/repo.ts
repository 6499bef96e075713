import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus, PaymentType } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import { idempotencyKeys, owners, payments, properties, tenants, users } from '../../db/schema/index.ts';
import { inCompany, type Ctx } from '../../db/scope.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { containsPattern, selectCountedPage, type CountedPage } from '../../lib/list-query.ts';
import { lockCompanyRow } from '../../lib/lock-row.ts';
import { scopeCondition, type RowScope } from '../../lib/visibility.ts';

type Scope = Pick<Ctx, 'companyId'>;
export type PaymentRow = typeof payments.$inferSelect;

const agents = alias(users, 'agents');
const receivers = alias(users, 'receivers');

const view = {
  payment: payments,
  propertyName: properties.name,
  propertyAddress: properties.address,
  propertyAgentId: properties.agentId,
  ownerUserId: owners.userId,
  tenantName: tenants.name,
  tenantEmail: tenants.email,
  agentName: sql<string | null>`nullif(trim(${agents.firstName} || ' ' || ${agents.lastName}), '')`,
  receivedByName: sql<
    string | null
  >`nullif(trim(${receivers.firstName} || ' ' || ${receivers.lastName}), '')`,
};

export type PaymentView = {
  payment: PaymentRow;
  propertyName: string;
  propertyAddress: string;
  propertyAgentId: string | null;
  ownerUserId: string | null;
  tenantName: string | null;
  tenantEmail: string | null;
  agentName: string | null;
  receivedByName: string | null;
};

/** `extra` adds columns, such as a list's count. */
const joined = <Extra extends Record<string, SQL>>(tx: Tx, extra?: Extra) =>
  tx
    .select({ ...view, ...extra } as typeof view & Extra)
    .from(payments)
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .leftJoin(owners, eq(owners.id, properties.ownerId))
    .leftJoin(tenants, eq(tenants.id, payments.tenantId))
    .leftJoin(agents, eq(agents.id, payments.agentId))
    .leftJoin(receivers, eq(receivers.id, payments.receivedBy));

export const findPayment = async (tx: Tx, scope: Scope, id: string): Promise<PaymentView | undefined> =>
  (await joined(tx).where(inCompany(payments, scope, eq(payments.id, id))))[0];

export interface PaymentFilter {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  propertyId?: string | undefined;
  leaseId?: string | undefined;
  tenantId?: string | undefined;
  agentId?: string | undefined;
  type?: PaymentType | undefined;
  status?: PaymentStatus | undefined;
  method?: PaymentMethod | undefined;
  currency?: string | undefined;
  /** The rows the caller may see (lib/visibility.ts). */
  rows?: RowScope | undefined;
}

function where(scope: Scope, filter: PaymentFilter): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return inCompany(
    payments,
    scope,
    pattern ? or(ilike(payments.receiptNumber, pattern), ilike(payments.reference, pattern)) : undefined,
    filter.from ? gte(payments.paymentDate, filter.from) : undefined,
    filter.to ? lte(payments.paymentDate, filter.to) : undefined,
    filter.propertyId ? eq(payments.propertyId, filter.propertyId) : undefined,
    filter.leaseId ? eq(payments.leaseId, filter.leaseId) : undefined,
    filter.tenantId ? eq(payments.tenantId, filter.tenantId) : undefined,
    filter.agentId ? eq(payments.agentId, filter.agentId) : undefined,
    filter.type ? eq(payments.type, filter.type) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.method ? eq(payments.method, filter.method) : undefined,
    filter.currency ? eq(payments.currency, filter.currency) : undefined,
    filter.rows
      ? scopeCondition(filter.rows, { agents: [properties.agentId], ownerUser: owners.userId })
      : undefined,
  );
}

export const sortColumns = {
  paymentDate: payments.paymentDate,
  amount: payments.amountCents,
  receiptNumber: payments.receiptNumber,
  createdAt: payments.createdAt,
};

export async function listPayments(
  tx: Tx,
  scope: Scope,
  filter: PaymentFilter,
  paging: { page: number; pageSize: number; sort: keyof typeof sortColumns; descending: boolean },
): Promise<CountedPage<PaymentView>> {
  const condition = where(scope, filter);
  const order = paging.descending ? desc : asc;
  // Every payment has its property (a required key), so only the agent's and owner's views, which
  // filter on the property's agent or owner, need the joins to count: without them the count
  // reads 1,001 index entries instead of hashing every payment of the company.
  const scoped = tx.select({ one: sql`1` }).from(payments);
  const matching = (
    filter.rows && filter.rows.kind !== 'all'
      ? scoped
          .innerJoin(properties, eq(properties.id, payments.propertyId))
          .leftJoin(owners, eq(owners.id, properties.ownerId))
      : scoped
  ).where(condition);
  return selectCountedPage(tx, paging, matching, ({ counted, limit, offset }) =>
    joined(tx, { counted })
      .where(condition)
      .orderBy(order(sortColumns[paging.sort]), desc(payments.createdAt))
      .limit(limit)
      .offset(offset),
  );
}

/** Every matching payment, oldest first (CSV export). */
export const allPayments = (tx: Tx, scope: Scope, filter: PaymentFilter) =>
  joined(tx).where(where(scope, filter)).orderBy(asc(payments.paymentDate), asc(payments.createdAt));

/** Rows carry their ids (made by the caller), so a batch knows which row is which. */
export async function insertPayments(tx: Tx, values: (typeof payments.$inferInsert & { id: string })[]) {
  for (const chunk of chunksOf(values, 1000)) await tx.insert(payments).values(chunk);
}

/** Locks the payment row: two reversals of one payment queue, the second sees it reversed. */
export const lockPayment = (tx: Tx, scope: Scope, id: string) => lockCompanyRow(tx, payments, scope, id);

export async function markReversed(
  tx: Tx,
  scope: Scope,
  id: string,
  values: { reversalJournalId: string; reversedBy: string; reversalReason: string },
) {
  await tx
    .update(payments)
    .set({ ...values, status: 'reversed', reversedAt: new Date() })
    .where(inCompany(payments, scope, eq(payments.id, id), eq(payments.status, 'completed')));
}

/**
 * Claims an idempotency key. A concurrent claim of the same key waits on the primary key until
 * the first transaction ends, then finds its row: so only one request ever posts per key.
 */
export async function claimKey(tx: Tx, scope: Scope, key: string, fingerprint: string): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ companyId: scope.companyId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export const findKey = async (tx: Tx, scope: Scope, key: string) =>
  (
    await tx
      .select()
      .from(idempotencyKeys)
      .where(inCompany(idempotencyKeys, scope, eq(idempotencyKeys.key, key)))
  )[0];

export async function setKeyPayment(tx: Tx, scope: Scope, key: string, paymentId: string) {
  await tx
    .update(idempotencyKeys)
    .set({ paymentId })
    .where(and(inCompany(idempotencyKeys, scope), eq(idempotencyKeys.key, key)));
}
