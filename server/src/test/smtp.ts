import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or smtpTransport. */
  url: string;
  /** Every message accepted, parsed as a mail client would. */
  received: ParsedMail[];
  /** From now on, refuse every recipient with this SMTP code (4xx: try later, 5xx: never); null accepts again. */
  refuseWith(code: number | null): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server), which keeps and parses what it is sent.
 * `acceptAfterMs` holds each message that long after it has arrived before saying 250, as a slow
 * mail server does: a sender killed in that window has delivered a message it never heard back on.
 */
export async function startSmtpServer(options: { acceptAfterMs?: number } = {}): Promise<TestSmtpServer> {
  let refusal: number | null = null;
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal === null) return callback();
      const error = new Error(refusal >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later');
      return callback(Object.assign(error, { responseCode: refusal }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          setTimeout(() => callback(), options.acceptAfterMs ?? 0);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith: (code) => {
      refusal = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
