import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, id } from './columns.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_company_created_idx').on(t.companyId, t.createdAt)],
);
