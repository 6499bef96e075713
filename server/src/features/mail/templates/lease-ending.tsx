import { Button, Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { button, EmailLayout, paragraph, type Sender } from './layout.tsx';

export const LeaseEndingData = z.object({
  recipientName: z.string(),
  tenantName: z.string(),
  propertyName: z.string(),
  /** Already in words people read: "20 Dec 2026". */
  endDate: z.string(),
  daysLeft: z.number().int().min(0),
  /** The lease's page, through the sign-in page. */
  path: z.string(),
});
export type LeaseEndingData = z.infer<typeof LeaseEndingData>;

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`);

export const leaseEndingSubject = (_sender: Sender, data: LeaseEndingData) =>
  `The lease on ${data.propertyName} ends ${inDays(data.daysLeft)}`;

export function LeaseEndingEmail({
  data,
  link,
  sender,
}: {
  data: LeaseEndingData;
  link: string;
  sender: Sender;
}) {
  return (
    <EmailLayout sender={sender} preview={`${data.tenantName}'s lease ends on ${data.endDate}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        A lease ends {inDays(data.daysLeft)}
      </Heading>
      <Text style={paragraph}>Hello {data.recipientName},</Text>
      <Text style={paragraph}>
        The lease of {data.tenantName} on {data.propertyName} ends on {data.endDate}, {inDays(data.daysLeft)}.
        Renew it, or plan the move-out and the deposit.
      </Text>
      <Button href={link} style={button}>
        Open the lease
      </Button>
      <Text style={paragraph}>Or open this address: {link}</Text>
    </EmailLayout>
  );
}
