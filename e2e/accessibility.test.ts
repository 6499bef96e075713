import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '@lintel/contracts';
import { NAVIGATION } from '../web/src/app/navigation.ts';
import { apiSignIn } from './support/app.ts';
import { newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

// WCAG 2.0, 2.1 and 2.2, levels A and AA: what the issue promises.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [1280, 375] as const;
// The reset page with a made-up token shows its form (nothing is sent); without one, what it says instead.
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/admin-signup',
  '/forgot-password',
  '/reset-password?token=axe-check',
  '/reset-password',
  '/opt-out?token=axe-check',
];

/** One demo user per role (server demo seed). */
const DEMO_USERS: { role: Role; email: string }[] = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'accountant', email: 'accountant@demo.test' },
  { role: 'agent', email: 'agent@demo.test' },
  { role: 'owner', email: 'owner@demo.test' },
  { role: 'other', email: 'staff@demo.test' },
];

type Row = Record<string, string>;

/**
 * The detail pages reachable from a list in the navigation: a list path that ends as `list` gives
 * `detail(listPath, row)` for the first row the role's own API answer holds.
 */
const DETAIL_PAGES: { list: string; api: string; detail: (listPath: string, row: Row) => string }[] = [
  { list: '/leases', api: '/leases', detail: (_, row) => `/leases/${row._id}` },
  { list: '/tenants', api: '/tenants', detail: (list, row) => `${list}/${row._id}` },
  {
    list: '/property-accounts',
    api: '/accounts/properties',
    detail: (list, row) => `${list}/${row.propertyId}`,
  },
  { list: '/agent-accounts', api: '/accounts/agents', detail: (list, row) => `${list}/${row.agentId}` },
  {
    list: '/ledger',
    api: '/ledger/accounts',
    detail: (list, row) => `${list}/accounts/${encodeURIComponent(row.account!)}`,
  },
  { list: '/banking', api: '/banking/accounts', detail: (list, row) => `${list}/${row._id}` },
  { list: '/banking', api: '/banking/accounts', detail: (list) => `${list}/suspense` },
  { list: '/maintenance', api: '/maintenance', detail: (_, row) => `/maintenance/${row._id}` },
];

