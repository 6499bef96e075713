import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '@lintel/contracts';
import { companies } from './companies.ts';
import { owners } from './owners.ts';
import { users } from './users.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';
import { companyId } from './company-columns.ts';

export const properties = pgTable(
  'properties',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    type: text('type', { enum: PROPERTY_TYPES }).notNull(),
    status: text('status', { enum: PROPERTY_STATUSES }).notNull().default('available'),
    ownerId: uuid('owner_id').references(() => owners.id),
    agentId: uuid('agent_id').references(() => users.id),
    rentCents: bigint('rent_cents', { mode: 'number' }).notNull().default(0),
    levyCents: bigint('levy_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    area: integer('area'),
    description: text('description'),
    commissionRateBp: integer('commission_rate_bp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('properties_company_idx').on(t.companyId),
    index('properties_company_name_idx').on(t.companyId, t.name),
    index('properties_owner_idx').on(t.ownerId),
    index('properties_agent_idx').on(t.agentId),
  ],
);

/**
 * How many properties each company has, kept by a trigger on properties (migration 0024) and
 * written by nothing else: the total of the property list without a filter is this one row,
 * exact, instead of a count of up to 1,001 of the company's properties on every page.
 */
export const propertyCounts = pgTable('property_counts', {
  companyId: companyId().primaryKey(),
  properties: integer('properties').notNull(),
});
