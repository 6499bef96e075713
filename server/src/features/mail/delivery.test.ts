import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, RESET_LINK_INVALID } from '@lintel/contracts';
import { openDatabase, queryRows } from '../../db/client.ts';
import {
  addMember,
  createCompanyWithRoles,
  createTestApp,
  expectError,
  expectStatus,
  signupAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  createLetProperty,
  createOwnerOfUser,
  recordPayment,
  rentBody,
  setFinanceSettings,
} from '../../test/money-fixtures.ts';
import { createScratchDatabase } from '../../test/security/servers.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { readPdfText } from '../../lib/documents/read-pdf-text.ts';
import { MAIL_ATTACHMENTS } from '../../mail-attachments.ts';
import { notifyInvoicesOverdue, notifyLeasesEndingSoon } from '../notifications/index.ts';
import { sendArrearsReminders } from '../rent/index.ts';
import { MailSender, MAX_ATTEMPTS, smtpTransport } from './index.ts';

// Every test here that delivers mail is in this one file, and on DATABASE_URL's server it works in
// a database of its own: a sender takes whatever is due in its database, so on the shared one it
// would deliver (change) other test files' messages while they look at them.

const PUBLIC_URL = 'http://lintel.test';
let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;

const newSender = () =>
  new MailSender({
    db: t.database.db,
    transport: smtpTransport(smtp.url),
    from: 'Lintel <no-reply@lintel.test>',
    links: { publicUrl: PUBLIC_URL, signingSecret: t.app.signingSecret },
    attachments: MAIL_ATTACHMENTS,
    log: t.app.log,
  });

/** Runs one sender until nothing is due. */
async function deliverAll(sender = newSender()): Promise<void> {
  while ((await sender.deliverDue()) > 0);
}

const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);

const messageRow = (recipient: string) =>
  queryRows<{
    id: string;
    state: string;
    attempts: number;
    last_error: string | null;
    message_id: string;
    company_id: string | null;
    retry_in: number;
  }>(
    t.database.db,
    sql`select id, state, attempts, last_error, message_id, company_id,
          extract(epoch from next_attempt_at - now())::float8 as retry_in
        from mail_messages where recipient = ${recipient} order by created_at`,
  );

const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
const login = (email: string, password: string, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const forgot = (email: string, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

/** An invitation by email, issued by the company's admin unless `by` says otherwise (201 or not). */
const invite = (email: string, role: string, by: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: '/api/users/invitations', headers: by.auth, payload: { email, role } });

/** The "forgot password" emails to this address (people added by invitation got that one too). */
const resetMailTo = (address: string) =>
  mailTo(address).filter((mail) => mail.subject === 'Set a new password for Lintel');

/** The token in the emailed link, read from the plain-text part as a person would copy it. */
function tokenIn(text: string): string {
  const match = /http:\/\/lintel\.test\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

let scratch: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase('mail');
  t = await createTestApp({
    database: scratch ? await openDatabase({ databaseUrl: scratch.url }) : undefined,
    config: { mail: { delivery: 'smtp', publicUrl: PUBLIC_URL } },
  });
  admin = await signupAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await scratch?.drop();
  await smtp.close();
});
beforeEach(() => smtp.refuseWith(null));

