import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../server/src/test/smtp.ts';
import { apiSignIn, DEMO_PASSWORD } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

// A real SMTP server in this process: the app delivers to it as it would to an agency's.
const smtp = await startSmtpServer();
startAppAndBrowser({ env: { SMTP_URL: smtp.url } });
afterAll(() => smtp.close());

const api = async (token: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${app.baseUrl}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return ((await response.json()) as { data: unknown }).data;
};

describe('staff notices by email, end to end', () => {
  it('the owner, signed out, opens the emailed approval link, signs in and lands on the request, able to approve', async () => {
    const owner = await apiSignIn(app.baseUrl, 'owner@demo.test');
    const [property] = (await api(owner.token, 'GET', '/properties?pageSize=1')) as { _id: string }[];
    const admin = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const title = `Burst geyser ${Date.now()}`;
    const request = (await api(admin.token, 'POST', '/maintenance', {
      propertyId: property!._id,
      title,
      description: 'Water through the ceiling',
      priority: 'urgent',
      currency: 'USD',
      estimatedCost: 75000,
      costBearer: 'owner',
    })) as { _id: string };

    const subject = new RegExp(`^Your approval is needed: ${title} on `);
    const arrived = () =>
      smtp.received.find(
        (mail) =>
          subject.test(mail.subject ?? '') &&
          mail.to &&
          'text' in mail.to &&
          mail.to.text === 'owner@demo.test',
      );
    await expect.poll(() => arrived() !== undefined, { timeout: 30_000 }).toBe(true);
    const link = new URL(/https?:\/\/\S+\/login\?next=\S+/.exec(arrived()!.text!)![0]);

    // A browser with no session: the link is the sign-in page, which then opens the request.
    const page = await newPage(browser, app.baseUrl, 375);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/maintenance/${request._id}`);
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Approve estimate' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/^Approved /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Approve estimate' }).count()).toBe(0);
    await page.context().close();
  });
});
