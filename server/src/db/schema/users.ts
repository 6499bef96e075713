import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ROLES } from '@lintel/contracts';
import { companies } from './companies.ts';
import { createdAt, id, updatedAt, version } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for a user who signed up without a company or invitation: they see no company's data. */
    companyId: uuid('company_id').references(() => companies.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped when the user is deactivated or changes password: older access tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // Sign-in is by email alone, so an email names one user across all companies.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    codeHash: text('code_hash').notNull(),
    email: text('email'),
    role: text('role', { enum: ROLES }).notNull(),
    /** An owner invitation binds the new user to this owner record. */
    ownerId: uuid('owner_id'),
    createdBy: uuid('created_by').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_unique').on(t.codeHash),
    index('invitations_company_idx').on(t.companyId),
  ],
);
