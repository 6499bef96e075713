import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, id } from './columns.ts';
import { companyId } from './company-columns.ts';

/** A document to attach, named by what makes it and the record it is of: `{ source: 'receipt', id }`. */
export interface MailAttachmentRef {
  source: 'receipt' | 'owner-statement' | 'letter-of-demand' | 'invoice';
  id: string;
}

/**
 * The outbox: every email is a row first, written in the transaction of what caused it, and a
 * sender delivers it afterwards. `data` is what its template needs, so the message is rendered
 * the same way when it is sent and when an admin looks at it. `dedupe_key` names the cause and
 * recipient: a retried request or a second instance cannot queue the same message twice.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    /** Null for mail that is no company's to read (a password reset carries a live secret). */
    companyId: uuid('company_id').references(() => companies.id),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Documents made when the message is sent, by the code behind their downloads (a receipt PDF). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    dedupeKey: text('dedupe_key').notNull(),
    /** The Message-ID header, fixed when queued: a message sent again is the same message. */
    messageId: text('message_id').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds a message it claimed until then; past it, another may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    serverReply: text('server_reply'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_messages_dedupe_unique').on(t.dedupeKey),
    index('mail_messages_company_idx').on(t.companyId, t.createdAt),
    // What the sender looks for: only rows still to deliver are in it.
    index('mail_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state in ('queued', 'sending')`),
  ],
);

/** A forgotten password's emailed link: its token stored hashed, good for one use within an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Who asked, through the signed link in an email, to get no more of a kind of mail from a company:
 * reminders or statements. Security mail (password resets, invitations) cannot be opted out of.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    companyId: companyId(),
    /** Lower-cased. */
    email: text('email').notNull(),
    category: text('category', { enum: ['reminders', 'statements'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.email, t.category] })],
);
