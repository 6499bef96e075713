import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCalendarMonth, FORGOT_PASSWORD_MESSAGE } from '@lintel/contracts';
import { startSmtpServer } from '../server/src/test/smtp.ts';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

// A real SMTP server in this process: the app delivers to it as it would to an agency's.
const smtp = await startSmtpServer();
startAppAndBrowser({ env: { SMTP_URL: smtp.url } });
afterAll(() => smtp.close());

/** The first message to `address` with this subject, once the app's sender has delivered it. */
async function delivered(address: string, subject: string) {
  const arrived = () =>
    smtp.received.find(
      (mail) => mail.subject === subject && mail.to && 'text' in mail.to && mail.to.text === address,
    );
  await expect.poll(() => arrived() !== undefined, { timeout: 30_000 }).toBe(true);
  return arrived()!;
}

describe('email, end to end', () => {
  it('a person who forgot their password gets a link by email, sets a new one and signs in with it', async () => {
    const page = await newPage(browser, app.baseUrl, 375);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill('agent@demo.test');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(FORGOT_PASSWORD_MESSAGE);

    const mail = await delivered('agent@demo.test', 'Set a new password for Lintel');
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text!)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password is set');

    await signInThroughForm(page, 'agent@demo.test', 'a-brand-new-password');
    await page.waitForURL('**/agent-dashboard');
    await page.context().close();
  });

  it('an admin opens Messages and reads the invitation the app emailed', async () => {
    const admin = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const response = await fetch(`${app.baseUrl}/api/users/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new.accountant@demo.test', role: 'accountant' }),
    });
    expect(response.status).toBe(201);
    const mail = await delivered('new.accountant@demo.test', 'You are invited to join Demo Realty on Lintel');
    expect(mail.text).toMatch(/\/signup\?code=\S+/);

    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'admin@demo.test');
    await page.waitForURL('**/admin-dashboard');
    await navLink(page, 'Messages').click();
    await page.getByLabel('Search messages').fill('new.accountant');
    const open = page.getByRole('button', { name: /^Open message to new\.accountant@demo\.test/ });
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Sent');
    await expect.poll(() => dialog.textContent()).toContain(mail.messageId!);
    // The row's fields show at once; the parts arrive with the message's own request.
    await expect.poll(() => dialog.locator('iframe[title="Email preview"]').count()).toBe(1);
    await dialog.getByRole('tab', { name: 'Plain text' }).click();
    await expect.poll(() => dialog.locator('pre').textContent()).toMatch(/\/signup\?code=\S+/);
    await page.context().close();
  });

  it("last month's owner statements go out on the statement day; the admin reads them in Messages, the accountant sends one again", async () => {
    // The demo's statement day is the 1st: the calendar sent last month's run when the app started.
    const now = new Date();
    const month = formatCalendarMonth(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7),
    );
    const subject = `Your statement for ${month} from Demo Realty`;
    const mail = await delivered('owner@demo.test', subject);
    expect(mail.attachments.map((file) => file.contentType)).toContain('application/pdf');

    const admin = await newPage(browser, app.baseUrl);
    await signInThroughForm(admin, 'admin@demo.test');
    await admin.waitForURL('**/admin-dashboard');
    await navLink(admin, 'Owner statements').click();
    await expect.poll(() => admin.getByRole('status').first().textContent()).toContain('have gone out');
    // The admin reads the run; sending is the accountant's.
    expect(await admin.getByRole('button', { name: 'Send statements' }).count()).toBe(0);
    await navLink(admin, 'Messages').click();
    await admin.getByRole('combobox', { name: 'Kind' }).click();
    await admin.getByRole('option', { name: 'Owner statement' }).click();
    await admin.getByRole('button', { name: /^Open message to owner@demo\.test: Your statement/ }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(mail.messageId!);
    await expect.poll(() => dialog.textContent()).toMatch(/owner statement-grace moyo-.*\.pdf/);
    await admin.context().close();

    const accountant = await newPage(browser, app.baseUrl, 375);
    await signInThroughForm(accountant, 'accountant@demo.test');
    await accountant.waitForURL('**/accountant-dashboard');
    await accountant.goto('/accountant-dashboard/owner-statements');
    await accountant.getByRole('button', { name: 'Send again to Grace Moyo' }).click();
    await accountant.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (arrived) =>
              arrived.subject === subject &&
              arrived.to &&
              'text' in arrived.to &&
              arrived.to.text === 'owner@demo.test',
          ).length,
        { timeout: 30_000 },
      )
      .toBe(2);
    await accountant.context().close();
  });

  it('every kind of email the demo sent passes axe as a mail client shows it, on a phone', async () => {
    // By now the sender has delivered the demo's mail: receipts, statements, notices, reminders.
    await expect
      .poll(() => new Set(smtp.received.map((mail) => mail.subject)).size)
      .toBeGreaterThanOrEqual(5);
    const reader = await newPage(browser, app.baseUrl, 375);
    const found: string[] = [];
    const bySubject = new Map(smtp.received.map((mail) => [mail.subject, mail]));
    for (const [subject, mail] of bySubject) {
      await reader.setContent(String(mail.html));
      const { violations } = await new AxeBuilder({ page: reader })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const violation of violations) found.push(`${subject}: ${violation.id}: ${violation.help}`);
    }
    await reader.context().close();
    expect(found, found.join('\n')).toEqual([]);
  });
});
