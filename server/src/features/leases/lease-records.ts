import {
  addDays,
  type EndingLeasesQuery,
  type Lease,
  type LeaseInput,
  type LeaseQuery,
  type LeaseUpdateInput,
} from '@lintel/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { transact, type Ctx } from '../../db/scope.ts';
import { staleVersion, unprocessable } from '../../lib/errors.ts';
import { parseSort } from '../../lib/list-query.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { scopeFor, type RowScope } from '../../lib/visibility.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { toLease } from './dto.ts';
import * as repo from './repo.ts';
import {
  article,
  assertCanChange,
  checkTenant,
  endBeforeStart,
  loadProperty,
  loadVisible,
  reload,
  todayIso,
  WRITERS,
} from './access.ts';

export const listLeases = (ctx: Ctx, query: LeaseQuery) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const page = await repo.listLeases(
      tx,
      ctx,
      {
        q: query.q,
        status: query.status,
        propertyId: query.propertyId,
        tenantId: query.tenantId,
        rows: scopeFor(ctx, 'lease'),
      },
      { page: query.page, pageSize: query.pageSize, ...parseSort(query.sort, repo.sortColumns, 'endDate') },
    );
    return { ...page, items: page.items.map(toLease) };
  });

/** "Theirs", as lib/visibility.ts says for ending leases. */
export const listEndingLeases = (ctx: Ctx, query: EndingLeasesQuery, today = todayIso()) =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const rows = await repo.listEndingLeases(tx, ctx, {
      rows: scopeFor(ctx, 'endingLease'),
      endingBetween: { from: today, to: addDays(today, query.days) },
    });
    return rows.map(toLease);
  });

export const getLease = (ctx: Ctx, id: string): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    return toLease(await loadVisible(tx, ctx, id));
  });

export const createLease = (ctx: Ctx, input: z.output<typeof LeaseInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, WRITERS);
    const property = await loadProperty(tx, ctx, input.propertyId);
    await checkTenant(tx, ctx, input.tenantId);
    const id = await repo.insertLease(tx, {
      companyId: ctx.companyId,
      propertyId: property.id,
      tenantId: input.tenantId,
      startDate: input.startDate,
      endDate: input.endDate,
      rentCents: input.rentAmount,
      currency: input.currency ?? property.currency,
      rentDueDay: input.rentDueDay,
      depositCents: input.depositAmount,
      terms: input.terms ?? null,
    });
    const created = await reload(tx, ctx, id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.created',
      entity: 'lease',
      entityId: id,
      after: created,
    });
    return created;
  });

export const updateLease = (ctx: Ctx, id: string, input: z.output<typeof LeaseUpdateInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const before = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, before.agentId);
    if (before.status !== 'draft') {
      throw unprocessable(
        'LEASE_NOT_EDITABLE',
        `${article(before.status)} ${before.status} lease cannot be edited.`,
      );
    }
    if (input.propertyId && input.propertyId !== before.propertyId) {
      await loadProperty(tx, ctx, input.propertyId);
    }
    if (input.tenantId && input.tenantId !== before.tenantId) await checkTenant(tx, ctx, input.tenantId);
    const startDate = input.startDate ?? before.startDate;
    const endDate = input.endDate ?? before.endDate;
    if (endDate <= startDate) throw endBeforeStart();
    const changes = Object.fromEntries(
      Object.entries({
        propertyId: input.propertyId,
        tenantId: input.tenantId,
        startDate: input.startDate,
        endDate: input.endDate,
        rentCents: input.rentAmount,
        currency: input.currency,
        rentDueDay: input.rentDueDay,
        depositCents: input.depositAmount,
        terms: input.terms,
      }).filter(([, value]) => value !== undefined),
    );
    if (!(await repo.updateLease(tx, ctx, before.id, changes, { version: input.__v, status: 'draft' }))) {
      throw staleVersion('lease');
    }
    const after = await reload(tx, ctx, before.id);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.updated',
      entity: 'lease',
      entityId: before.id,
      before: toLease(before),
      after,
    });
    return after;
  });

/** Marks a draft active and lets its property; the partial unique index decides races. */

/*
 * For other features (payments, accounts, the dashboard): the repo stays private; these take the
 * caller's transaction so their reads share it.
 */

/** A lease of the company with its property's and tenant's names; no visibility rule applies. */
export const findLease = (tx: Tx, ctx: Pick<Ctx, 'companyId'>, id: string) => repo.findLease(tx, ctx, id);

/** How many active leases of the rows a caller sees end within [from, to] (the dashboards). */
export const countLeasesEnding = (
  tx: Tx,
  ctx: Pick<Ctx, 'companyId'>,
  query: { rows: RowScope; from: string; to: string },
) => repo.countLeases(tx, ctx, { rows: query.rows, endingBetween: { from: query.from, to: query.to } });
