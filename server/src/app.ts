import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { webDistFolder } from './config.ts';
import type { Database } from './db/client.ts';
import compress from '@fastify/compress';
import { authRoutes, DEFAULT_SIGNUPS_PER_ADDRESS, resolveSigningSecret } from './features/auth/index.ts';
import { accountRoutes } from './features/accounts/index.ts';
import { bankingRoutes } from './features/banking/index.ts';
import { ledgerRoutes } from './features/ledger/index.ts';
import { auditRoutes } from './features/audit/index.ts';
import { companyRoutes } from './features/companies/index.ts';
import { dataSyncRoutes } from './features/data-sync/index.ts';
import { dashboardRoutes } from './features/dashboard/index.ts';
import { financeRoutes } from './features/finance/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { invoiceRoutes } from './features/invoices/index.ts';
import { ownerRoutes } from './features/owners/index.ts';
import { paymentRoutes } from './features/payments/index.ts';
import { leaseRoutes } from './features/leases/index.ts';
import { maintenanceRoutes } from './features/maintenance/index.ts';
import { notificationRoutes } from './features/notifications/index.ts';
import { levyRoutes } from './features/levies/index.ts';
import { propertyRoutes } from './features/properties/index.ts';
import { reportRoutes } from './features/reports/index.ts';
import { taskRoutes } from './features/tasks/index.ts';
import { tenantRoutes } from './features/tenants/index.ts';
import { transferRoutes } from './features/transfers/index.ts';
import { vatRoutes } from './features/vat/index.ts';
import { userRoutes } from './features/users/index.ts';
import { mailRoutes, type MailSettings } from './features/mail/index.ts';
import { ownerStatementRoutes } from './features/owner-statements/index.ts';
import { MAIL_ATTACHMENTS } from './mail-attachments.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, toBody } from './plugins/errors.ts';
import { securityPlugin, setSecurityHeaders } from './plugins/security.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    signingSecret: Uint8Array;
  }
}

export interface AppOptions {
  database: Database;
  config: Pick<Config, 'jwtSecret' | 'cookieSecure' | 'logLevel' | 'prettyLogs'> &
    Partial<Pick<Config, 'trustedOrigins' | 'trustProxy' | 'signupsPerAddress'>> & {
      /** Unset: mail is kept, not sent (no SMTP_URL), and links lead to localhost:5000. */
      mail?: { delivery: MailSettings['delivery']; publicUrl: string };
    };
  webRoot?: string;
}

const PREVIEW_MAIL = { delivery: 'preview', publicUrl: 'http://localhost:5000' } as const;

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** A hop count as the function Fastify's types expect: the nearest `hops` proxies are believed. */
const trustProxy = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp({
  database,
  config,
  webRoot = webDistFolder,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.prettyLogs ? { transport: { target: 'pino-pretty' } } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxy(config.trustProxy ?? false),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Errors raised before routing (bad or over-long URLs) get the same body as every other error.
    frameworkErrors: (error, req, reply: FastifyReply) => {
      const { statusCode, body } = toBody(error);
      // No hook runs for these: the headers every answer carries are set here.
      setSecurityHeaders(req, reply);
      void reply.status(statusCode).header('x-request-id', req.id).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('signingSecret', await resolveSigningSecret(database.db, config.jwtSecret));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    cookieSecure: config.cookieSecure,
    trustedOrigins: config.trustedOrigins ?? [],
  });
  // gzip, Brotli or deflate as the client accepts, for answers of 1 kB and more (a whole property
  // list of 10,000 is 6 MB of JSON); the notification stream is left alone (text/event-stream).
  // Static files the build compressed already go out as they are (plugins/web.ts); the rest here.
  await app.register(compress);
  await app.register(docsPlugin);
  await app.register(tenantPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        cookieSecure: config.cookieSecure,
        signupsPerAddress: config.signupsPerAddress ?? DEFAULT_SIGNUPS_PER_ADDRESS,
      });
      await api.register(companyRoutes);
      await api.register(userRoutes);
      await api.register(propertyRoutes);
      await api.register(tenantRoutes);
      await api.register(leaseRoutes);
      await api.register(auditRoutes);
      await api.register(ownerRoutes);
      await api.register(financeRoutes);
      await api.register(paymentRoutes);
      await api.register(maintenanceRoutes);
      await api.register(accountRoutes);
      await api.register(ledgerRoutes);
      await api.register(invoiceRoutes);
      await api.register(notificationRoutes);
      await api.register(taskRoutes);
      await api.register(levyRoutes);
      await api.register(dataSyncRoutes);
      await api.register(reportRoutes);
      await api.register(dashboardRoutes);
      await api.register(transferRoutes);
      await api.register(vatRoutes);
      await api.register(bankingRoutes);
      await api.register(ownerStatementRoutes);
      const mail = config.mail ?? PREVIEW_MAIL;
      await api.register(mailRoutes, {
        delivery: mail.delivery,
        links: { publicUrl: mail.publicUrl, signingSecret: app.signingSecret },
        attachments: MAIL_ATTACHMENTS,
      });
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { root: webRoot });
  return app;
}
