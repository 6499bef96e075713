import { Button, Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { button, EmailLayout, paragraph, type Sender } from './layout.tsx';

export const ApprovalWaitingData = z.object({
  ownerName: z.string(),
  title: z.string(),
  propertyName: z.string(),
  /** Already in the company's money format: "$600.00". */
  estimate: z.string(),
  /** The request's page, through the sign-in page. */
  path: z.string(),
});
export type ApprovalWaitingData = z.infer<typeof ApprovalWaitingData>;

export const approvalWaitingSubject = (_sender: Sender, data: ApprovalWaitingData) =>
  `Your approval is needed: ${data.title} on ${data.propertyName}`;

export function ApprovalWaitingEmail({
  data,
  link,
  sender,
}: {
  data: ApprovalWaitingData;
  link: string;
  sender: Sender;
}) {
  return (
    <EmailLayout sender={sender} preview={`An estimate of ${data.estimate} waits for your approval`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Your approval is needed
      </Heading>
      <Text style={paragraph}>Hello {data.ownerName},</Text>
      <Text style={paragraph}>
        {sender.name} estimates {data.estimate} for “{data.title}” on {data.propertyName}. That is above your
        approval limit, so the work starts once you approve it.
      </Text>
      <Button href={link} style={button}>
        Review the request
      </Button>
      <Text style={paragraph}>Or open this address: {link}</Text>
    </EmailLayout>
  );
}
