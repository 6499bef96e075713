import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';

/** The people who rent (not to be confused with the company, which is the SaaS tenant). */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    idNumber: text('id_number'),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('tenants_company_idx').on(t.companyId),
    uniqueIndex('tenants_company_email_unique')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('tenants_company_id_number_unique')
      .on(t.companyId, t.idNumber)
      .where(sql`${t.idNumber} is not null`),
  ],
);
