import { Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';

export const InvoiceData = z.object({
  clientName: z.string(),
  invoiceNumber: z.string(),
  /** Already in the company's money format: "$1,000.00". */
  total: z.string(),
  /** Already in words people read: "30 Nov 2026". */
  dueDate: z.string(),
});
export type InvoiceData = z.infer<typeof InvoiceData>;

export const invoiceSubject = (sender: Sender, data: InvoiceData) =>
  `Invoice ${data.invoiceNumber} from ${sender.name}`;

export function InvoiceEmail({ data, sender }: { data: InvoiceData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`Invoice ${data.invoiceNumber} for ${data.total}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Invoice {data.invoiceNumber}
      </Heading>
      <Text style={paragraph}>Hello {data.clientName},</Text>
      <Text style={paragraph}>
        {sender.name} has issued invoice {data.invoiceNumber} to you for {data.total}, due on {data.dueDate}.
        The invoice is attached as a PDF.
      </Text>
      <Text style={paragraph}>Thank you.</Text>
    </EmailLayout>
  );
}
