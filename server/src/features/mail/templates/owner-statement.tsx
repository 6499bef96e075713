import { Column, Heading, Row, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { EmailLayout, paragraph, type Sender } from './layout.tsx';

export const OwnerStatementData = z.object({
  ownerName: z.string(),
  /** The month as people read it: "October 2026". */
  month: z.string(),
  /** One per currency, amounts already in the company's money format. */
  statements: z.array(
    z.object({
      currency: z.string(),
      opening: z.string(),
      moneyIn: z.string(),
      moneyOut: z.string(),
      closing: z.string(),
    }),
  ),
});
export type OwnerStatementData = z.infer<typeof OwnerStatementData>;

export const ownerStatementSubject = (sender: Sender, data: OwnerStatementData) =>
  `Your statement for ${data.month} from ${sender.name}`;

const cell = { ...paragraph, margin: 0, padding: '2px 0' } as const;
const figure = { ...cell, textAlign: 'right' } as const;

export function OwnerStatementEmail({ data, sender }: { data: OwnerStatementData; sender: Sender }) {
  return (
    <EmailLayout sender={sender} preview={`Your statement for ${data.month}`}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        Your statement for {data.month}
      </Heading>
      <Text style={paragraph}>Hello {data.ownerName},</Text>
      <Text style={paragraph}>
        Your statement from {sender.name} for {data.month} is attached as a PDF: every amount received and
        paid out for your properties.
      </Text>
      {data.statements.map((statement) => (
        <Section key={statement.currency} style={{ marginBottom: 16 }}>
          {data.statements.length > 1 && (
            <Text style={{ ...paragraph, fontWeight: 700, margin: '8px 0' }}>{statement.currency}</Text>
          )}
          {(
            [
              ['Opening balance', statement.opening],
              ['Money in', statement.moneyIn],
              ['Money out', statement.moneyOut],
              ['Closing balance', statement.closing],
            ] as const
          ).map(([label, value]) => (
            <Row key={label}>
              <Column>
                <Text style={cell}>{label}</Text>
              </Column>
              <Column>
                <Text style={figure}>{value}</Text>
              </Column>
            </Row>
          ))}
        </Section>
      ))}
      <Text style={paragraph}>If anything in it looks wrong, please contact {sender.name}.</Text>
    </EmailLayout>
  );
}
