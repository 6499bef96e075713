import { bigint, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** The owning company of a tenant-scoped row (row-level security filters on it). */
export const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id);

/** A money column: integer minor units, read as a JS number (every amount is a safe integer). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
