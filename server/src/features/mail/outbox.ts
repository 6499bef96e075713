import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MAIL_OPT_OUT_CATEGORY, type MailKind } from '@lintel/contracts';
import type { Tx } from '../../db/client.ts';
import type { MailAttachmentRef } from './attachments.ts';
import * as repo from './repo.ts';
import { TEMPLATES, type MailData, type Template } from './templates/index.tsx';

export interface QueuedMail<K extends MailKind> {
  /** The company whose mail it is; null for mail no company may read (a password reset). */
  companyId: string | null;
  kind: K;
  to: string;
  /** Who it comes from, as the subject names them: the agency, or Lintel for account mail. */
  senderName: string;
  data: MailData<K>;
  /** Names the cause and the recipient: queued once however often the cause is retried. */
  dedupeKey: string;
  /** Documents made when it is sent (a receipt PDF), by the code behind their downloads. */
  attachments?: MailAttachmentRef[];
}

export type QueueOutcome = 'queued' | 'already-queued' | 'opted-out';

/**
 * Puts a message in the outbox, in the caller's transaction: it exists exactly when what caused
 * it committed. A message already queued under the same key is left as it is. A reminder or
 * statement to someone who opted out of those from this company is not queued.
 */
export async function queueMail<K extends MailKind>(tx: Tx, mail: QueuedMail<K>): Promise<QueueOutcome> {
  const template = TEMPLATES[mail.kind] as unknown as Template<z.ZodType<object>>;
  const data = template.data.parse(mail.data) as Record<string, unknown>;
  const category = MAIL_OPT_OUT_CATEGORY[mail.kind];
  if (category && mail.companyId && (await repo.hasOptedOut(tx, mail.companyId, mail.to, category))) {
    return 'opted-out';
  }
  const inserted = await repo.insertMessage(tx, {
    companyId: mail.companyId,
    kind: mail.kind,
    recipient: mail.to,
    subject: template.subject({ name: mail.senderName, logo: null }, data),
    data,
    dedupeKey: mail.dedupeKey,
    attachments: mail.attachments ?? [],
    messageId: `<${randomUUID()}@lintel>`,
  });
  return inserted ? 'queued' : 'already-queued';
}
