import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';

/** Who the email comes from, as its reader knows them: the agency, or Lintel for account mail. */
export interface Sender {
  name: string;
  /** An https address of the agency's logo; anything else is left out (mail clients fetch it). */
  logo: string | null;
  /** Mail the reader may stop (reminders, statements): what it is and the signed link that stops it. */
  optOut?: { what: string; link: string } | null;
}

/** SPEC §9's primary blue, darkened where it carries text (as the web's theme does, for 4.5:1). */
export const BRAND_TEXT = '#1565c0';

export function EmailLayout({
  sender,
  preview,
  children,
}: {
  sender: Sender;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{preview}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: '#f5f5f5',
          fontFamily: 'Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: 560, padding: 24, borderRadius: 4 }}>
          <Section>
            {sender.logo && /^https:\/\//.test(sender.logo) ? (
              <Img src={sender.logo} alt={sender.name} height={40} />
            ) : (
              <Text style={{ color: BRAND_TEXT, fontSize: 20, fontWeight: 700, margin: 0 }}>
                {sender.name}
              </Text>
            )}
          </Section>
          <Hr style={{ borderColor: '#e0e0e0' }} />
          {children}
          <Hr style={{ borderColor: '#e0e0e0' }} />
          <Text style={{ color: '#616161', fontSize: 12 }}>Sent by {sender.name} through Lintel.</Text>
          {sender.optOut && (
            <Text style={{ color: '#616161', fontSize: 12 }}>
              Rather not get {sender.optOut.what} from {sender.name} by email?{' '}
              <Link href={sender.optOut.link} style={{ color: BRAND_TEXT, textDecoration: 'underline' }}>
                Stop these emails
              </Link>
              .
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#212121', fontSize: 15, lineHeight: '24px' } as const;
export const button = {
  backgroundColor: BRAND_TEXT,
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: 4,
  fontWeight: 700,
  textDecoration: 'none',
  display: 'inline-block',
} as const;
