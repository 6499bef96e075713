import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

type Session = Awaited<ReturnType<typeof apiSignIn>>;

interface Entry {
  seq: number;
  date: string;
  description: string;
  reference: string | null;
  amount: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-27" → "27 Nov 2026", as the screens write a day. */
const day = (iso: string) => {
  const [year, month, date] = iso.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1]} ${year}`;
};
/** "2026-11-27" → "27/11/2026", as this bank writes a day. */
const bankDay = (iso: string) => iso.split('-').reverse().join('/');
const isoDaysFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** 12345 → "123.45", no thousands separator: the bank's amount columns. */
const major = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

async function api<T>(session: Session, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The demo company lets in USD only: a ZWG let (property, tenant, active lease) and one ZWG rent
 * payment two days ago give the ZWG trust bank account a ledger entry for the statement to match
 * and a lease to receipt the unknown credit on. Set up through the API: not what the test is about.
 */
async function zwgLet(admin: Session, accountant: Session) {
  const [owner] = await api<{ _id: string }[]>(admin, 'GET', '/owners?pageSize=1');
  const property = await api<{ _id: string }>(admin, 'POST', '/properties', {
    name: 'E2E Gold Flats',
    address: '12 Samora Machel Avenue, Harare',
    type: 'apartment',
    ownerId: owner!._id,
    currency: 'ZWG',
    rentAmount: 250000,
  });
  const tenant = await api<{ _id: string }>(admin, 'POST', '/tenants', { name: 'Joseph Moyo' });
  const lease = await api<{ _id: string }>(admin, 'POST', '/leases', {
    propertyId: property._id,
    tenantId: tenant._id,
    startDate: isoDaysFromToday(-40),
    endDate: isoDaysFromToday(320),
    rentAmount: 250000,
    currency: 'ZWG',
  });
  await api(admin, 'POST', `/leases/${lease._id}/activate`);
  await api(accountant, 'POST', '/payments', {
    type: 'rent',
    leaseId: lease._id,
    amount: 250000,
    currency: 'ZWG',
    method: 'bank_transfer',
    paymentDate: isoDaysFromToday(-2),
    reference: 'E2E-ZWG-RENT',
  });
}

/** A bank's CSV of the entries (one line each, in date order) and one unknown credit on `today`. */
function statementCsv(entries: Entry[], today: string) {
  const lines = [
    ...[...entries]
      .sort((a, b) => a.date.localeCompare(b.date) || a.seq - b.seq)
      .map((entry) => ({
        date: entry.date,
        narrative: entry.description,
        ref: entry.reference ?? '',
        amount: entry.amount,
      })),
    { date: today, narrative: 'J Moyo', ref: 'JM-RENT', amount: 12345 },
  ];
  let balance = 0;
  const rows = lines.map((line) => {
    balance += line.amount;
    const out = line.amount < 0 ? major(-line.amount) : '';
    const into = line.amount > 0 ? major(line.amount) : '';
    return [
      bankDay(line.date),
      `"${line.narrative.replace(/"/g, '""')}"`,
      line.ref,
      out,
      into,
      major(balance),
    ].join(',');
  });
  return `Posted,Narrative,Ref,Money out,Money in,Running balance\n${rows.join('\n')}\n`;
}

