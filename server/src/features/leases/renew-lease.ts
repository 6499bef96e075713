import { addDays, applyBasisPoints, type Lease, type RenewLeaseInput } from '@lintel/contracts';
import type { z } from 'zod';
import { transact, type Ctx } from '../../db/scope.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { assertRole, PROPERTY_READERS } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { toLease } from './dto.ts';
import * as repo from './repo.ts';
import { assertCanChange, endBeforeStart, illegalTransition, loadVisible, reload } from './access.ts';

const RENEWED = () => conflict('LEASE_ALREADY_RENEWED', 'This lease has already been renewed.');

export const renewLease = (ctx: Ctx, id: string, input: z.output<typeof RenewLeaseInput>): Promise<Lease> =>
  transact(ctx, async (tx) => {
    assertRole(ctx, PROPERTY_READERS);
    const old = await loadVisible(tx, ctx, id);
    assertCanChange(ctx, old.agentId);
    if (old.status !== 'active') throw illegalTransition(old.status, 'renewed');
    if (old.renewalId) throw RENEWED();
    const startDate = input.startDate ?? addDays(old.endDate, 1);
    if (input.endDate <= startDate) throw endBeforeStart();
    let rentCents = input.rentAmount;
    if (rentCents === undefined) {
      try {
        rentCents = applyBasisPoints(old.rentCents, input.escalationBp ?? 0);
      } catch {
        throw unprocessable('RENT_TOO_LARGE', 'The escalated rent is too large.');
      }
    }
    let renewalId: string;
    try {
      renewalId = await repo.insertLease(tx, {
        companyId: ctx.companyId,
        propertyId: old.propertyId,
        tenantId: old.tenantId,
        startDate,
        endDate: input.endDate,
        rentCents,
        currency: old.currency,
        rentDueDay: old.rentDueDay,
        depositCents: old.depositCents,
        terms: old.terms,
        escalationBp: input.escalationBp ?? null,
        renewedFromId: old.id,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'leases_renewed_from_unique')) throw RENEWED();
      throw error;
    }
    const renewal = await reload(tx, ctx, renewalId);
    await recordAudit(tx, auditActor(ctx), {
      action: 'lease.renewed',
      entity: 'lease',
      entityId: renewalId,
      before: toLease(old),
      after: renewal,
    });
    return renewal;
  });
