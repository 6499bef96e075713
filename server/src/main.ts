import type { Socket } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './features/demo/index.ts';
import { expireLeases } from './features/leases/index.ts';
import { notifyInvoicesOverdue, notifyLeasesEndingSoon } from './features/notifications/index.ts';
import { MailSender, smtpTransport } from './features/mail/index.ts';
import { sendDueOwnerStatements } from './features/owner-statements/index.ts';
import { generateAllRentCharges, sendArrearsReminders } from './features/rent/index.ts';
import { notifyTasksDueToday } from './features/tasks/index.ts';
import { runScheduledTransfers } from './features/transfers/index.ts';
import { startRecurringJob } from './lib/jobs.ts';
import { MAIL_ATTACHMENTS } from './mail-attachments.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

function banner(port: number, demo: boolean, databaseKind: string, mailing: boolean): string {
  const lines = [
    ``,
    `  Lintel is running at http://localhost:${port}  (database: ${databaseKind})`,
    `  API docs: http://localhost:${port}/api/docs`,
    mailing
      ? `  Email: sent through SMTP_URL`
      : `  Email: not sent (no SMTP_URL); messages are kept in Admin → Messages`,
  ];
  if (demo) {
    lines.push('', `  Demo logins (password for all: ${DEMO_PASSWORD})`);
    for (const user of DEMO_USERS) lines.push(`    ${user.role.padEnd(11)} ${user.email}`);
  }
  return `${lines.join('\n')}\n\n`;
}

async function start() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  const demo = config.demoData ? await seedDemoData(database.db) : false;
  const app = await buildApp({
    database,
    config: {
      ...config,
      mail: { delivery: config.smtpUrl ? 'smtp' : 'preview', publicUrl: config.publicUrl },
    },
  });
  // With no mail server, messages stay in the outbox for admins to read, and nothing sends them.
  const mailSender =
    config.smtpUrl &&
    new MailSender({
      db: database.db,
      transport: smtpTransport(config.smtpUrl),
      from: config.mailFrom,
      links: { publicUrl: config.publicUrl, signingSecret: app.signingSecret },
      attachments: MAIL_ATTACHMENTS,
      claimSeconds: config.mailClaimSeconds,
      log: app.log,
    });
  if (mailSender) mailSender.start();
  // The books' calendar: leases that ended expire, every month owed is charged, tenants in arrears
  // are reminded (after the charges, so a new month counts), and each company's
  // fee transfer runs on its schedule. Once at start, then hourly; stopped before the database closes.
  const stopCalendar = startRecurringJob(
    'the books calendar',
    async () => ({
      leases: await expireLeases(database.db),
      chargesCreated: await generateAllRentCharges(database.db),
      taskDueNotices: await notifyTasksDueToday(database.db),
      leaseEndingNotices: await notifyLeasesEndingSoon(database.db),
      invoiceOverdueNotices: await notifyInvoicesOverdue(database.db),
      arrearsReminders: await sendArrearsReminders(database.db),
      feeTransfers: await runScheduledTransfers(database.db),
      ownerStatements: await sendDueOwnerStatements(database.db),
    }),
    app.log,
  );
  app.addHook('onClose', async () => {
    await stopCalendar();
    if (mailSender) await mailSender.stop();
    await database.close();
  });

  let closing = false;
  // Node closes only the connections idle when the close begins, and counts one that has sent
  // nothing yet (a browser's preconnect) as busy: either would hold the close open until the time
  // limit. So answers sent while closing close their connection, and while closing, connections
  // that are idle or unused are closed as they turn up.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const closeUnusedConnections = () => {
    app.server.closeIdleConnections();
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    closeUnusedConnections();
    setInterval(closeUnusedConnections, 100).unref();
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(banner(port, demo, database.kind, Boolean(mailSender)));
}

start().catch((error: unknown) => {
  process.stderr.write(
    `Lintel could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
