import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Install-wide values shared by every server instance (e.g. a generated signing secret). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
