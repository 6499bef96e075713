import { Button, Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { ROLES } from '@lintel/contracts';
import { button, EmailLayout, paragraph, type Sender } from './layout.tsx';

export const InvitationData = z.object({
  inviterName: z.string(),
  role: z.enum(ROLES),
  /** The sign-up page with the invitation code, relative to Lintel's address. */
  path: z.string(),
  expiresAt: z.string(),
});
export type InvitationData = z.infer<typeof InvitationData>;

const ROLE_NAMES: Record<InvitationData['role'], string> = {
  admin: 'an administrator',
  agent: 'an agent',
  owner: 'a property owner',
  accountant: 'an accountant',
  other: 'a team member',
};

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const invitationSubject = (sender: Sender) => `You are invited to join ${sender.name} on Lintel`;

export function InvitationEmail({
  data,
  link,
  sender,
}: {
  data: InvitationData;
  link: string;
  sender: Sender;
}) {
  return (
    <EmailLayout sender={sender} preview={`${data.inviterName} invites you to ${sender.name} on Lintel`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Join {sender.name}
      </Heading>
      <Text style={paragraph}>
        {data.inviterName} invites you to join {sender.name} on Lintel as {ROLE_NAMES[data.role]}.
      </Text>
      <Button href={link} style={button}>
        Accept the invitation
      </Button>
      <Text style={paragraph}>Or open this address: {link}</Text>
      <Text style={paragraph}>The invitation works once, until {longDate(data.expiresAt)}.</Text>
    </EmailLayout>
  );
}
