import { Button, Heading, Text } from '@react-email/components';
import { z } from 'zod';
import { button, EmailLayout, paragraph, type Sender } from './layout.tsx';

export const PasswordResetData = z.object({
  firstName: z.string(),
  /** The page that takes the token, relative to Lintel's address. */
  path: z.string(),
  minutes: z.number().int(),
});
export type PasswordResetData = z.infer<typeof PasswordResetData>;

export const passwordResetSubject = () => 'Set a new password for Lintel';

export function PasswordResetEmail({
  data,
  link,
  sender,
}: {
  data: PasswordResetData;
  link: string;
  sender: Sender;
}) {
  return (
    <EmailLayout sender={sender} preview="A link to set a new password, good for one hour">
      <Heading as="h1" style={{ fontSize: 22 }}>
        Set a new password
      </Heading>
      <Text style={paragraph}>Hello {data.firstName},</Text>
      <Text style={paragraph}>
        Someone, we hope you, asked to set a new password for your Lintel account. The link below works once,
        for {data.minutes} minutes. Setting a new password signs you out everywhere else.
      </Text>
      <Button href={link} style={button}>
        Set a new password
      </Button>
      <Text style={paragraph}>Or open this address: {link}</Text>
      <Text style={paragraph}>
        If you did not ask for this, you can ignore this email: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}
