import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, E2E_JWT_SECRET } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();
const pages: Page[] = [];

async function open(width?: number) {
  const page = await newPage(browser, app.baseUrl, width);
  pages.push(page);
  return page;
}

const storage = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

describe('signing in', () => {
  it.each([
    ['admin@demo.test', '/admin-dashboard'],
    ['agent@demo.test', '/agent-dashboard'],
    ['owner@demo.test', '/owner-dashboard'],
    ['accountant@demo.test', '/accountant-dashboard'],
    ['staff@demo.test', '/dashboard'],
  ])('%s lands on %s with the session stored under SPEC’s keys', async (email, home) => {
    const page = await open();
    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === home);
    await expect.poll(() => storage(page, 'accessToken')).toBeTruthy();
    expect(await storage(page, 'refreshToken')).toBeTruthy();
    expect(JSON.parse((await storage(page, 'user'))!).email).toBe(email);
    expect(await storage(page, 'companyId')).toBeTruthy();
    // The account avatar shows the first letter of the first name.
    await expect.poll(() => page.getByRole('button', { name: 'Account' }).textContent()).toMatch(/^[A-Z]$/);
    await page.context().close();
  });

  it('shows the server’s message for a wrong password and stays on /login', async () => {
    const page = await open();
    await signInThroughForm(page, 'admin@demo.test', 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('access', () => {
  it('tells a signed-in user when a page is not for their role', async () => {
    const page = await open();
    await signInThroughForm(page, 'agent@demo.test');
    await page.waitForURL('**/agent-dashboard');
    await page.goto('/admin/users');
    await expect.poll(() => page.getByText('You do not have access to this page.').count()).toBe(1);
    await page.context().close();
  });

  it('asks a signed-out visitor to log in', async () => {
    const page = await open();
    await page.goto('/leases');
    await expect.poll(() => page.getByText('Authentication required. Please log in.').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count()).toBe(1);
    await page.context().close();
  });
});

describe('properties', () => {
  it('an admin creates, edits, transfers and deletes a property', async () => {
    const page = await open();
    await signInThroughForm(page, 'admin@demo.test');
    await page.waitForURL('**/admin-dashboard');
    await navLink(page, 'Properties').click();
    await page.waitForURL('**/admin-dashboard/properties');

    const name = `E2E Cottage ${randomUUID().slice(0, 6)}`;
    await page.getByRole('button', { name: 'Add property' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Address').fill('7 Browser Lane, Harare');
    await form.getByLabel('Type').click();
    await page.getByRole('option', { name: /cottage/i }).click();
    await form.getByLabel('Monthly rent').fill('450.50');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);

    const search = page.getByLabel('Search properties');
    await search.fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => row.textContent()).toContain('$450.50');

    const renamed = `${name} Renamed`;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    // Saved once the dialog has closed; until then it holds the focus, not the search box.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await search.fill(renamed);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(renamed) }).count()).toBe(1);

    await page.getByRole('button', { name: `Transfer ${renamed}` }).click();
    const transfer = page.getByRole('dialog');
    await transfer.getByLabel('New owner').fill('Peter');
    await page.getByRole('option', { name: /Peter Mutasa/ }).click();
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(renamed) }).textContent())
      .toContain('Peter Mutasa');

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // The dialog closes once the server has deleted it (a row briefly gone while the list reloads
    // proves nothing); then the row goes.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(renamed) }).count()).toBe(0);

    // What the screen showed is what the server holds.
    const { token } = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const left = await fetch(`${app.baseUrl}/api/properties?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await left.json()) as { meta: { total: number } }).meta.total).toBe(0);
    await page.context().close();
  });

  it('an owner sees only their own properties, read-only', async () => {
    const page = await open();
    await signInThroughForm(page, 'owner@demo.test');
    await page.waitForURL('**/owner-dashboard');
    await navLink(page, 'My properties').click();
    // The list's own rows are drawn: a button missing now is one the owner does not get.
    const list = page.getByRole('grid', { name: 'My properties' });
    await expect.poll(() => list.getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: 'Add property' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete|Transfer) / }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the accountant’s payments page', () => {
  it('loads the property list on its own (SPEC §2)', async () => {
    const page = await open();
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    const propertyLists: string[] = [];
    page.on('request', (request) => {
      // The provider's list (SPEC §7 public-filtered), fetched again by the page itself on arrival.
      if (new URL(request.url()).pathname === '/api/properties/public-filtered')
        propertyLists.push(request.url());
    });
    await navLink(page, 'Payments').click();
    await expect.poll(() => propertyLists.length).toBeGreaterThan(0);
    // The list it loaded fills the property filter: every property of the demo company.
    await page.getByRole('combobox', { name: 'Property' }).click();
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(20);
    await page.context().close();
  });
});

describe('the session', () => {
  it('refreshes an expired access token silently mid-session', async () => {
    const page = await open();
    await signInThroughForm(page, 'agent@demo.test');
    await page.waitForURL('**/agent-dashboard');
    const user = JSON.parse((await storage(page, 'user'))!) as { _id: string; companyId: string };
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ cid: user.companyId, role: 'agent', fam: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuer('lintel')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET));
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh-token')) refreshes.push(request.url());
    });

    await navLink(page, 'Properties').click();
    // Rows of the list itself, which it fetched with the expired token: the dashboard left behind
    // has a table of its own, drawn before the token expired.
    const list = page.getByRole('grid', { name: 'Properties' });
    await expect.poll(() => list.getByRole('row').count()).toBeGreaterThan(1);
    expect(new URL(page.url()).pathname).toBe('/agent-dashboard/properties');
    expect(refreshes).toHaveLength(1);
    const fresh = await storage(page, 'accessToken');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(expired);
    await page.context().close();
  });

  it('logs out from the account menu and clears the stored session', async () => {
    const page = await open();
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await page.getByRole('button', { name: 'Account' }).click();
    // The page signs out even when the server refuses (SPEC §4): the server's answer is checked here.
    const signedOut = page.waitForResponse('**/api/auth/logout');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await signedOut).status()).toBe(200);
    await page.waitForURL('**/login');
    for (const key of ['accessToken', 'refreshToken', 'user', 'companyId'])
      expect(await storage(page, key)).toBeNull();
    await page.goto('/accountant-dashboard');
    await expect.poll(() => page.getByText('Authentication required. Please log in.').count()).toBe(1);
    await page.context().close();
  });
});

describe('signing up', () => {
  it('admin sign-up creates a company and lands on the admin dashboard', async () => {
    const page = await open(375);
    const tag = randomUUID().slice(0, 6);
    await page.goto('/admin-signup');
    await page.getByLabel('Full name').fill('Farai Founder');
    await page.getByLabel('Email', { exact: true }).fill(`founder-${tag}@e2e.test`);
    await page.getByLabel('Password').fill('a-strong-password');
    await page.getByLabel('Company name').fill(`Browser Estates ${tag}`);
    await page.getByLabel('Company address').fill('3 Test Rd, Gweru');
    await page.getByLabel('Company phone').fill('+263 54 222 0000');
    await page.getByLabel('Company email').fill(`office-${tag}@e2e.test`);
    await page.getByLabel('Registration number').fill('CR 99/2026');
    await page.getByLabel('TIN number').fill('2000999999');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.waitForURL('**/admin-dashboard');
    await expect.poll(() => page.getByText(`Browser Estates ${tag}`).count()).toBeGreaterThan(0);
    expect(JSON.parse((await storage(page, 'user'))!).role).toBe('admin');
    await page.context().close();
  });

  it('an invitation code joins the company with the invited role', async () => {
    const admin = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const email = `invited-${randomUUID().slice(0, 6)}@e2e.test`;
    const invitation = await fetch(`${app.baseUrl}/api/users/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'agent' }),
    });
    const { data } = (await invitation.json()) as { data: { code: string } };

    const page = await open();
    await page.goto(`/signup?code=${encodeURIComponent(data.code)}`);
    expect(await page.getByLabel('Invitation code').inputValue()).toBe(data.code);
    await page.getByLabel('Full name').fill('Nyasha Newagent');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-strong-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    // SPEC: sign-up goes to /dashboard, which forwards a named role to its own dashboard.
    await page.waitForURL('**/agent-dashboard');
    const user = JSON.parse((await storage(page, 'user'))!) as { role: string; companyId: string };
    expect(user.role).toBe('agent');
    expect(user.companyId).toBe(admin.user.companyId);
    await page.context().close();
  });
});

describe('confirmations', () => {
  it('a saved setting is confirmed at the foot of the screen; the home never fetched the snackbar code', async () => {
    const page = await open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInThroughForm(page, 'staff@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('region', { name: 'Properties by type', exact: true }).waitFor();
    expect(scripts.filter((url) => url.includes('notistack'))).toEqual([]);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '50' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    expect(scripts.filter((url) => url.includes('notistack'))).toHaveLength(1);
    await page.context().close();
  });
});
