import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../server/src/test/smtp.ts';
import { createDatabase, databaseKind, type TestDatabase } from './support/database.ts';
import { until } from './support/load.ts';
import { freePort, startServer, type ServerProcess } from './support/server.ts';

const MESSAGES = 30;
/** The slow mail server: each message waits this long for its 250, so the kill lands mid-send. */
const ACCEPT_AFTER_MS = 300;
/** Short, so the restarted server takes over what the killed one held within the test's time. */
const CLAIM_SECONDS = 5;

async function api(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ token: string }>;
}

describe(`mail: kill -9 of the server while it sends (${databaseKind})`, () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let smtp: TestSmtpServer | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await smtp?.close();
  });

  it(`${MESSAGES} queued emails, a kill mid-send and a restart: every one delivered, none twice but the one cut off, which keeps its Message-ID`, async ({
    annotate,
  }) => {
    smtp = await startSmtpServer({ acceptAfterMs: ACCEPT_AFTER_MS });
    database = await createDatabase();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { SMTP_URL: smtp.url, MAIL_CLAIM_SECONDS: String(CLAIM_SECONDS) };
    server = await startServer(port, database.serverEnv, env);

    const admin = await api(baseUrl, '/api/auth/signup', {
      email: `admin-${randomUUID().slice(0, 8)}@resilience.example`,
      password: 'correct-horse-battery',
      name: 'Mail Admin',
      company: {
        name: `Mail Agency ${randomUUID().slice(0, 6)}`,
        address: '1 Restart Road, Harare',
        phone: '+263 77 000 0000',
        email: `office-${randomUUID().slice(0, 8)}@resilience.example`,
        registrationNumber: 'CR 9/2026',
        tinNumber: '2000000009',
      },
    });
    const addresses = Array.from(
      { length: MESSAGES },
      (_, n) => `invitee-${n}-${randomUUID().slice(0, 6)}@resilience.example`,
    );
    // Each invitation queues its email in the transaction that issues it.
    for (const email of addresses)
      await api(baseUrl, '/api/users/invitations', { email, role: 'agent' }, admin.token);

    const ours = () =>
      smtp!.received.filter((mail) => addresses.includes(mail.to && 'text' in mail.to ? mail.to.text : ''));
    expect(await until(() => ours().length >= 3, 60_000)).toBe(true);
    await server.kill();
    const beforeKill = ours().length;
    await annotate(`${beforeKill} of ${MESSAGES} emails had arrived when the server was killed`);

    server = await startServer(port, database.serverEnv, env);
    const everyRecipient = () =>
      new Set(ours().map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''))).size === MESSAGES;
    expect(await until(everyRecipient, 120_000)).toBe(true);

    const byRecipient = new Map<string, string[]>();
    for (const mail of ours()) {
      const to = mail.to && 'text' in mail.to ? mail.to.text : '';
      byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.messageId!]);
    }
    const twice = [...byRecipient.values()].filter((ids) => ids.length > 1);
    await annotate(`${twice.length} sent twice (cut off between the mail server's copy and its 250)`);
    // At most the one message in hand when the kill landed goes twice, and as the same message.
    expect(twice.length).toBeLessThanOrEqual(1);
    for (const ids of twice) expect(new Set(ids).size).toBe(1);
    expect([...byRecipient.values()].every((ids) => ids.length <= 2)).toBe(true);
  });
});
