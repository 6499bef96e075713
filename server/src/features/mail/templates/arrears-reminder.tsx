import { Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { ArrearsLetter } from '@lintel/contracts';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';

export const ArrearsReminderData = z.object({
  tenantName: z.string(),
  letter: ArrearsLetter,
  /** Already in the company's money format: "$1,000.00". */
  amount: z.string(),
  /** The month the rent was for, as people read it: "Nov 2026". */
  period: z.string(),
  propertyName: z.string(),
  /** Already in words people read: "1 Nov 2026". */
  dueDate: z.string(),
});
export type ArrearsReminderData = z.infer<typeof ArrearsReminderData>;

const HEADINGS: Record<ArrearsLetter, (data: ArrearsReminderData) => string> = {
  reminder: (data) => `Rent for ${data.period} is overdue`,
  'second-reminder': (data) => `Second reminder: rent for ${data.period} is still unpaid`,
  'letter-of-demand': (data) => `Letter of demand: rent for ${data.period}`,
};

export const arrearsReminderSubject = (sender: Sender, data: ArrearsReminderData) =>
  `${HEADINGS[data.letter](data)} (${sender.name})`;

export function ArrearsReminderEmail({ data, sender }: { data: ArrearsReminderData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`${data.amount} in arrears for ${data.propertyName}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {HEADINGS[data.letter](data)}
      </Heading>
      <Text style={paragraph}>Hello {data.tenantName},</Text>
      <Text style={paragraph}>
        The rent for {data.propertyName} for {data.period} was due on {data.dueDate}, and {data.amount} of it
        is still unpaid.
      </Text>
      {data.letter === 'letter-of-demand' ? (
        <Text style={paragraph}>
          {sender.name} formally demands payment of {data.amount}. The letter of demand is attached as a PDF.
        </Text>
      ) : (
        <Text style={paragraph}>Please pay it as soon as you can. If you have paid already, thank you.</Text>
      )}
      <Text style={paragraph}>If you have questions, please contact {sender.name}.</Text>
    </EmailLayout>
  );
}
