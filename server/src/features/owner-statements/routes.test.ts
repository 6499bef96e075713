import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  OPT_OUT_LINK_INVALID,
  OwnerStatementRun,
  OwnerStatementRunLine,
  STATEMENT_MONTH_NOT_ENDED,
} from '@lintel/contracts';
import { queryRows } from '../../db/client.ts';
import {
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  uniqueEmail,
  type TestApp,
} from '../../test/harness.ts';
import {
  caller,
  createLetProperty,
  recordPayment,
  rentBody,
  setFinanceSettings,
  type Company,
} from '../../test/money-fixtures.ts';
import { monthEnd } from '../reports/index.ts';
import { sendDueOwnerStatements } from './index.ts';

const TODAY = new Date().toISOString().slice(0, 10);

// October 2026 has ended whenever these tests run; its statements can always be sent.
const MONTH = '2026-10';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

/** A company with one owner (email on file) paid October's rent, and one owner with no email. */
async function companyWithOwners() {
  const co = await createCompanyWithRoles(t.app);
  await setFinanceSettings(t, co);
  const paid = await createLetProperty(t, co);
  const email = uniqueEmail('owner');
  await t.database.db.execute(sql`update owners set email = ${email} where id = ${paid.ownerId}`);
  await recordPayment(t, co.accountant, rentBody(paid.lease, 100000, { paymentDate: '2026-10-05' }));
  const silent = await createLetProperty(t, co);
  return { co, paid: { ...paid, email }, silent };
}

const preview = async (co: Company, month = MONTH) =>
  OwnerStatementRun.parse(
    expectStatus(await call(co.accountant, 'GET', `/api/owner-statements?month=${month}`), 200).data,
  );

const statementMail = (companyId: string) =>
  queryRows<{
    id: string;
    recipient: string;
    subject: string;
    attachments: { source: string; id: string }[];
  }>(
    t.database.db,
    sql`select id, recipient, subject, attachments from mail_messages
        where company_id = ${companyId} and kind = 'owner-statement' order by created_at`,
  );

describe('owner statement runs', () => {
  it("previews the month's run: each owner with properties, their figures, where the email goes", async () => {
    const { co, paid, silent } = await companyWithOwners();
    const run = await preview(co);
    expect(run).toMatchObject({ month: MONTH, statementDay: 1, sent: false });
    expect(run.owners).toHaveLength(2);
    const paidLine = run.owners.find((line) => line.ownerId === paid.ownerId)!;
    // 1,000.00 rent less 10% commission and 15% VAT on it: 885.00 reaches the owner's account.
    expect(paidLine).toMatchObject({
      email: paid.email,
      hold: null,
      mail: null,
      statements: [
        { currency: 'USD', openingBalance: 0, moneyIn: 88500, moneyOut: 0, closingBalance: 88500 },
      ],
    });
    expect(run.owners.find((line) => line.ownerId === silent.ownerId)).toMatchObject({
      email: null,
      hold: 'no-email',
      statements: [{ currency: 'USD', openingBalance: 0, moneyIn: 0, moneyOut: 0, closingBalance: 0 }],
    });
    // The admin reads it; neither the agent nor an owner may.
    expectStatus(await call(co.admin, 'GET', `/api/owner-statements?month=${MONTH}`), 200);
    expectStatus(await call(co.agent, 'GET', `/api/owner-statements?month=${MONTH}`), 403);
    expectStatus(await call(co.owner, 'GET', `/api/owner-statements?month=${MONTH}`), 403);
  });

  it('sends once per owner and month, however often it is sent, with the PDF of each currency', async () => {
    const { co, paid } = await companyWithOwners();
    const first = expectStatus(
      await call(co.accountant, 'POST', '/api/owner-statements/send', { month: MONTH }),
      200,
    );
    expect(first.data).toEqual({ queued: 1, alreadySent: 0, noEmail: 1, optedOut: 0 });
    const again = expectStatus(
      await call(co.accountant, 'POST', '/api/owner-statements/send', { month: MONTH }),
      200,
    );
    expect(again.data).toEqual({ queued: 0, alreadySent: 1, noEmail: 1, optedOut: 0 });

    const mail = await statementMail(co.companyId);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      recipient: paid.email,
      subject: `Your statement for Oct 2026 from ${co.admin.company.name}`,
      attachments: [{ source: 'owner-statement', id: `${paid.ownerId}:${MONTH}:USD` }],
    });
    const run = await preview(co);
    expect(run.sent).toBe(true);
    expect(run.owners.find((line) => line.ownerId === paid.ownerId)!.mail).toMatchObject({ state: 'queued' });

    // The calendar finds the month's run gone out, and sends nothing more.
    expect(await sendDueOwnerStatements(t.database.db, '2026-11-02', [co.companyId])).toBe(0);
    // Only the accountant sends (the admin reads the books).
    expectStatus(await call(co.admin, 'POST', '/api/owner-statements/send', { month: MONTH }), 403);
  });

  it("sends one owner's statement again as a new message; refuses an owner with no email, or another company's", async () => {
    const { co, paid, silent } = await companyWithOwners();
    expectStatus(await call(co.accountant, 'POST', '/api/owner-statements/send', { month: MONTH }), 200);
    const line = OwnerStatementRunLine.parse(
      expectStatus(
        await call(co.accountant, 'POST', `/api/owner-statements/${paid.ownerId}/send`, { month: MONTH }),
        200,
      ).data,
    );
    const mail = await statementMail(co.companyId);
    expect(mail).toHaveLength(2);
    expect(line.mail!._id).toBe(mail[1]!.id);

    expectError(
      await call(co.accountant, 'POST', `/api/owner-statements/${silent.ownerId}/send`, { month: MONTH }),
      422,
      'OWNER_HAS_NO_EMAIL',
    );
    const other = await companyWithOwners();
    expectError(
      await call(co.accountant, 'POST', `/api/owner-statements/${other.paid.ownerId}/send`, { month: MONTH }),
      404,
    );
    expect(await statementMail(other.co.companyId)).toHaveLength(0);
  });

  it('refuses a month that has not ended, and a month that is not one', async () => {
    const { co } = await companyWithOwners();
    const thisMonth = new Date().toISOString().slice(0, 7);
    const refused = expectError(
      await call(co.accountant, 'POST', '/api/owner-statements/send', { month: thisMonth }),
      422,
      'STATEMENT_MONTH_NOT_ENDED',
    );
    expect(refused.message).toBe(STATEMENT_MONTH_NOT_ENDED);
    expectStatus(await call(co.accountant, 'POST', '/api/owner-statements/send', { month: '2026-13' }), 400);
    expect(await statementMail(co.companyId)).toHaveLength(0);
  });

  it('the calendar sends last month on the statement day, not before, and once', async () => {
    const { co, paid } = await companyWithOwners();
    await setFinanceSettings(t, co, { statementDay: 5 });
    // The company was made today: the first month it can have statements for is this one.
    const nextMonth = addDays(monthEnd(TODAY), 1);
    const on = (day: number) => `${nextMonth.slice(0, 8)}0${day}`;
    expect(await sendDueOwnerStatements(t.database.db, on(4), [co.companyId])).toBe(0);
    expect(await statementMail(co.companyId)).toHaveLength(0);
    expect(await sendDueOwnerStatements(t.database.db, on(5), [co.companyId])).toBe(1);
    expect(await sendDueOwnerStatements(t.database.db, on(6), [co.companyId])).toBe(0);
    const mail = await statementMail(co.companyId);
    expect(mail.map((message) => message.recipient)).toEqual([paid.email]);
    expect(mail[0]!.attachments).toEqual([
      { source: 'owner-statement', id: `${paid.ownerId}:${TODAY.slice(0, 7)}:USD` },
    ]);
    // Months before the company existed have no run.
    expect(await sendDueOwnerStatements(t.database.db, `${TODAY.slice(0, 8)}28`, [co.companyId])).toBe(0);
  });
});

