import type { AttachmentSources } from './features/mail/index.ts';
import { ownerStatementForMail } from './features/owner-statements/index.ts';
import { invoiceForMail } from './features/invoices/index.ts';
import { receiptForMail } from './features/payments/index.ts';
import { letterOfDemandForMail } from './features/rent/index.ts';

/**
 * The documents email can carry, each made by the code behind its download. Assembled here, by the
 * app, rather than in the mail feature: the features that make them also queue mail.
 */
export const MAIL_ATTACHMENTS: AttachmentSources = {
  receipt: receiptForMail,
  'owner-statement': ownerStatementForMail,
  'letter-of-demand': letterOfDemandForMail,
  invoice: invoiceForMail,
};
