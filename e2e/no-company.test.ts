import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

const tag = randomUUID().slice(0, 6);
const PASSWORD = 'a-strong-password';
const NO_COMPANY = 'User is not associated with any company';
const WAIT = { timeout: 30_000 };

const storedUser = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null') as {
    role: string;
    companyId: string | null;
  } | null;

/** Every API answer of 400 or more the page gets, as "status path". */
function failedApiCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${pathname}`);
  });
  return failed;
}

/** /signup with the invitation code left blank: the person lands on /dashboard without a company. */
async function signUpWithoutCode(page: Page, name: string, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
  await page.getByText(NO_COMPANY).waitFor({ state: 'visible', ...WAIT });
}

describe('signing up without a company, then creating or joining one', () => {
  it('creates an agency from /dashboard and arrives on the admin dashboard of it', async () => {
    const page = await newPage(browser, app.baseUrl);
    const failed = failedApiCalls(page);
    await signUpWithoutCode(page, 'Nia Founder', `founder-${tag}@e2e.test`);
    expect(await storedUser(page)).toMatchObject({ role: 'other', companyId: null });
    expect(await page.evaluate(() => localStorage.getItem('companyId'))).toBeNull();

    const create = page.getByRole('region', { name: 'Create an agency' });
    const companyName = `Founders Lettings ${tag}`;
    await create.getByLabel('Company name').fill(companyName);
    await create.getByLabel('Company address').fill('5 Market Street, Harare');
    await create.getByLabel('Company phone').fill('+263 77 000 0000');
    await create.getByLabel('Company email').fill(`office-${tag}@e2e.test`);
    await create.getByLabel('Registration number').fill('CR 12/2026');
    await create.getByLabel('TIN number').fill('2000123456');
    await create.getByRole('button', { name: 'Create agency' }).click();

    await page.waitForURL((url) => url.pathname === '/admin-dashboard', WAIT);
    await expect.poll(() => page.getByText(companyName).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await storedUser(page)).toMatchObject({ role: 'admin' });
    expect(await page.evaluate(() => localStorage.getItem('companyId'))).toBe(
      (await storedUser(page))?.companyId,
    );
    // Without a company the page asked only for the company itself, which SPEC's client does (404).
    expect(failed.filter((call) => call !== '404 /api/companies/current')).toEqual([]);
    await page.context().close();
  });

  it('joins with an invitation code, by keyboard on a phone, and lands on the agent dashboard', async () => {
    const email = `joiner-${tag}@e2e.test`;
    const page = await newPage(browser, app.baseUrl, 375);
    await signUpWithoutCode(page, 'Jo Joiner', email);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const admin = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const response = await fetch(`${app.baseUrl}/api/users/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'agent' }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { code: string } };

    const join = page.getByRole('region', { name: 'Join with an invitation code' });
    await join.getByLabel('Invitation code').focus();
    await page.keyboard.type(data.code);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/agent-dashboard', WAIT);
    expect(await storedUser(page)).toMatchObject({ role: 'agent', companyId: admin.user.companyId });
    await page.context().close();
  });
});
