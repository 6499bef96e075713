import { Heading, Text } from '@react-email/components';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';
import type { InvoiceData } from './invoice.tsx';

/** The same facts as the invoice's own email: the reminder is about that invoice. */
export { InvoiceData as InvoiceOverdueData } from './invoice.tsx';

export const invoiceOverdueSubject = (sender: Sender, data: InvoiceData) =>
  `Invoice ${data.invoiceNumber} from ${sender.name} is overdue`;

export function InvoiceOverdueEmail({ data, sender }: { data: InvoiceData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`Invoice ${data.invoiceNumber} was due on ${data.dueDate}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Invoice {data.invoiceNumber} is overdue
      </Heading>
      <Text style={paragraph}>Hello {data.clientName},</Text>
      <Text style={paragraph}>
        Invoice {data.invoiceNumber} for {data.total} was due on {data.dueDate} and has not been paid yet.
        Please pay it as soon as you can. If you have paid already, thank you.
      </Text>
      <Text style={paragraph}>If you have questions, please contact {sender.name}.</Text>
    </EmailLayout>
  );
}