describe('forgotten passwords, by email', () => {
  it('emails a single-use link; the new password signs in, the old one and every old session end', async () => {
    const user = await addMember(t.app, admin, 'agent', 'Ann Agent');
    const unknown = uniqueEmail('nobody');

    const known = expectStatus(await forgot(user.user.email), 202);
    expect(known).toEqual({ status: 'success', message: FORGOT_PASSWORD_MESSAGE });
    // No enumeration: an email without an account gets the very same answer, and no mail.
    expect(expectStatus(await forgot(unknown), 202)).toEqual(known);

    await deliverAll();
    expect(mailTo(unknown)).toHaveLength(0);
    const [mail, more] = resetMailTo(user.user.email);
    expect(mail).toBeDefined();
    expect(more).toBeUndefined();
    expect(mail!.from?.value[0]).toMatchObject({ name: 'Lintel', address: 'no-reply@lintel.test' });
    expect(mail!.text).toContain('Hello Ann,');
    expect(mail!.html).toContain('Set a new password');
    const row = (await messageRow(user.user.email)).find((message) => message.company_id === null);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, company_id: null });
    expect(mail!.messageId).toBe(row!.message_id);
    const token = tokenIn(mail!.text!);
    expect(mail!.html).toContain(`/reset-password?token=${token}`);

    expectError(await reset(token, 'short'), 400, 'VALIDATION');
    expectStatus(await reset(token, 'a-brand-new-password'), 200);
    // One use only.
    expect(expectError(await reset(token, 'another-new-password'), 400, 'RESET_LINK_INVALID').message).toBe(
      RESET_LINK_INVALID,
    );

    expectError(await login(user.user.email, TEST_PASSWORD), 400, 'INVALID_CREDENTIALS');
    expectStatus(await login(user.user.email, 'a-brand-new-password'), 200);
    // The sessions from before the reset are over: the access token and the refresh token.
    expectStatus(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth }), 401);
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refreshToken: user.refreshToken },
      }),
      401,
    );
  });

  it('refuses a link older than an hour, and an unknown one, with the same words', async () => {
    const user = await addMember(t.app, admin, 'accountant');
    expectStatus(await forgot(user.user.email), 202);
    await deliverAll();
    const token = tokenIn(resetMailTo(user.user.email)[0]!.text!);
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second'
          where user_id = ${user.user._id}`,
    );
    expect(expectError(await reset(token, 'a-brand-new-password'), 400, 'RESET_LINK_INVALID').message).toBe(
      RESET_LINK_INVALID,
    );
    expect(expectError(await reset('made-up-token', 'a-brand-new-password'), 400).message).toBe(
      RESET_LINK_INVALID,
    );
    expectStatus(await login(user.user.email, TEST_PASSWORD), 200);
  });

  it('throttles requests per email (5 in 15 minutes) whether or not it has an account', async () => {
    for (const email of [uniqueEmail('flood'), (await addMember(t.app, admin, 'other')).user.email]) {
      for (let n = 0; n < 5; n += 1) expectStatus(await forgot(email), 202);
      expect(expectError(await forgot(email), 429).message).toMatch(/^Too many requests for a new password/);
    }
  });

  it('a stranger guessing from elsewhere cannot lock the owner out; a reset link lets a locked-out person in', async () => {
    const user = await addMember(t.app, admin, 'agent');
    const stranger = newAddress();
    for (let n = 0; n < 10; n += 1) expectError(await login(user.user.email, 'guess', stranger), 400);
    expectError(await login(user.user.email, TEST_PASSWORD, stranger), 429);
    // The owner, from their own address, is not locked by the stranger's guesses.
    const home = newAddress();
    expectStatus(await login(user.user.email, TEST_PASSWORD, home), 200);

    // Guessing from many addresses reaches the email's own, higher ceiling: locked everywhere...
    for (let n = 0; n < 100; n += 1) await login(user.user.email, 'guess', newAddress());
    expectError(await login(user.user.email, TEST_PASSWORD, home), 429);
    // ...until the owner sets a new password through the emailed link.
    expectStatus(await forgot(user.user.email, home), 202);
    await deliverAll();
    const token = tokenIn(resetMailTo(user.user.email).at(-1)!.text!);
    expectStatus(await reset(token, 'a-brand-new-password'), 200);
    expectStatus(await login(user.user.email, 'a-brand-new-password', home), 200);
  });
});

describe('invitations, by email', () => {
  it('emails the invitation with its sign-up link, in the company name, every value escaped', async () => {
    const inviter = await addMember(t.app, admin, 'admin', '<b>Eve</b> & Co');
    const email = uniqueEmail('invitee');
    const invitation = expectStatus(await invite(email, 'accountant', inviter), 201).data;
    await deliverAll();
    const [mail] = mailTo(email);
    expect(mail!.subject).toBe(`You are invited to join ${admin.company.name} on Lintel`);
    expect(mail!.text).toContain(`${PUBLIC_URL}${invitation.signupPath}`);
    expect(mail!.text).toContain('<b>Eve</b> & Co invites you');
    expect(mail!.html).not.toContain('<b>Eve</b>');
    expect(mail!.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; Co');
  });

  it('queues one message per invitation, even when the same email is invited twice', async () => {
    const email = uniqueEmail('twice');
    for (let n = 0; n < 2; n += 1) {
      expectStatus(await invite(email, 'agent'), 201);
    }
    expect(await messageRow(email)).toHaveLength(2);
  });
});

describe('receipts, by email', () => {
  it('emails the tenant the receipt PDF when the company has it on, and a note when the payment is reversed', async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co, { emailReceipts: true });
    const { lease, tenant } = await createLetProperty(t, co);
    const email = uniqueEmail('tenant');
    await t.database.db.execute(sql`update tenants set email = ${email} where id = ${tenant._id}`);
    const payment = await recordPayment(t, co.accountant, rentBody(lease, 100000));
    await deliverAll();

    const [receipt] = mailTo(email);
    expect(receipt!.subject).toBe(`Your receipt from ${co.admin.company.name}`);
    expect(receipt!.text).toContain(`received $1,000.00 from you on 20 Nov 2026`);
    expect(receipt!.attachments).toHaveLength(1);
    const [pdf] = receipt!.attachments;
    expect(pdf).toMatchObject({
      filename: `receipt-${payment.receiptNumber}.pdf`,
      contentType: 'application/pdf',
    });
    const { text } = await readPdfText(pdf!.content);
    expect(text).toContain(payment.receiptNumber);
    expect(text).toContain('$1,000.00');

    // Admin → Messages lists the attachment the message carries.
    const listed = expectStatus(
      await t.app.inject({ method: 'GET', url: `/api/mail?kind=receipt`, headers: co.admin.auth }),
      200,
    ).data;
    expect(listed).toHaveLength(1);
    const detail = expectStatus(
      await t.app.inject({ method: 'GET', url: `/api/mail/${listed[0]._id}`, headers: co.admin.auth }),
      200,
    ).data;
    expect(detail.attachments).toEqual([
      {
        filename: `receipt-${payment.receiptNumber}.pdf`,
        contentType: 'application/pdf',
        bytes: expect.any(Number),
      },
    ]);

    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/${payment._id}/reverse`,
        headers: co.accountant.auth,
        payload: { reason: 'Cheque bounced <again>' },
      }),
      200,
    );
    await deliverAll();
    const notice = mailTo(email).find(
      (mail) => mail.subject === `A payment to ${co.admin.company.name} was reversed`,
    );
    expect(notice!.text).toContain('The reason given: Cheque bounced <again>');
    expect(notice!.html).toContain('Cheque bounced &lt;again&gt;');
    expect(notice!.attachments).toHaveLength(0);
  });

  it('sends nothing when the company has receipts by email off (the default), or the tenant has no email', async () => {
    const co = await createCompanyWithRoles(t.app);
    const { lease, tenant } = await createLetProperty(t, co);
    const email = uniqueEmail('quiet');
    await t.database.db.execute(sql`update tenants set email = ${email} where id = ${tenant._id}`);
    await recordPayment(t, co.accountant, rentBody(lease, 5000));
    await setFinanceSettings(t, co, { emailReceipts: true });
    const second = await createLetProperty(t, co);
    await recordPayment(t, co.accountant, rentBody(second.lease, 5000));
    const queued = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_messages where company_id = ${co.companyId} and kind = 'receipt'`,
    );
    expect(queued[0]!.n).toBe(0);
    expect(await messageRow(email)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('backs off on a 4xx answer and gives up for good on a 5xx', async () => {
    const busy = uniqueEmail('busy');
    const gone = uniqueEmail('gone');
    smtp.refuseWith(451);
    await invite(busy, 'agent');
    await deliverAll();
    const [waiting] = await messageRow(busy);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting!.last_error).toMatch(/451/);
    // The first retry waits a minute.
    expect(waiting!.retry_in).toBeGreaterThan(50);
    expect(waiting!.retry_in).toBeLessThanOrEqual(60);

    // Still refused at the last attempt: failed, not retried.
    await t.database.db.execute(
      sql`update mail_messages set attempts = ${MAX_ATTEMPTS - 1}, next_attempt_at = now() where id = ${waiting!.id}`,
    );
    await deliverAll();
    expect((await messageRow(busy))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });

    smtp.refuseWith(550);
    await invite(gone, 'agent');
    await deliverAll();
    const [refused] = await messageRow(gone);
    expect(refused).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused!.last_error).toMatch(/550/);
    expect(mailTo(busy)).toHaveLength(0);
    expect(mailTo(gone)).toHaveLength(0);

    // An admin sends it again: the same Message-ID, delivered once the server takes it.
    smtp.refuseWith(null);
    const resent = expectStatus(
      await t.app.inject({ method: 'POST', url: `/api/mail/${refused!.id}/resend`, headers: admin.auth }),
      200,
    ).data;
    expect(resent).toMatchObject({ state: 'queued', attempts: 0, messageId: refused!.message_id });
    await deliverAll();
    expect(mailTo(gone).map((mail) => mail.messageId)).toEqual([refused!.message_id]);
  });

  it('two senders at once deliver each message once', async () => {
    const emails = Array.from({ length: 12 }, (_, n) => uniqueEmail(`pair${n}`));
    for (const email of emails) {
      await invite(email, 'agent');
    }
    await Promise.all([deliverAll(newSender()), deliverAll(newSender())]);
    for (const email of emails) expect(mailTo(email)).toHaveLength(1);
  });

  it('a sender stopping mid-batch finishes the message in hand and puts the rest back', async () => {
    const emails = Array.from({ length: 3 }, (_, n) => uniqueEmail(`stop${n}`));
    for (const email of emails) {
      await invite(email, 'agent');
    }
    // The sender is told to stop while it sends the first of the three it claimed.
    const smtpOut = smtpTransport(smtp.url);
    let stopped: Promise<void> | undefined;
    const sender: MailSender = new MailSender({
      db: t.database.db,
      transport: {
        sendMail: (message) => {
          stopped ??= sender.stop();
          return smtpOut.sendMail(message);
        },
      },
      from: 'Lintel <no-reply@lintel.test>',
      links: { publicUrl: PUBLIC_URL, signingSecret: t.app.signingSecret },
      attachments: MAIL_ATTACHMENTS,
      log: t.app.log,
    });
    sender.start();
    await expect.poll(() => stopped !== undefined).toBe(true);
    await stopped;
    const rows = (await Promise.all(emails.map(messageRow))).flat();
    expect(rows.map((row) => [row.state, row.attempts]).sort()).toEqual([
      ['queued', 0],
      ['queued', 0],
      ['sent', 1],
    ]);
    await deliverAll();
    for (const email of emails) expect(mailTo(email)).toHaveLength(1);
  });
});

describe('Admin → Messages', () => {
  it("lists and shows the company's messages to its admin only; never another company's, never a password reset", async () => {
    const email = uniqueEmail('listed');
    await invite(email, 'owner');
    expectStatus(await forgot(admin.user.email), 202);

    const list = expectStatus(
      await t.app.inject({
        method: 'GET',
        url: `/api/mail?q=${encodeURIComponent(email)}`,
        headers: admin.auth,
      }),
      200,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ kind: 'invitation', to: email, state: expect.any(String) });
    const all = expectStatus(
      await t.app.inject({ method: 'GET', url: '/api/mail?pageSize=100', headers: admin.auth }),
      200,
    );
    expect(all.data.some((message: { kind: string }) => message.kind === 'password-reset')).toBe(false);

    const detail = expectStatus(
      await t.app.inject({ method: 'GET', url: `/api/mail/${list.data[0]._id}`, headers: admin.auth }),
      200,
    ).data;
    expect(detail.html).toContain('Accept the invitation');
    expect(detail.text).toContain(`${PUBLIC_URL}/signup?code=`);
    expect(detail.attachments).toEqual([]);

    const other = await signupAdmin(t.app);
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/mail/${list.data[0]._id}`, headers: other.auth }),
      404,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/mail/${list.data[0]._id}/resend`,
        headers: other.auth,
      }),
      404,
    );
    const theirs = expectStatus(
      await t.app.inject({
        method: 'GET',
        url: `/api/mail?q=${encodeURIComponent(email)}`,
        headers: other.auth,
      }),
      200,
    );
    expect(theirs.data).toEqual([]);

    // A message a sender holds right now is left to it.
    await t.database.db.execute(
      sql`update mail_messages set state = 'sending' where id = ${list.data[0]._id}`,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/mail/${list.data[0]._id}/resend`,
        headers: admin.auth,
      }),
      409,
      'MAIL_SENDING',
    );

    const agent = await addMember(t.app, admin, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/api/mail', headers: agent.auth }), 403);
    expectStatus(await t.app.inject({ method: 'GET', url: '/api/mail/delivery', headers: admin.auth }), 200);
  });
});

