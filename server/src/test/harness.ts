import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { Role, Session } from '@lintel/contracts';
import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { systemTransact } from '../db/scope.ts';
import { insertOwner } from '../features/owners/index.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * Runs a test file's server on a fixed day (the JS clock only; the database's now() still runs):
 * for files whose dates are written out, as rent is raised up to today's month and a month
 * turning over would change what they expect.
 */
export function onTheDay(isoDate: string) {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${isoDate}T12:00:00Z`));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The configuration test apps run with; `overrides` e.g. turn on Secure cookies. */
export const testAppConfig = (overrides: Partial<AppOptions['config']> = {}): AppOptions['config'] => ({
  jwtSecret: 'test-signing-secret-that-is-long-enough',
  cookieSecure: false,
  trustedOrigins: ['http://localhost:5173'],
  // Test files sign up many companies from one address; the throttle's own test sets a low limit.
  signupsPerAddress: 1_000_000,
  logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  prettyLogs: false,
  ...overrides,
});

/**
 * A fresh app on a real database: PGlite from the migrated template, or DATABASE_URL's server
 * (listening on DATABASE_DIRECT_URL when set: `npm run test:pooler` puts PgBouncer in between);
 * or on a database the test prepared itself (e.g. a private PGlite with the demo company).
 */
export async function createTestApp(
  options: { database?: Database; config?: Partial<AppOptions['config']>; webRoot?: string } = {},
): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL;
  const template = process.env.LINTEL_TEST_TEMPLATE;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl,
      directUrl: process.env.DATABASE_DIRECT_URL,
      loadDataDir: !databaseUrl && template ? new Blob([readFileSync(template)]) : undefined,
    }));
  await migrateDatabase(database);
  const app = await buildApp({ database, config: testAppConfig(options.config), webRoot: options.webRoot });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.example`;

export const companyInput = (name = `Agency ${randomUUID().slice(0, 6)}`) => ({
  name,
  address: '1 Test Street, Harare',
  phone: '+263 77 000 0000',
  email: uniqueEmail('office'),
  registrationNumber: 'CR 1/2020',
  tinNumber: '2000000001',
});

export interface SignedIn extends Session {
  /** The helpers sign in users of a company (see signupWithoutCompany for one without). */
  company: NonNullable<Session['company']>;
  /** Headers that authenticate as this user (Bearer). */
  auth: { authorization: string };
}

const signedIn = (session: Session): SignedIn => {
  if (!session.company) throw new Error(`${session.user.email} has no company`);
  return { ...session, company: session.company, auth: { authorization: `Bearer ${session.token}` } };
};

export function expectStatus(response: LightMyRequestResponse, status: number) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** The whole error chain's text: drizzle wraps the driver's error as its cause. */
export async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    return messages.join(' | ');
  }
  throw new Error('expected the statement to fail, but it succeeded');
}

/** The error envelope with this status and code (any code unless given), and a message to show. */
export function expectError(response: LightMyRequestResponse, status: number, code?: string) {
  const body = expectStatus(response, status);
  expect(body).toMatchObject({
    status: 'error',
    code: code ?? expect.any(String),
    message: expect.stringMatching(/\S/),
  });
  return body;
}

/** A request as a user (null: signed out), with a body and more headers when given. */
export type RequestAs = [
  user: SignedIn | null,
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
  headers?: Record<string, string>,
];

export const injectAs = (app: FastifyInstance, ...[user, method, url, payload, headers]: RequestAs) =>
  app.inject({
    method,
    url,
    headers: { ...(user ? user.auth : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

/** Signs in an existing user (e.g. one of the demo company's). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return signedIn(expectStatus(response, 200));
}

/** Signs up a new company; the user is its admin. */
export async function signupAdmin(app: FastifyInstance, name = 'Ada Admin'): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: uniqueEmail('admin'), password: TEST_PASSWORD, name, company: companyInput() },
  });
  return signedIn(expectStatus(response, 201));
}

/** The admin invites a user with a role; the user signs up with the code. */
export async function addMember(
  app: FastifyInstance,
  admin: SignedIn,
  role: Role,
  name = `${role} person`,
): Promise<SignedIn> {
  const email = uniqueEmail(role);
  const invitation = expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/users/invitations',
      headers: admin.auth,
      payload: { email, role },
    }),
    201,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: TEST_PASSWORD, name, company: invitation.data.code },
  });
  return signedIn(expectStatus(response, 201));
}

/** One user of every role in a new company. */
export async function createCompanyWithRoles(app: FastifyInstance) {
  const admin = await signupAdmin(app);
  const [agent, owner, accountant, other] = await Promise.all([
    addMember(app, admin, 'agent'),
    addMember(app, admin, 'owner'),
    addMember(app, admin, 'accountant'),
    addMember(app, admin, 'other'),
  ]);
  return {
    admin,
    agent: agent,
    owner: owner,
    accountant: accountant,
    other: other,
    companyId: admin.company._id,
  };
}

/** Owner records have no API before the people issue; tests create them directly. */
export async function createOwnerRecord(
  database: Database,
  companyId: string,
  values: { name?: string; userId?: string } = {},
): Promise<string> {
  const row = await systemTransact(database.db, (tx) =>
    insertOwner(tx, { companyId, name: values.name ?? 'Olive Owner', userId: values.userId ?? null }),
  );
  return row.id;
}

/** Cookies a response set, as a Cookie header value (name=value; …). */
export function cookieHeader(response: LightMyRequestResponse, extra: Record<string, string> = {}): string {
  const pairs = response.cookies
    .filter((cookie) => cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`);
  return [...pairs, ...Object.entries(extra).map(([name, value]) => `${name}=${value}`)].join('; ');
}
