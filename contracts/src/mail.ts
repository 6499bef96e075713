import { z } from 'zod';
import { call, envelope, IdParam, pageEnvelope, PageQuery, Timestamp } from './common.ts';

/** What a message is about; each kind has its template on the server. */
export const MAIL_KINDS = [
  'password-reset',
  'invitation',
  'receipt',
  'payment-reversed',
  'owner-statement',
  'lease-ending',
  'approval-waiting',
  'arrears-reminder',
  'invoice',
  'invoice-overdue',
] as const;
export const MailKind = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKind>;

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'password-reset': 'Password reset',
  invitation: 'Invitation',
  receipt: 'Receipt',
  'payment-reversed': 'Payment reversed',
  'owner-statement': 'Owner statement',
  'lease-ending': 'Lease ending',
  'approval-waiting': 'Approval waiting',
  'arrears-reminder': 'Arrears reminder',
  invoice: 'Invoice',
  'invoice-overdue': 'Invoice overdue',
};

/** What a recipient may opt out of, by a signed link in such an email. Security mail is not among them. */
export const MAIL_OPT_OUT_CATEGORIES = ['reminders', 'statements'] as const;
export type MailOptOutCategory = (typeof MAIL_OPT_OUT_CATEGORIES)[number];

/** The kinds a recipient may opt out of, and under which category; any kind not here always goes. */
export const MAIL_OPT_OUT_CATEGORY: Partial<Record<MailKind, MailOptOutCategory>> = {
  'owner-statement': 'statements',
  'arrears-reminder': 'reminders',
  'invoice-overdue': 'reminders',
};

/**
 * queued: waiting for the sender (or, with no mail server set, kept to be looked at);
 * sending: claimed by a sender right now; sent: the mail server accepted it;
 * failed: refused for good (a 5xx answer) or still failing after the last attempt.
 */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export const MailState = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof MailState>;

export const MailMessage = z.object({
  _id: z.string(),
  kind: MailKind,
  to: z.string(),
  subject: z.string(),
  state: MailState,
  attempts: z.number().int(),
  /** The mail server's last answer when it refused, or why it could not be reached. */
  lastError: z.string().nullable(),
  /** The Message-ID header: the same on every attempt, so a message sent twice is one message. */
  messageId: z.string(),
  /** What the mail server answered when it accepted the message. */
  serverReply: z.string().nullable(),
  createdAt: Timestamp,
  sentAt: Timestamp.nullable(),
  nextAttemptAt: Timestamp.nullable(),
});
export type MailMessage = z.infer<typeof MailMessage>;

export const MailAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
});

/** A message as the recipient reads it: both parts, rendered from the data it was queued with. */
export const MailMessageDetail = MailMessage.extend({
  html: z.string(),
  text: z.string(),
  attachments: z.array(MailAttachment),
});
export type MailMessageDetail = z.infer<typeof MailMessageDetail>;

export const MailQuery = PageQuery.extend({
  kind: MailKind.optional(),
  state: MailState.optional(),
});
export type MailQuery = z.infer<typeof MailQuery>;

/** smtp: messages are delivered; preview: no mail server is set, so messages are kept, not sent. */
export const MailDelivery = z.object({ mode: z.enum(['smtp', 'preview']) });
export type MailDelivery = z.infer<typeof MailDelivery>;

export const MAIL_OPT_OUT_LABELS: Record<MailOptOutCategory, string> = {
  reminders: 'payment reminders',
  statements: 'statements',
};

export const OPT_OUT_LINK_INVALID = 'This link is not valid. Please use the link in the latest email.';

/** What a signed opt-out link stops: which company's mail of which category, to which address. */
export const MailOptOut = z.object({
  companyName: z.string(),
  email: z.string(),
  category: z.enum(MAIL_OPT_OUT_CATEGORIES),
  /** Already opted out. */
  optedOut: z.boolean(),
});
export type MailOptOut = z.infer<typeof MailOptOut>;

export const MailOptOutToken = z.object({ token: z.string().min(1).max(1000) });

const tag = 'mail';

export const mailApi = {
  list: call('GET', '/mail', {
    summary: "The company's outgoing email, newest first (admin); q searches the recipient",
    tag,
    query: MailQuery,
    reply: pageEnvelope(MailMessage),
  }),
  get: call('GET', '/mail/:id', {
    summary: 'One message as its recipient reads it: HTML and text parts, attachments (admin)',
    tag,
    params: IdParam,
    reply: envelope(MailMessageDetail),
  }),
  resend: call('POST', '/mail/:id/resend', {
    summary: 'Queue a message again, attempts from zero and the same Message-ID (admin)',
    tag,
    params: IdParam,
    reply: envelope(MailMessage),
  }),
  optOutDetails: call('GET', '/mail/opt-out', {
    summary: 'What the signed opt-out link in an email would stop (no sign-in needed)',
    tag,
    access: 'public',
    query: MailOptOutToken,
    reply: envelope(MailOptOut),
  }),
  optOut: call('POST', '/mail/opt-out', {
    summary:
      "Stop a company's reminders or statements to an address, by the signed link in one (no sign-in needed)",
    tag,
    access: 'public',
    body: MailOptOutToken,
    reply: envelope(MailOptOut),
  }),
  delivery: call('GET', '/mail/delivery', {
    summary: 'Whether this server delivers email or, with no mail server set, keeps it (admin)',
    tag,
    reply: envelope(MailDelivery),
  }),
};