describe('opting out of statements', () => {
  it('the signed link stops the company’s statements to that address, and nothing else', async () => {
    const { co, paid } = await companyWithOwners();
    expectStatus(await call(co.accountant, 'POST', '/api/owner-statements/send', { month: MONTH }), 200);
    const [queued] = await statementMail(co.companyId);
    const detail = expectStatus(await call(co.admin, 'GET', `/api/mail/${queued!.id}`), 200).data;
    const link = /href="([^"]*\/opt-out\?token=[^"]+)"/.exec(detail.html)![1]!.replaceAll('&amp;', '&');
    const token = new URL(link).searchParams.get('token')!;
    expect(detail.text).toContain('Stop these emails');

    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/mail/opt-out?token=${encodeURIComponent(token)}`,
    });
    expect(expectStatus(asked, 200).data).toEqual({
      companyName: co.admin.company.name,
      email: paid.email,
      category: 'statements',
      optedOut: false,
    });
    const stopped = await t.app.inject({ method: 'POST', url: '/api/mail/opt-out', payload: { token } });
    expect(expectStatus(stopped, 200).data.optedOut).toBe(true);
    // Twice is the same as once.
    expectStatus(await t.app.inject({ method: 'POST', url: '/api/mail/opt-out', payload: { token } }), 200);

    const run = await preview(co);
    expect(run.owners.find((line) => line.ownerId === paid.ownerId)!.hold).toBe('opted-out');
    expectError(
      await call(co.accountant, 'POST', `/api/owner-statements/${paid.ownerId}/send`, { month: MONTH }),
      422,
      'OWNER_OPTED_OUT',
    );
    const september = expectStatus(
      await call(co.accountant, 'POST', '/api/owner-statements/send', { month: '2026-09' }),
      200,
    );
    expect(september.data).toMatchObject({ queued: 0, optedOut: 1 });
  });

  it('refuses a token that was changed, or not signed by this server, with one message', async () => {
    const { co } = await companyWithOwners();
    expectStatus(await call(co.accountant, 'POST', '/api/owner-statements/send', { month: MONTH }), 200);
    const [queued] = await statementMail(co.companyId);
    const detail = expectStatus(await call(co.admin, 'GET', `/api/mail/${queued!.id}`), 200).data;
    const token = /opt-out\?token=([^"&]+)/.exec(detail.html)![1]!;
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify([co.companyId, 'someone-else@test.example', 'statements']),
    ).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${payload}.${mac!.slice(1)}x`, 'nonsense', `${payload}`]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/mail/opt-out',
        payload: { token: bad },
      });
      expect(expectError(refused, 400, 'OPT_OUT_LINK_INVALID').message).toBe(OPT_OUT_LINK_INVALID);
    }
    const optOuts = await queryRows(
      t.database.db,
      sql`select 1 from mail_opt_outs where company_id = ${co.companyId}`,
    );
    expect(optOuts).toHaveLength(0);
  });
});
