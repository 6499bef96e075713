import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';

/** A landlord the agency acts for; may exist long before (or without) a user account. */
export const owners = pgTable(
  'owners',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    idNumber: text('id_number'),
    bankDetails: jsonb('bank_details').$type<Record<string, string>>(),
    notes: text('notes'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('owners_company_idx').on(t.companyId), uniqueIndex('owners_user_unique').on(t.userId)],
);
