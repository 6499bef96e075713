import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The server package's folder, the same from src/ (tsx) and dist/ (bundle). */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const webDistFolder = path.join(serverRoot, '..', 'web', 'dist');

/** SPEC §7: a client served on localhost:5173 or :3000 calls the API on localhost:5000. */
export const DEV_ORIGINS = 'http://localhost:5173,http://localhost:3000';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  // The same database without a transaction-mode pooler in between (docs/deploy.md), for what
  // needs a session of its own: LISTEN. Unset: DATABASE_URL.
  DATABASE_DIRECT_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: flag.default(true),
  COOKIE_SECURE: flag.default(false),
  // Behind a load balancer: which X-Forwarded-For hops to believe, so the sign-in throttle and the
  // logs see the browser's address rather than the balancer's.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value) => {
      if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean);
    }),
  // Other origins whose pages may call the API with the browser's cookies (CORS with credentials,
  // and the origin check on cookie-authenticated writes). Unset: none in production; in
  // development the dev servers of SPEC §7 (localhost:5173 and :3000 call the API on :5000).
  TRUSTED_ORIGINS: z.string().optional(),
  // Sign-up attempts one address may make in 15 minutes (features/auth/throttle.ts).
  SIGNUP_LIMIT: z.coerce.number().int().min(1).optional(),
  // Where email goes: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465 (TLS).
  // Unset: messages are kept in the outbox, to be read in Admin → Messages, and not sent.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Lintel <no-reply@lintel.localhost>'),
  // How long a sender holds the messages it claimed: a sender that dies mid-send leaves them to
  // another (or itself, restarted) after this many seconds.
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  // Lintel's address as people reach it: links in emails lead there. Unset: http://localhost:PORT.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** What needs a session of its own (LISTEN) connects here: DATABASE_DIRECT_URL or DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  demoData: boolean;
  cookieSecure: boolean;
  /** Fastify's trustProxy: believe every proxy, the nearest n hops, or these addresses / CIDRs. */
  trustProxy: boolean | number | string[];
  /** Origins besides Lintel's own trusted with cookie-authenticated calls (see TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /** Sign-up attempts per address per 15 minutes; unset: the default (20). */
  signupsPerAddress: number | undefined;
  /** Unset: mail is kept, not sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailClaimSeconds: number;
  publicUrl: string;
  logLevel: string;
  prettyLogs: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`JWT_SECRET=`) means "not set", as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    demoData: e.DEMO_DATA,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? (e.NODE_ENV === 'development' ? DEV_ORIGINS : ''))
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    signupsPerAddress: e.SIGNUP_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailClaimSeconds: e.MAIL_CLAIM_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    prettyLogs: e.NODE_ENV === 'development',
  };
}