describe('owner statements, by email', () => {
  it("emails each owner last month's statement PDF, with a working link to stop statements", async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const { lease, ownerId } = await createLetProperty(t, co);
    const email = uniqueEmail('owner');
    await t.database.db.execute(sql`update owners set email = ${email} where id = ${ownerId}`);
    await recordPayment(t, co.accountant, rentBody(lease, 100000, { paymentDate: '2026-10-05' }));
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/owner-statements/send',
        headers: co.accountant.auth,
        payload: { month: '2026-10' },
      }),
      200,
    );
    await deliverAll();

    const [mail] = mailTo(email);
    expect(mail!.subject).toBe(`Your statement for Oct 2026 from ${co.admin.company.name}`);
    expect(mail!.text).toMatch(/Money in\s+\$885\.00/);
    expect(mail!.text).toMatch(/Closing balance\s+\$885\.00/);
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf!.filename).toMatch(/^owner statement-.*-2026-10-01-2026-10-31\.pdf$/);
    const { text } = await readPdfText(pdf!.content);
    expect(text).toContain('Owner statement');
    expect(text).toContain('885.00');

    // The footer's link and the List-Unsubscribe header are the same signed link, and it works.
    // mailparser reads the List-Unsubscribe header into `list`.
    const link = (mail!.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url;
    expect(link.startsWith(`${PUBLIC_URL}/opt-out?token=`)).toBe(true);
    expect(mail!.text).toContain(link);
    const token = new URL(link).searchParams.get('token')!;
    const stopped = await t.app.inject({ method: 'POST', url: '/api/mail/opt-out', payload: { token } });
    expect(expectStatus(stopped, 200).data).toMatchObject({ email, category: 'statements', optedOut: true });
  });
});

