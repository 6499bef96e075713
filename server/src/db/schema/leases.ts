import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LEASE_STATUSES } from '@lintel/contracts';
import { companies } from './companies.ts';
import { properties } from './properties.ts';
import { tenants } from './tenants.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';

export const leases = pgTable(
  'leases',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    rentCents: bigint('rent_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    rentDueDay: integer('rent_due_day').notNull().default(1),
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    depositHeld: boolean('deposit_held').notNull().default(false),
    /**
     * The lease's deposits account in the ledger. A column, so finding its lines is an index
     * condition: under row-level security the planner will not search an index with an expression
     * built per row ('deposits:' || id), since concatenation is not leakproof (issue 20's scale bench).
     */
    depositAccount: text('deposit_account').generatedAlwaysAs(sql`'deposits:' || id::text`),
    status: text('status', { enum: LEASE_STATUSES }).notNull().default('draft'),
    terms: text('terms'),
    /** Rent increase applied by a renewal, in basis points (500 = 5%). */
    escalationBp: integer('escalation_bp'),
    renewedFromId: uuid('renewed_from_id').references((): AnyPgColumn => leases.id),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    terminationReason: text('termination_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('leases_company_idx').on(t.companyId),
    index('leases_property_idx').on(t.propertyId),
    index('leases_tenant_idx').on(t.tenantId),
    index('leases_company_status_end_idx').on(t.companyId, t.status, t.endDate),
    // One active lease per property: two simultaneous activations cannot both win.
    uniqueIndex('leases_one_active_per_property')
      .on(t.propertyId)
      .where(sql`${t.status} = 'active'`),
    // A lease is renewed at most once.
    uniqueIndex('leases_renewed_from_unique')
      .on(t.renewedFromId)
      .where(sql`${t.renewedFromId} is not null`),
  ],
);
