import { MAIL_OPT_OUT_CATEGORY, MAIL_OPT_OUT_LABELS, type MailKind } from '@lintel/contracts';
import type { MailRow } from './repo.ts';
import { signOptOut } from './opt-out.ts';
import { renderMail, type RenderedMail, type Sender } from './templates/index.tsx';

/** Where a message's links lead and what signs them. */
export interface MailLinks {
  /** Lintel's address. */
  publicUrl: string;
  /** The server's signing secret: opt-out links are signed with a key drawn from it. */
  signingSecret: Uint8Array;
}

/**
 * A queued message as its recipient gets it. Mail they may stop carries a signed link that stops
 * it (in the footer, and as `optOutLink` for the List-Unsubscribe header).
 */
export async function renderMessage(
  row: Pick<MailRow, 'kind' | 'data' | 'companyId' | 'recipient'>,
  sender: Sender,
  links: MailLinks,
): Promise<RenderedMail & { optOutLink: string | null }> {
  const kind = row.kind as MailKind;
  const category = MAIL_OPT_OUT_CATEGORY[kind];
  const optOutLink =
    category && row.companyId
      ? new URL(
          `/opt-out?token=${signOptOut(links.signingSecret, { companyId: row.companyId, email: row.recipient, category })}`,
          links.publicUrl,
        ).href
      : null;
  const rendered = await renderMail(
    kind,
    row.data,
    {
      ...sender,
      optOut: category && optOutLink ? { what: MAIL_OPT_OUT_LABELS[category], link: optOutLink } : null,
    },
    links.publicUrl,
  );
  return { ...rendered, optOutLink };
}