describe('staff notices, by email', () => {
  it("a lease ending: the managing agent gets the tenant, the date, the days left and the lease's link through sign-in", async () => {
    const co = await createCompanyWithRoles(t.app);
    const { lease, property, tenant } = await createLetProperty(t, co, { endDate: '2027-03-01' });
    await notifyLeasesEndingSoon(t.database.db, '2026-12-31');
    await notifyLeasesEndingSoon(t.database.db, '2026-12-31');
    await deliverAll();

    // The agent was invited by email too.
    const [mail, more] = mailTo(co.agent.user.email).filter((m) => m.subject?.startsWith('The lease on'));
    expect(more).toBeUndefined();
    expect(mail!.subject).toBe(`The lease on ${property.name} ends in 60 days`);
    const link = `${PUBLIC_URL}/login?next=%2Fleases%2F${lease._id}`;
    // React's markers between the values in the HTML part are no text.
    for (const part of [mail!.text!, (mail!.html as string).replaceAll('<!-- -->', '')]) {
      expect(part).toContain(
        `The lease of ${tenant.name} on ${property.name} ends on 1 Mar 2027, in 60 days.`,
      );
      expect(part).toContain(link);
    }
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.text).toContain(`Sent by ${co.admin.company.name} through Lintel.`);
    const row = (await messageRow(co.agent.user.email)).find(
      (message) => message.message_id === mail!.messageId,
    );
    expect(row).toMatchObject({ state: 'sent', attempts: 1, company_id: co.companyId });
    expect(mailTo(co.admin.user.email)).toHaveLength(0);
  });

  it('an estimate waiting for the owner: the owner gets a link that opens the request once signed in', async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co, { ownerApprovalLimit: 50000 });
    const ownerId = await createOwnerOfUser(t, co, 'Olive <Owner>');
    const { property } = await createLetProperty(t, co, { ownerId });
    const raised = expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: co.agent.auth,
        payload: {
          propertyId: property._id,
          title: 'Geyser <burst> & flooding',
          description: 'Water everywhere',
          priority: 'urgent',
          currency: 'USD',
          estimatedCost: 123456,
          costBearer: 'owner',
        },
      }),
      201,
    ).data as { _id: string };
    await deliverAll();

    const [mail, more] = mailTo(co.owner.user.email).filter((m) => m.subject?.startsWith('Your approval'));
    expect(more).toBeUndefined();
    expect(mail!.subject).toBe(`Your approval is needed: Geyser <burst> & flooding on ${property.name}`);
    expect(mail!.text).toContain(
      `${co.admin.company.name} estimates $1,234.56 for “Geyser <burst> & flooding” on ${property.name}.`,
    );
    expect(mail!.html).toContain('Geyser &lt;burst&gt; &amp; flooding');
    expect(mail!.html).not.toContain('<burst>');

    // The link is the sign-in page, which then opens the request; the owner can answer there.
    const link = new URL(/http:\/\/lintel\.test\/login\?next=\S+/.exec(mail!.text!)![0]);
    expect(mail!.html).toContain(`href="${link.href}"`);
    expect(link.pathname).toBe('/login');
    const next = link.searchParams.get('next')!;
    expect(next).toBe(`/maintenance/${raised._id}`);
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/maintenance/${raised._id}/owner-approval`,
        headers: co.owner.auth,
        payload: { approve: true },
      }),
      200,
    );
  });
});

describe('arrears reminders and invoices, by email', () => {
  /** A tenant with an email, on a lease from 1 Nov 2026 whose one charge of $1,000.00 is unpaid. */
  async function tenantInArrears(co: Awaited<ReturnType<typeof createCompanyWithRoles>>) {
    const { lease, tenant, property } = await createLetProperty(t, co, { startDate: '2026-11-01' });
    const email = uniqueEmail('arrears');
    await t.database.db.execute(sql`update tenants set email = ${email} where id = ${tenant._id}`);
    expectStatus(
      await t.app.inject({ method: 'POST', url: '/api/charges/generate', headers: co.accountant.auth }),
      200,
    );
    return { lease, tenant, property, email };
  }

  it('delivers a reminder, and a letter of demand with its PDF', async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const reminded = await tenantInArrears(co);
    await sendArrearsReminders(t.database.db, '2026-11-04');
    await deliverAll();
    const [reminder, more] = mailTo(reminded.email);
    expect(more).toBeUndefined();
    expect(reminder!.subject).toBe(`Rent for Nov 2026 is overdue (${co.admin.company.name})`);
    expect(reminder!.text).toContain(
      `The rent for ${reminded.property.name} for Nov 2026 was due on 1 Nov 2026, and $1,000.00 of it is still unpaid.`,
    );
    expect(reminder!.html).toContain('Rent for Nov 2026 is overdue');
    expect(reminder!.attachments).toHaveLength(0);
    // Reminders may be opted out of: the signed link is in the footer and List-Unsubscribe.
    const link = (reminder!.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url;
    expect(reminder!.text).toContain(link);
    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/mail/opt-out',
      payload: { token: new URL(link).searchParams.get('token') },
    });
    expect(expectStatus(stopped, 200).data).toMatchObject({ category: 'reminders', optedOut: true });

    const demanded = await tenantInArrears(co);
    await sendArrearsReminders(t.database.db, '2026-12-01');
    await deliverAll();
    const [letter, again] = mailTo(demanded.email);
    expect(again).toBeUndefined();
    expect(letter!.subject).toBe(`Letter of demand: rent for Nov 2026 (${co.admin.company.name})`);
    expect(letter!.text).toContain(`${co.admin.company.name} formally demands payment of $1,000.00.`);
    expect(letter!.html).toContain('The letter of demand is attached as a PDF.');
    expect(letter!.attachments).toHaveLength(1);
    const [pdf] = letter!.attachments;
    expect(pdf).toMatchObject({ filename: 'letter-of-demand-2026-11.pdf', contentType: 'application/pdf' });
    const { text } = await readPdfText(pdf!.content);
    expect(text).toContain('LETTER OF DEMAND');
    expect(text).toContain(demanded.tenant.name);
    expect(text).toContain('$1,000.00');
    expect(text).toContain('1 Nov 2026');
    // The first tenant, who opted out, was not emailed the letter of demand of the same run.
    expect(mailTo(reminded.email).map((mail) => mail.subject)).toEqual([reminder!.subject]);
  });

  it('delivers an issued invoice with its PDF, and one reminder once it is overdue', async () => {
    const co = await createCompanyWithRoles(t.app);
    await setFinanceSettings(t, co);
    const email = uniqueEmail('client');
    const draft = expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/invoices',
        headers: co.accountant.auth,
        payload: {
          clientType: 'other',
          clientName: 'Acme <Holdings>',
          clientEmail: email,
          currency: 'USD',
          issueDate: '2026-11-01',
          dueDate: '2026-11-30',
          lines: [{ description: 'Inspection', quantity: 1, unitPrice: 25000 }],
        },
      }),
      201,
    ).data;
    const issued = expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/invoices/${draft._id}/issue`,
        headers: co.accountant.auth,
      }),
      200,
    ).data;
    await deliverAll();
    const [invoice] = mailTo(email);
    expect(invoice!.subject).toBe(`Invoice ${issued.number} from ${co.admin.company.name}`);
    expect(invoice!.text).toContain(`Hello Acme <Holdings>,`);
    expect(invoice!.html).toContain('Acme &lt;Holdings&gt;');
    expect(invoice!.text).toContain(`for $287.50, due on 30 Nov 2026`);
    const [pdf] = invoice!.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${issued.number}.pdf`, contentType: 'application/pdf' });
    const { text } = await readPdfText(pdf!.content);
    expect(text).toContain(issued.number);
    expect(text).toContain('$287.50');
    // An invoice is not a reminder: no opt-out link.
    expect(invoice!.headers.get('list')).toBeUndefined();

    await notifyInvoicesOverdue(t.database.db, '2026-12-01');
    await notifyInvoicesOverdue(t.database.db, '2026-12-02');
    await deliverAll();
    const overdue = mailTo(email).slice(1);
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.subject).toBe(`Invoice ${issued.number} from ${co.admin.company.name} is overdue`);
    expect(overdue[0]!.text).toContain(`was due on 30 Nov 2026 and has not been paid yet`);
    expect(overdue[0]!.attachments).toHaveLength(0);
    expect(overdue[0]!.headers.get('list')).toMatchObject({ unsubscribe: { url: expect.any(String) } });
  });
});
