import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { findCompany } from '../companies/index.ts';
import { makeAttachments, type AttachmentSources } from './attachments.ts';
import * as repo from './repo.ts';
import { renderMessage, type MailLinks } from './message.ts';
import type { Sender } from './templates/index.tsx';

/** What delivers a message: nodemailer's SMTP transport in production and in tests alike. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ response?: string }>;
  close?(): void;
}

/** An SMTP transport from a URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps:// (TLS). */
export const smtpTransport = (url: string): MailTransport => nodemailer.createTransport(url);

/** Attempts before a message that keeps failing for a passing reason is given up. */
export const MAX_ATTEMPTS = 6;

/** After the nth failed attempt: 1, 2, 4, 8, 16 minutes, never more than six hours. */
export const retryDelaySeconds = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 6 * 3600);

/** A 5xx answer means the server will never take this message (no such mailbox, refused). */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  /** The From header: `Lintel <no-reply@agency.example>`. */
  from: string;
  /** Where links in messages lead, and what signs them. */
  links: MailLinks;
  /** What makes the documents messages attach. */
  attachments: AttachmentSources;
  log: FastifyBaseLogger;
  /** How often to look for due messages when the queue was empty. */
  pollMs?: number;
  /** Messages one claim takes. */
  batchSize?: number;
  /** How long a claim holds; a sender killed mid-send loses its claim after this and another resends. */
  claimSeconds?: number;
}

/** The sender named in a message: its company (name and logo), or Lintel for account mail. */
export async function senderOf(db: Db, companyId: string | null): Promise<Sender> {
  if (!companyId) return { name: 'Lintel', logo: null };
  const company = await db.transaction((tx) => findCompany(tx, companyId));
  return { name: company?.name ?? 'Lintel', logo: company?.logo ?? null };
}

/**
 * Delivers the outbox. Any number of senders, in one process or many, share it: each claims a few
 * due messages at a time (FOR UPDATE SKIP LOCKED) and holds them for `claimSeconds`. A sender
 * that dies mid-send leaves its claim to run out, and the message is sent again — at most once
 * more per dead sender, with the same Message-ID, so mail clients show it once.
 */
export class MailSender {
  private readonly options: Required<Omit<MailSenderOptions, 'transport'>> & { transport: MailTransport };
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(options: MailSenderOptions) {
    this.options = { pollMs: 2000, batchSize: 10, claimSeconds: 120, ...options };
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Finishes the message being sent, puts back those claimed but not tried, and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.options.transport.close?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let delivered = 0;
      try {
        delivered = await this.deliverDue();
      } catch (error) {
        this.options.log.error({ err: error }, 'mail: delivering the outbox failed');
      }
      if (delivered === 0 && !this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** One claim's worth: how many messages were tried. */
  async deliverDue(): Promise<number> {
    const { db, batchSize, claimSeconds } = this.options;
    const ids = await repo.claimDue(db, batchSize, claimSeconds);
    for (const [index, id] of ids.entries()) {
      if (this.stopping) {
        await repo.release(db, ids.slice(index));
        return index;
      }
      await this.deliver(id);
    }
    return ids.length;
  }

  private async deliver(id: string): Promise<void> {
    const { db, transport, from, links, attachments, log } = this.options;
    const message = await repo.findMessage(db, id);
    if (!message) return;
    try {
      const sender = await senderOf(db, message.companyId);
      const rendered = await renderMessage(message, sender, links);
      const files = await makeAttachments(attachments, db, message.companyId, message.attachments);
      const info = await transport.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: message.messageId,
        attachments: files,
        // RFC 2369: mail clients offer the same opt-out as the link in the footer.
        ...(rendered.optOutLink && { list: { unsubscribe: rendered.optOutLink } }),
      });
      await repo.markSent(db, id, info.response ?? 'accepted');
      log.info({ mailId: id, kind: message.kind }, 'mail: sent');
    } catch (error) {
      const giveUp = isPermanent(error) || message.attempts >= MAX_ATTEMPTS;
      await repo.markNotSent(db, id, describe(error), giveUp ? null : retryDelaySeconds(message.attempts));
      log.warn({ mailId: id, kind: message.kind, err: error, giveUp }, 'mail: not sent');
    }
  }
}
