import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import type { z } from 'zod';
import type { MailKind } from '@lintel/contracts';
import { ApprovalWaitingData, ApprovalWaitingEmail, approvalWaitingSubject } from './approval-waiting.tsx';
import { ArrearsReminderData, ArrearsReminderEmail, arrearsReminderSubject } from './arrears-reminder.tsx';
import { InvitationData, InvitationEmail, invitationSubject } from './invitation.tsx';
import { InvoiceData, InvoiceEmail, invoiceSubject } from './invoice.tsx';
import { InvoiceOverdueData, InvoiceOverdueEmail, invoiceOverdueSubject } from './invoice-overdue.tsx';
import { LeaseEndingData, LeaseEndingEmail, leaseEndingSubject } from './lease-ending.tsx';
import type { Sender } from './layout.tsx';
import { OwnerStatementData, OwnerStatementEmail, ownerStatementSubject } from './owner-statement.tsx';
import { PasswordResetData, PasswordResetEmail, passwordResetSubject } from './password-reset.tsx';
import { PaymentReversedData, PaymentReversedEmail, paymentReversedSubject } from './payment-reversed.tsx';
import { ReceiptData, ReceiptEmail, receiptSubject } from './receipt.tsx';

export type { Sender } from './layout.tsx';
export { InvitationData } from './invitation.tsx';
export { PasswordResetData } from './password-reset.tsx';

/** `path`, when the data has one, is where the email's link leads, relative to Lintel's address. */
export interface Template<D extends z.ZodType<object>> {
  data: D;
  subject(sender: Sender, data: z.infer<D>): string;
  email(props: { data: z.infer<D>; link: string; sender: Sender }): ReactElement;
}

const template = <D extends z.ZodType<object>>(t: Template<D>) => t;

/** Each kind's data, subject and email. The data is checked when queued and again when rendered. */
export const TEMPLATES = {
  'password-reset': template({
    data: PasswordResetData,
    subject: passwordResetSubject,
    email: PasswordResetEmail,
  }),
  invitation: template({ data: InvitationData, subject: invitationSubject, email: InvitationEmail }),
  receipt: template({ data: ReceiptData, subject: receiptSubject, email: ReceiptEmail }),
  'payment-reversed': template({
    data: PaymentReversedData,
    subject: paymentReversedSubject,
    email: PaymentReversedEmail,
  }),
  'owner-statement': template({
    data: OwnerStatementData,
    subject: ownerStatementSubject,
    email: OwnerStatementEmail,
  }),
  'lease-ending': template({ data: LeaseEndingData, subject: leaseEndingSubject, email: LeaseEndingEmail }),
  'approval-waiting': template({
    data: ApprovalWaitingData,
    subject: approvalWaitingSubject,
    email: ApprovalWaitingEmail,
  }),
  'arrears-reminder': template({
    data: ArrearsReminderData,
    subject: arrearsReminderSubject,
    email: ArrearsReminderEmail,
  }),
  invoice: template({ data: InvoiceData, subject: invoiceSubject, email: InvoiceEmail }),
  'invoice-overdue': template({
    data: InvoiceOverdueData,
    subject: invoiceOverdueSubject,
    email: InvoiceOverdueEmail,
  }),
} satisfies Record<MailKind, unknown>;

export type MailData<K extends MailKind> = z.infer<(typeof TEMPLATES)[K]['data']>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The email as its recipient reads it: HTML and plain text from one React Email component. React
 * escapes every value it draws, so a name or address typed by anyone cannot become markup.
 */
export async function renderMail(
  kind: MailKind,
  rawData: unknown,
  sender: Sender,
  publicUrl: string,
): Promise<RenderedMail> {
  const t = TEMPLATES[kind] as Template<z.ZodType<{ path?: string }>>;
  const data = t.data.parse(rawData);
  const link = new URL(data.path ?? '/', publicUrl).href;
  const element = t.email({ data, link, sender });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t.subject(sender, data), html, text };
}
