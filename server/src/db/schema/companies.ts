import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATUSES, type BankAccount } from '@lintel/contracts';
import { createdAt, id, updatedAt, version } from './columns.ts';

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  website: text('website'),
  registrationNumber: text('registration_number').notNull(),
  tinNumber: text('tin_number').notNull(),
  vatNumber: text('vat_number'),
  ownerId: uuid('owner_id'),
  description: text('description'),
  logo: text('logo'),
  isActive: boolean('is_active').notNull().default(true),
  subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('trial'),
  subscriptionEndDate: timestamp('subscription_end_date', { withTimezone: true }),
  bankAccounts: jsonb('bank_accounts').$type<BankAccount[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});
