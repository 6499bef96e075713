export { mailRoutes } from './routes.ts';
export type { MailSettings } from './service.ts';
export { queueMail, type QueueOutcome } from './outbox.ts';
export { throughSignIn } from './sign-in-link.ts';
export { MailSender, MAX_ATTEMPTS, retryDelaySeconds, smtpTransport, type MailTransport } from './sender.ts';
export type { AttachmentSources } from './attachments.ts';
export { mailOfCause, optedOutAmong } from './lookups.ts';
