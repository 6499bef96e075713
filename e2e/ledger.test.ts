import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { downloadedBytes } from './support/files.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

describe('the general ledger, end to end', () => {
  let page: Page;

  it('the accountant opens the general ledger, filters the journals and opens one', async () => {
    page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'General ledger').click();
    await page.waitForURL('**/accountant-dashboard/ledger');
    await expect.poll(() => page.title()).toBe('General ledger · Lintel');

    const grid = page.getByRole('grid', { name: 'Journals' });
    await grid.getByRole('row').nth(1).waitFor();
    const filtered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/ledger/journals?') && response.url().includes('book=business'),
    );
    await page.getByRole('combobox', { name: 'Book' }).click();
    await page.getByRole('option', { name: 'Business' }).click();
    const reply = (await (await filtered).json()) as { data: { book: string; description: string }[] };
    expect(reply.data.length).toBeGreaterThan(0);
    expect(reply.data.every((journal) => journal.book === 'business')).toBe(true);
    await expect.poll(() => grid.getByRole('row').nth(1).textContent()).toContain('Business');

    await grid.getByRole('row').nth(1).getByRole('gridcell').nth(3).click();
    const dialog = page.getByRole('dialog');
    const lines = dialog.getByRole('table', { name: 'Journal lines' });
    await lines.waitFor();
    expect(await lines.getByRole('row').count()).toBeGreaterThan(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the trial balance shows both books, each totalling zero', async () => {
    await page.getByRole('tab', { name: 'Trial balance' }).click();
    const trust = page.getByRole('table', { name: 'Trust book trial balance' });
    const business = page.getByRole('table', { name: 'Business book trial balance' });
    await trust.waitFor();
    await business.waitFor();
    expect(await trust.getByRole('row').count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('total-trust').textContent()).toMatch(/^\D*0\.00$/);
    await expect.poll(() => page.getByTestId('total-business').textContent()).toMatch(/^\D*0\.00$/);
  });

  it('downloads the trust book as an hledger journal', async () => {
    await page.getByRole('tab', { name: 'Export' }).click();
    await page.getByRole('combobox', { name: 'Book' }).click();
    await page.getByRole('option', { name: 'Trust' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^lintel-trust-ledger-\d{4}-\d{2}-\d{2}\.journal$/);
    const text = (await downloadedBytes(file)).toString('utf8');
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} .+$/m);
    expect(text).toMatch(/^ {4}trust:bank {2}[A-Z]{3} -?\d+\.\d{2}$/m);
    expect(text).not.toContain('business:');
  });

  it('works at 375 px: the journals and the tabs fit the phone', async () => {
    const phone = await newPage(browser, app.baseUrl, 375);
    await signInThroughForm(phone, 'accountant@demo.test');
    await phone.waitForURL('**/accountant-dashboard');
    await phone.goto('/accountant-dashboard/ledger');
    await phone.getByRole('grid', { name: 'Journals' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
