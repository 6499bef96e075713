import type { Db } from '../../db/client.ts';
import type { MailAttachmentRef } from '../../db/schema/index.ts';

export type { MailAttachmentRef } from '../../db/schema/index.ts';

export interface AttachedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * What makes each kind of attachment, by the code behind its download. The app hands these to
 * the sender and to Admin → Messages (server/src/mail-attachments.ts), so the mail feature needs
 * none of the features that queue mail, and they can import it.
 */
export type AttachmentSources = Record<
  MailAttachmentRef['source'],
  (
    scope: { db: Db; companyId: string },
    id: string,
  ) => Promise<{ filename: string; contentType: string; body: string | Buffer }>
>;

/** A message's attachments as they are sent: made now, from the records they name. */
export async function makeAttachments(
  sources: AttachmentSources,
  db: Db,
  companyId: string | null,
  refs: MailAttachmentRef[],
): Promise<AttachedFile[]> {
  if (refs.length === 0) return [];
  if (!companyId) throw new Error('Only a company’s message can carry its documents');
  return Promise.all(
    refs.map(async (ref) => {
      const file = await sources[ref.source]({ db, companyId }, ref.id);
      return { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.body) };
    }),
  );
}
