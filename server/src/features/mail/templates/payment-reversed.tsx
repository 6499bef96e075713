import { Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';

export const PaymentReversedData = z.object({
  payerName: z.string(),
  receiptNumber: z.string(),
  amount: z.string(),
  paymentDate: z.string(),
  propertyName: z.string(),
  reason: z.string(),
});
export type PaymentReversedData = z.infer<typeof PaymentReversedData>;

export const paymentReversedSubject = (sender: Sender) => `A payment to ${sender.name} was reversed`;

export function PaymentReversedEmail({ data, sender }: { data: PaymentReversedData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`Receipt ${data.receiptNumber} no longer stands`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Receipt {data.receiptNumber} was reversed
      </Heading>
      <Text style={paragraph}>Hello {data.payerName},</Text>
      <Text style={paragraph}>
        The payment of {data.amount} on {data.paymentDate} for {data.propertyName} was reversed, so its
        receipt no longer stands. The reason given: {data.reason}
      </Text>
      <Text style={paragraph}>If you did not expect this, please contact {sender.name}.</Text>
    </EmailLayout>
  );
}
