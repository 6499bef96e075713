import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '@lintel/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { todayIso } from '../../features/leases/index.ts';
import {
  addMember,
  companyInput,
  createOwnerRecord,
  expectStatus,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../harness.ts';
import { multipartFile } from '../multipart.ts';
import { caller, createLetProperty, recordPayment, rentBody, setFinanceSettings } from '../money-fixtures.ts';
import { insertStatementLines } from '../bank-fixtures.ts';

/** The kinds of record a company's ids name; the sweeps map path and field names onto them. */
export const ID_KINDS = [
  'company',
  'user',
  'agent',
  'owner',
  'ownerUser',
  'tenant',
  'property',
  'lease',
  'payment',
  'payout',
  'expense',
  'levy',
  'levyCharge',
  'invoice',
  'maintenance',
  'attachment',
  'task',
  'invitation',
  // Banking (issue 17): a trust bank account with a matched line, a line in suspense and an open one.
  'bankAccount',
  'bankLine',
  'bankMatch',
  'suspenseItem',
  'reconciliation',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

export const ROLE_NAMES = ['admin', 'agent', 'accountant', 'owner', 'other'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface World {
  companyId: string;
  users: Record<RoleName, SignedIn>;
  ids: Record<IdKind, string>;
  /** Strings only this company's records hold: every id, the mark in every name, emails. */
  tokens: string[];
}

// A 1×1 PNG; the company's mark is appended after its end, so the file's bytes are its own.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-file upload, as the maintenance attachment form sends it. */
export const pngUpload = (mark = '') =>
  multipartFile('photo.png', 'image/png', Buffer.concat([PNG, Buffer.from(mark)]));

const RECONCILED_THROUGH = '2020-01-31';

/**
 * A company with one user per role (the owner bound to an owner record) and one record of every
 * kind: a let property with rent, a deposit and rent charges, a payment, an expense, a payout, a
 * levy schedule and charge, an issued invoice, a maintenance request with an attachment, a task
 * assigned to the agent (and so a notification), a pending invitation, and a trust bank account
 * with a signed-off reconciliation, a matched line, a line in suspense and an open line. Every name carries the company's mark, a word no other
 * company has.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const mark = `Mk${randomBytes(5).toString('hex')}`;
  const call = caller(t);
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email: uniqueEmail(`admin-${mark}`),
      password: TEST_PASSWORD,
      name: `Admin ${mark}`,
      company: companyInput(`Agency ${mark}`),
    },
  });
  const session = expectStatus(signup, 201);
  const admin: SignedIn = { ...session, auth: { authorization: `Bearer ${session.token}` } };
  const [agent, accountant, owner, other] = await Promise.all(
    (['agent', 'accountant', 'owner', 'other'] as const).map((role) =>
      addMember(t.app, admin, role, `${role} ${mark}`),
    ),
  );
  const users = { admin, agent: agent!, accountant: accountant!, owner: owner!, other: other! };
  const companyId = admin.company._id;
  const co = { ...users, companyId };
  await setFinanceSettings(t, co);

  const ownerId = await createOwnerRecord(t.database, companyId, {
    name: `Owner ${mark}`,
    userId: owner!.user._id,
  });
  const today = todayIso();
  const { property, tenant, lease } = await createLetProperty(t, co, {
    ownerId,
    deposit: 50000,
    startDate: addDays(today, -40),
    endDate: addDays(today, 325),
  });
  await recordPayment(t, accountant!, { ...rentBody(lease, 50000), type: 'deposit', paymentDate: today });
  const payment = await recordPayment(t, accountant!, rentBody(lease, 100000, { paymentDate: today }));
  expectStatus(await call(accountant!, 'POST', '/api/charges/generate'), 200);
  const expense = expectStatus(
    await call(accountant!, 'POST', '/api/expenses', {
      propertyId: property._id,
      supplier: `Supplier ${mark}`,
      description: 'Gutter repair',
      amount: 2000,
      currency: 'USD',
      method: 'cash',
      expenseDate: today,
    }),
    201,
  ).data;
  const payout = expectStatus(
    await call(accountant!, 'POST', '/api/payouts', {
      accountType: 'property',
      accountId: property._id,
      amount: 10000,
      currency: 'USD',
      method: 'bank_transfer',
      payoutDate: today,
    }),
    201,
  ).data;
  const levy = expectStatus(
    await call(accountant!, 'POST', '/api/levies', {
      propertyId: property._id,
      bodyCorporate: `Body corporate ${mark}`,
      amount: 7000,
      currency: 'USD',
      startDate: `${today.slice(0, 7)}-01`,
    }),
    201,
  ).data;
  const charges = expectStatus(await call(accountant!, 'GET', '/api/levies/due'), 200).data;
  const invoice = expectStatus(
    await call(accountant!, 'POST', '/api/invoices', {
      clientType: 'owner',
      clientId: ownerId,
      currency: 'USD',
      issueDate: today,
      dueDate: addDays(today, 30),
      lines: [{ description: `Inspection ${mark}`, quantity: 1, unitPrice: 5000 }],
    }),
    201,
  ).data;
  expectStatus(await call(accountant!, 'POST', `/api/invoices/${invoice._id}/issue`), 200);
  const maintenance = expectStatus(
    await call(admin, 'POST', '/api/maintenance', {
      propertyId: property._id,
      title: `Leak ${mark}`,
      description: 'Water through the ceiling',
      priority: 'high',
      currency: 'USD',
      estimatedCost: 20000,
    }),
    201,
  ).data;
  const upload = pngUpload(mark);
  const attachment = expectStatus(
    await t.app.inject({
      method: 'POST',
      url: `/api/maintenance/${maintenance._id}/attachments`,
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    }),
    201,
  ).data;
  const task = expectStatus(
    await call(admin, 'POST', '/api/tasks', {
      title: `Inspect ${mark}`,
      assigneeId: agent!.user._id,
      link: { type: 'property', id: property._id },
    }),
    201,
  ).data;
  const invitation = expectStatus(
    await call(admin, 'POST', '/api/users/invitations', {
      email: uniqueEmail(`invited-${mark}`),
      role: 'agent',
    }),
    201,
  ).data;
  // Banking: the account through its API, reconciled (and so closed) through a day long before
  // the books begin; today's lines written straight in, one matched, one in suspense, one open.
  const bankAccount: string = expectStatus(
    await call(accountant!, 'POST', '/api/banking/accounts', {
      book: 'trust',
      currency: 'USD',
      name: `Trust ${mark}`,
      bankName: `Bank ${mark}`,
      accountNumber: mark.slice(0, 12),
    }),
    201,
  ).data._id;
  await insertStatementLines(t, co, bankAccount, [{ date: RECONCILED_THROUGH, amount: 0 }], { opening: 0 });
  const reconciliation = expectStatus(
    await call(accountant!, 'POST', `/api/banking/accounts/${bankAccount}/reconciliations`, {
      date: RECONCILED_THROUGH,
    }),
    201,
  ).data;
  const [, parkedLine, openLine] = await insertStatementLines(t, co, bankAccount, [
    {
      date: today,
      amount: 100000,
      description: `Rent ${payment.receiptNumber}`,
      counterparty: `Payer ${mark}`,
    },
    { date: today, amount: 3000, description: `Unknown ${mark}` },
    { date: today, amount: -500, description: `Fee ${mark}` },
  ]);
  expectStatus(await call(accountant!, 'POST', `/api/banking/accounts/${bankAccount}/auto-match`), 200);
  const bankMatch = expectStatus(
    await call(accountant!, 'GET', `/api/banking/accounts/${bankAccount}/lines?state=matched`),
    200,
  ).data[0].matchId;
  expect(bankMatch).toBeTruthy();
  const suspenseItem = expectStatus(
    await call(accountant!, 'POST', `/api/banking/lines/${parkedLine}/suspense`, { note: `Note ${mark}` }),
    201,
  ).data;

  // The task's assignee is notified.
  expect(expectStatus(await call(agent!, 'GET', '/api/notifications'), 200).data).not.toHaveLength(0);

  const ids: Record<IdKind, string> = {
    company: companyId,
    user: admin.user._id,
    agent: agent!.user._id,
    owner: ownerId,
    ownerUser: owner!.user._id,
    tenant: tenant._id,
    property: property._id,
    lease: lease._id,
    payment: payment._id,
    payout: payout._id,
    expense: expense._id,
    levy: levy._id,
    levyCharge: charges[0]._id,
    invoice: invoice._id,
    maintenance: maintenance._id,
    attachment: attachment._id,
    task: task._id,
    invitation: invitation._id,
    bankAccount,
    bankLine: openLine!,
    bankMatch,
    suspenseItem: suspenseItem._id,
    reconciliation: reconciliation._id,
  };
  const tokens = [
    mark,
    property.name,
    tenant.name,
    ...Object.values(ids),
    ...Object.values(users).map((user) => user.user.email),
  ];
  return { companyId, users, ids, tokens };
}

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/** The tables that hold company rows: every table with a company_id column, found, not listed. */
function companyTables(db: Db): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' order by table_name`,
    ).then((rows) => rows.map((row) => row.table_name));
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * Every row a company has, table by table, in a stable order: compare two to see any change.
 * `hashed` gives each table's digest instead of its rows, for frequent comparisons.
 */
export async function snapshotCompany(
  db: Db,
  companyId: string,
  options: { hashed?: boolean } = {},
): Promise<Record<string, string>> {
  const rows = (alias: string) => {
    const all = sql`coalesce(string_agg(${sql.raw(alias)}::text, E'\n' order by ${sql.raw(alias)}::text), '')`;
    return options.hashed ? sql`md5(${all})` : all;
  };
  const selects = [
    sql`select 'companies' as name, ${rows('c')} as rows from companies c where c.id = ${companyId}`,
    ...(await companyTables(db)).map(
      (table) =>
        sql`select ${table} as name, ${rows('r')} as rows
          from ${sql.identifier(table)} r where r.company_id = ${companyId}`,
    ),
  ];
  const found = await queryRows<{ name: string; rows: string }>(db, sql.join(selects, sql` union all `));
  return Object.fromEntries(found.map((row) => [row.name, row.rows]));
}

/** A UUID no record has. */
export const missingId = () => randomUUID();
