import { Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';

export const ReceiptData = z.object({
  payerName: z.string(),
  receiptNumber: z.string(),
  /** Already in the company's money format: "$1,000.00". */
  amount: z.string(),
  /** Already in words people read: "4 November 2026". */
  paymentDate: z.string(),
  propertyName: z.string(),
});
export type ReceiptData = z.infer<typeof ReceiptData>;

export const receiptSubject = (sender: Sender) => `Your receipt from ${sender.name}`;

export function ReceiptEmail({ data, sender }: { data: ReceiptData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`Receipt ${data.receiptNumber} for ${data.amount}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Receipt {data.receiptNumber}
      </Heading>
      <Text style={paragraph}>Hello {data.payerName},</Text>
      <Text style={paragraph}>
        {sender.name} received {data.amount} from you on {data.paymentDate} for {data.propertyName}. Your
        receipt is attached as a PDF.
      </Text>
      <Text style={paragraph}>Thank you.</Text>
    </EmailLayout>
  );
}