/** Every screen a role's navigation offers, then the detail pages its lists lead to. */
async function screensOf(role: Role, email: string): Promise<string[]> {
  const { token } = await apiSignIn(app.baseUrl, email);
  const firstRow = async (api: string): Promise<Row | undefined> => {
    const response = await fetch(`${app.baseUrl}/api${api}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) return undefined;
    return ((await response.json()) as { data: Row[] }).data[0];
  };
  const lists = NAVIGATION[role].map((item) => item.to);
  const details: string[] = [];
  for (const list of lists)
    for (const page of DETAIL_PAGES.filter((candidate) => list.endsWith(candidate.list))) {
      const row = await firstRow(page.api);
      if (row) details.push(page.detail(list, row));
    }
  return [...lists, ...details];
}

/** Client-side navigation: the app stays loaded (and signed in) between screens. */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await contentLoaded(page, 'main');
}

/** The page's heading is there and nothing inside `scope` is still loading. */
async function contentLoaded(page: Page, scope: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (selector) => {
          const root = document.querySelector(selector);
          if (!root || (selector === 'main' && !root.querySelector('h1'))) return 'no content yet';
          const busy = [
            ...root.querySelectorAll(
              '[role="progressbar"], .MuiSkeleton-root, .MuiDataGrid-overlay, [aria-busy="true"]',
            ),
          ];
          if (busy.length === 0) return 'loaded';
          // Charts and the statement's grid draw as they come near the screen (web/src/components/
          // use-near-view.ts): each is scrolled to, as a person would, before the page counts as
          // loaded; all in one pass, a frame apart so each is seen, rather than one per poll.
          for (const element of busy) {
            element.scrollIntoView({ block: 'center' });
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          }
          return `still loading: ${busy[0]!.outerHTML.slice(0, 120)}`;
        }, scope),
      { timeout: 30_000 },
    )
    .toBe('loaded');
}

/** Runs axe on what is on screen now; each violation becomes one readable line. */
async function scan(page: Page, screen: string, found: string[]): Promise<void> {
  // Colours mid-transition (a dialog fading in, a label rising) are no colours anyone reads.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          ),
      ),
    )
    .toBe(false);
  // An email's own HTML is shown in a frame sandboxed without scripts (Admin → Messages): axe
  // cannot run inside it and would wait for it for ever. The emails are checked on their own
  // (e2e/mail.test.ts).
  // A transition can still begin after that poll: a button enabled by data that lands in between
  // faded from grey while axe read it (the owner statements' Send, once, on a loaded machine).
  // Without transitions for the scan, every colour is the one a person reads at rest.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('iframe[title="Email preview"]')
    .analyze();
  await still.evaluate((style) => style.parentNode?.removeChild(style));
  for (const violation of violations)
    for (const node of violation.nodes)
      found.push(
        `${screen}: ${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')}: ${
          node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
        }`,
      );
}

/**
 * Screens whose first "Add …" button opens no dialog: the company's adds a bank account's fields,
 * the accounting settings' adds an arrears reminder step.
 */
const NO_MAIN_DIALOG = ['/admin-dashboard/company', '/accountant-dashboard/settings'];

/**
 * The screen's main dialog: its first "New …", "Record …" or "Add …" button in the page; on
 * Messages, the first message's.
 */
async function scanMainDialog(page: Page, path: string, screen: string, found: string[]): Promise<boolean> {
  if (NO_MAIN_DIALOG.includes(path)) return false;
  const opener = page
    .getByRole('main')
    .getByRole('button', { name: /^(New|Record|Add|Open message)\b/ })
    .and(page.locator(':visible:enabled'))
    .first();
  if ((await opener.count()) === 0) return false;
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await contentLoaded(page, '[role="dialog"]');
  await scan(page, `${screen} with its dialog open`, found);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return true;
}

const scanned: string[] = [];
afterAll(() => {
  process.stdout.write(`axe scans: ${scanned.length}\n${scanned.join('\n')}\n`);
});

describe('every screen passes axe (WCAG 2.2 AA)', () => {
  for (const width of WIDTHS) {
    it(`public pages at ${width} px`, async () => {
      const page = await newPage(browser, app.baseUrl, width);
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await scan(page, `${path} at ${width} px`, found);
        scanned.push(`public ${path} at ${width} px`);
      }
      await page.context().close();
      expect(found, found.join('\n')).toEqual([]);
    });

    for (const { role, email } of DEMO_USERS)
      it(`every screen of the ${role} at ${width} px, with its main dialog open`, async () => {
        const page = await newPage(browser, app.baseUrl, width);
        const found: string[] = [];
        const screens = await screensOf(role, email);
        await signInThroughForm(page, email);
        await page.waitForURL((url) => url.pathname !== '/login');
        for (const path of screens) {
          const screen = `${role} ${path} at ${width} px`;
          await openScreen(page, path);
          await scan(page, screen, found);
          scanned.push(screen);
          if (await scanMainDialog(page, path, screen, found)) scanned.push(`${screen}, dialog`);
        }
        if (width < 900) {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('navigation', { name: 'Main' }).first().waitFor();
          await scan(page, `${role} navigation drawer at ${width} px`, found);
          scanned.push(`${role} navigation drawer at ${width} px`);
        }
        await page.context().close();
        expect(found, found.join('\n')).toEqual([]);
        // The accountant has 30 screens: minutes on a loaded machine.
      }, 600_000);
  }
});

/** What has focus now: its accessible-ish name, whether it is inside main or a dialog, and its ring. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const hasRing =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) ||
      // Text fields show focus on their outlined box (a 2 px primary border).
      element.closest('.Mui-focused') !== null;
    return {
      key: element.dataset.tabKey ?? '',
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '',
      tag: element.tagName.toLowerCase(),
      inMain: element.closest('main') !== null,
      inDialog: element.closest('[role="dialog"]') !== null,
      hasRing,
    };
  });

describe('the payments screen by keyboard', () => {
  it('skips to content, reaches every control with a visible ring, and opens and leaves a dialog', async () => {
    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await page.goto('/accountant-dashboard/payments');
    await contentLoaded(page, 'main');
    // Number every control a Tab should reach inside main, to check each is reached.
    const controls = await page.evaluate(() => {
      const candidates = document
        .querySelector('main')!
        .querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]');
      const reachable = [...candidates].filter(
        (element) =>
          element.tabIndex >= 0 &&
          !(element as HTMLButtonElement).disabled &&
          element.checkVisibility({ visibilityProperty: true }) &&
          !element.closest('[aria-hidden="true"]'),
      );
      reachable.forEach((element, index) => (element.dataset.tabKey = String(index)));
      return reachable.map(
        (element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
      );
    });
    expect(controls.length).toBeGreaterThan(5);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    const reached = new Set<string>();
    const withoutRing: string[] = [];
    for (let step = 0; step < 3 * controls.length + 20; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now?.inMain) break;
      if (now.key) reached.add(now.key);
      if (!now.hasRing) withoutRing.push(`${now.tag} "${now.name}"`);
    }
    const missed = controls.filter((_, index) => !reached.has(String(index)));
    expect(missed, `not reached by Tab: ${missed.join(', ')}`).toEqual([]);
    expect(withoutRing, `focused without a visible ring: ${withoutRing.join(', ')}`).toEqual([]);

    // The dialog: opened with the keyboard, Tab stays inside it, Escape closes it, focus returns.
    const opener = page.getByRole('main').getByRole('button', { name: 'Record payment' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.waitFor();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now?.inDialog, `Tab ${step + 1} left the dialog for ${now?.name}`).toBe(true);
      expect(now?.hasRing, `${now?.tag} "${now?.name}" focused without a visible ring`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
