import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Install-wide values shared by every server instance (e.g. a generated signing secret). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts that have not succeeded, one row per throttle key (`email:…`, `ip:…`): written
 * when an attempt begins and removed if it succeeds, so every instance on the database counts the
 * same failures. Rows older than the throttle's window are pruned as new ones arrive.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_key_idx').on(t.key, t.failedAt),
    index('login_failures_failed_at_idx').on(t.failedAt),
  ],
);