describe('bank reconciliation, end to end', () => {
  let accountant: Page;
  let accountId: string;
  const today = isoDaysFromToday(0);

  it('imports a CSV statement with a new mapping, matches, receipts the unknown credit, reconciles to zero and signs off', async () => {
    const [admin, accountantApi] = await Promise.all([
      apiSignIn(app.baseUrl, 'admin@demo.test'),
      apiSignIn(app.baseUrl, 'accountant@demo.test'),
    ]);
    await zwgLet(admin, accountantApi);

    accountant = await newPage(browser, app.baseUrl);
    await signInThroughForm(accountant, 'accountant@demo.test');
    await accountant.waitForURL('**/accountant-dashboard');
    await navLink(accountant, 'Bank reconciliation').click();
    await accountant.waitForURL('**/accountant-dashboard/banking');
    await expect.poll(() => accountant.title()).toContain('Bank reconciliation');

    // A trust ZWG bank account, added through the dialog.
    await accountant.getByRole('button', { name: 'Add bank account' }).click();
    const add = accountant.getByRole('dialog', { name: 'Add bank account' });
    await add.getByRole('combobox', { name: 'Currency' }).click();
    await accountant.getByRole('option', { name: 'ZWG', exact: true }).click();
    await add.getByLabel('Account name').fill('Trust ZWG');
    await add.getByLabel('Bank name').fill('Stanbic Bank');
    await add.getByLabel('Account number').fill('9140001234567');
    await add.getByRole('button', { name: 'Add bank account' }).click();
    await accountant.waitForURL(/\/accountant-dashboard\/banking\/[0-9a-f-]{36}$/);
    accountId = accountant.url().split('/').pop()!;
    await expect.poll(() => accountant.getByRole('heading', { level: 1 }).textContent()).toBe('Trust ZWG');

    // The account's unmatched ledger entries up to today, and a statement that has each of them.
    const entries = await api<Entry[]>(
      accountantApi,
      'GET',
      `/banking/accounts/${accountId}/entries?pageSize=100&to=${today}`,
    );
    expect(entries.length, 'the ZWG rent payment made above').toBeGreaterThan(0);
    const folder = await mkdtemp(path.join(tmpdir(), 'lintel-bank-'));
    const file = path.join(folder, 'zwg-statement.csv');
    await writeFile(file, statementCsv(entries, today));
    const lineCount = entries.length + 1;

    await accountant.getByRole('button', { name: 'Import statement' }).click();
    const importer = accountant.getByRole('dialog', { name: 'Import statement' });
    await importer.getByLabel('Statement file').setInputFiles(file);
    const pick = async (label: string, option: string) => {
      await importer.getByRole('combobox', { name: label }).click();
      await accountant.getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Date column', 'Posted');
    await pick('Date format', 'DD/MM/YYYY');
    await pick('Description column', 'Narrative');
    await pick('Reference column', 'Ref');
    await pick('Balance column', 'Running balance');
    await pick('Amounts', 'Separate money out and money in columns');
    await pick('Money out (debit) column', 'Money out');
    await pick('Money in (credit) column', 'Money in');
    await importer.getByRole('button', { name: 'Check file' }).click();
    const preview = importer.getByRole('region', { name: 'Preview' });
    await expect
      .poll(() => preview.textContent())
      .toContain(`${lineCount} in the file: ${lineCount} new, 0 already imported`);
    await importer.getByRole('button', { name: `Import ${lineCount} lines` }).click();
    await expect
      .poll(() => accountant.getByRole('status').filter({ hasText: 'Imported' }).textContent())
      .toContain(`Imported ${lineCount} new lines`);

    // Auto-match: every ledger entry finds its line; the unknown credit is left.
    await accountant.getByRole('button', { name: 'Auto-match' }).click();
    await expect
      .poll(() => accountant.getByRole('status').filter({ hasText: 'matched' }).textContent())
      .toMatch(new RegExp(`^${entries.length} lines? matched\\.`));
    const lines = accountant.getByRole('grid', { name: 'Statement lines' });
    await expect.poll(() => lines.getByRole('row').count()).toBe(2);
    expect(await lines.textContent()).toContain('JM-RENT');

    // The unknown credit becomes a rent payment on a ZWG lease.
    await lines.getByRole('button', { name: /^Match line of .* J Moyo$/ }).click();
    const panel = accountant.getByRole('dialog', { name: 'Match a statement line' });
    await panel.getByRole('button', { name: 'Record as payment' }).click();
    await panel.getByRole('combobox', { name: 'Lease' }).click();
    await accountant.getByRole('option').first().click();
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toBe('Recorded as a payment and matched to the line.');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => accountant.getByText('No unmatched lines').count()).toBe(1);

    // Reconciled at today: both differences zero, signed off, in the history.
    await accountant.getByRole('tab', { name: 'Reconciliation' }).click();
    await accountant.getByLabel('Statement date').fill(today);
    const figures = accountant.getByRole('table', { name: 'Reconciliation figures' });
    await expect
      .poll(() => figures.getByRole('row', { name: /Bank difference/ }).textContent(), { timeout: 30_000 })
      .toContain('· Balanced');
    expect(await figures.getByRole('row', { name: /Ledger difference/ }).textContent()).toContain(
      '· Balanced',
    );
    await accountant.getByRole('button', { name: 'Sign off' }).click();
    const confirm = accountant.getByRole('dialog', {
      name: `Sign off and close the books up to ${day(today)}?`,
    });
    await confirm.getByRole('button', { name: 'Sign off' }).click();
    const history = accountant.getByRole('grid', { name: 'Signed-off reconciliations' });
    await expect.poll(() => history.textContent()).toContain(day(today));
    expect(await history.textContent()).toContain('Kudzai Banda');
  });

  it('refuses a back-dated payment in the closed month, with the server’s message in the payment dialog', async () => {
    await navLink(accountant, 'Payments').click();
    await accountant.waitForURL('**/accountant-dashboard/payments');
    await accountant.getByRole('button', { name: 'Record payment' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Lease').fill('E2E Gold Flats');
    await accountant
      .getByRole('option', { name: /E2E Gold Flats/ })
      .first()
      .click();
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByLabel('Payment date').fill(today);
    await dialog.getByLabel('Reference').fill('E2E-CLOSED');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('The books are closed up to');
    expect(await dialog.getByRole('alert').textContent()).toContain(day(today));
  });

  it('fits a 375 px phone: the bank pages do not scroll sideways', async () => {
    const phone = await newPage(browser, app.baseUrl, 375);
    await signInThroughForm(phone, 'accountant@demo.test');
    await phone.waitForURL('**/accountant-dashboard');
    for (const route of ['banking', 'banking/suspense', `banking/${accountId}`]) {
      await phone.goto(`/accountant-dashboard/${route}`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    // The account's other tabs: the reconciliation's figures and the history.
    await phone.getByRole('tab', { name: 'Reconciliation' }).click();
    await phone.getByLabel('Statement date').fill(today);
    await phone.getByRole('table', { name: 'Reconciliation figures' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.getByRole('tab', { name: 'History' }).click();
    await phone.getByRole('grid', { name: 'Signed-off reconciliations' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });
});
