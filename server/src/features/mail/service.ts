import {
  OPT_OUT_LINK_INVALID,
  type MailKind,
  type MailMessage,
  type MailMessageDetail,
  type MailOptOut,
  type MailQuery,
} from '@lintel/contracts';
import type { Db } from '../../db/client.ts';
import { isUuid, transact, type Ctx } from '../../db/scope.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { toIso } from '../../lib/http.ts';
import { assertRole } from '../../lib/roles.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { findCompany } from '../companies/index.ts';
import { makeAttachments, type AttachmentSources } from './attachments.ts';
import { readOptOut } from './opt-out.ts';
import * as repo from './repo.ts';
import { renderMessage, type MailLinks } from './message.ts';

/** How this server handles mail: delivered over SMTP, or (no SMTP_URL) kept to be looked at. */
export interface MailSettings {
  delivery: 'smtp' | 'preview';
  /** Where links in messages lead, and what signs them. */
  links: MailLinks;
  /** What makes the documents messages attach. */
  attachments: AttachmentSources;
}

const NOT_FOUND = 'Message not found';

const toMessage = (row: repo.MailRow): MailMessage => ({
  _id: row.id,
  kind: row.kind as MailKind,
  to: row.recipient,
  subject: row.subject,
  state: row.state,
  attempts: row.attempts,
  lastError: row.lastError,
  messageId: row.messageId,
  serverReply: row.serverReply,
  createdAt: row.createdAt.toISOString(),
  sentAt: toIso(row.sentAt),
  nextAttemptAt: row.state === 'queued' ? row.nextAttemptAt.toISOString() : null,
});

export const listMail = (ctx: Ctx, query: MailQuery) => {
  assertRole(ctx, ['admin']);
  return transact(ctx, async (tx) => {
    const page = await repo.listMessages(tx, ctx, query);
    return { ...page, items: page.items.map(toMessage) };
  });
};

/** The message as its recipient reads it, rendered from the data it was queued with. */
export async function getMail(ctx: Ctx, id: string, settings: MailSettings): Promise<MailMessageDetail> {
  assertRole(ctx, ['admin']);
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const { row, company } = await transact(ctx, async (tx) => {
    const found = await repo.findCompanyMessage(tx, ctx, id);
    if (!found) throw notFound(NOT_FOUND);
    return { row: found, company: await findCompany(tx, ctx.companyId) };
  });
  // Outside that transaction: each attachment's document is read in one of its own, and the
  // embedded database has a single connection.
  const rendered = await renderMessage(
    row,
    { name: company?.name ?? 'Lintel', logo: company?.logo ?? null },
    settings.links,
  );
  const files = await makeAttachments(settings.attachments, ctx.db, row.companyId, row.attachments);
  return {
    ...toMessage(row),
    html: rendered.html,
    text: rendered.text,
    attachments: files.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.content.length,
    })),
  };
}

/** Queued again from the start; a message being sent right now is left to finish. */
export const resendMail = (ctx: Ctx, id: string): Promise<MailMessage> => {
  assertRole(ctx, ['admin']);
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return transact(ctx, async (tx) => {
    const row = await repo.requeue(tx, ctx, id);
    if (!row) {
      const existing = await repo.findCompanyMessage(tx, ctx, id);
      if (!existing) throw notFound(NOT_FOUND);
      throw conflict('MAIL_SENDING', 'This message is being sent right now. Try again in a moment.');
    }
    await recordAudit(tx, auditActor(ctx), { action: 'mail.resent', entity: 'mail', entityId: id });
    return toMessage(row);
  });
};

export const mailDelivery = (ctx: Ctx, settings: MailSettings) => {
  assertRole(ctx, ['admin']);
  return { mode: settings.delivery };
};

/** What a signed opt-out link stops, for the page that asks the reader to confirm it. */
async function optOutOf(db: Db, secret: Uint8Array, token: string, stop: boolean): Promise<MailOptOut> {
  const claim = readOptOut(secret, token);
  if (!claim) throw badRequest('OPT_OUT_LINK_INVALID', OPT_OUT_LINK_INVALID);
  const scope = { db, companyId: claim.companyId };
  return transact(scope, async (tx) => {
    const company = await findCompany(tx, claim.companyId);
    if (!company) throw badRequest('OPT_OUT_LINK_INVALID', OPT_OUT_LINK_INVALID);
    let optedOut = await repo.hasOptedOut(tx, claim.companyId, claim.email, claim.category);
    if (stop && !optedOut) {
      await repo.insertOptOut(tx, claim);
      await recordAudit(
        tx,
        { companyId: claim.companyId, userId: null, requestId: null },
        {
          action: 'mail.opted-out',
          entity: 'mail',
          entityId: null,
          after: { email: claim.email, category: claim.category },
        },
      );
      optedOut = true;
    }
    return { companyName: company.name, email: claim.email, category: claim.category, optedOut };
  });
}

export const optOutDetails = (db: Db, secret: Uint8Array, token: string) =>
  optOutOf(db, secret, token, false);
export const optOut = (db: Db, secret: Uint8Array, token: string) => optOutOf(db, secret, token, true);
