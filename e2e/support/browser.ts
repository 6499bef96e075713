import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from './app.ts';

// Debian's Chromium; these flags keep it off the network this machine does not have.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });

/** A fresh, isolated browser session (own storage and cookies). */
export async function newPage(browser: Browser, baseUrl: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  // Actions, locator reads, downloads and navigations wait this long for their element, event or
  // page: no less than a poll waits for a state (20 s, e2e/vitest.config.ts), since a click on a
  // button that a slow list has yet to draw is the same wait.
  page.setDefaultTimeout(30_000);
  return page;
}

/**
 * Resolves once the page's notifications stream has answered; call it before the page signs in.
 * The server answers only once it knows where the stream starts, so from then on everything
 * committed for the page's user reaches its bell; a notification made earlier never does (the
 * bell keeps what the stream brings, in memory).
 */
export function notificationsStreaming(page: Page): Promise<unknown> {
  const streaming = page.waitForResponse((response) => response.url().includes('/api/notifications/stream'));
  // Not awaited if the test fails first.
  streaming.catch(() => undefined);
  return streaming;
}

/** Signs in the way a person does: the login form. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in the way the sign-in form leaves the browser, without loading the app: the page (already
 * on the app's origin) asks the API, which sets the session cookies (the notifications stream needs
 * them), and the session goes into the web's localStorage keys (web/src/lib/session-storage.ts).
 */
export async function signInFromPage(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // No function may be declared inside: tsx would wrap it in a naming helper the page does not have.
  await page.evaluate(
    async ({ address, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password }),
      });
      if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
      const session = (await response.json()) as {
        token: string;
        refreshToken: string;
        user: { companyId?: string | null };
      };
      localStorage.setItem('accessToken', session.token);
      localStorage.setItem('refreshToken', session.refreshToken);
      localStorage.setItem('user', JSON.stringify(session.user));
      if (session.user.companyId) localStorage.setItem('companyId', session.user.companyId);
    },
    { address: email, password },
  );
}

/** A link in the side area (dashboards repeat some of them as cards). */
export const navLink = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
