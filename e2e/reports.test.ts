import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney, type Report } from '@lintel/contracts';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { downloadedBytes, pdfText } from './support/files.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

/** The report the server answers for what the page asked (the page's address holds the filters). */
async function reportFromApi(page: Page, kind: string): Promise<Report> {
  const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
  const search = new URL(page.url()).searchParams;
  search.delete('report');
  const response = await fetch(`${app.baseUrl}/api/reports/${kind}?${search.toString()}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return ((await response.json()) as { data: Report }).data;
}

/** Clicks a download button and waits for the file the browser saves. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return file;
}

describe('reports, end to end', () => {
  let page: Page;

  it('the accountant opens Reports and reads income by month: summary, chart and rows', async () => {
    page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'Reports').click();
    await page.waitForURL('**/accountant-dashboard/reports');

    const table = page.getByRole('table', { name: 'Income by month' });
    await table.waitFor();
    const income = await reportFromApi(page, 'income');
    expect(income.rows.length).toBeGreaterThanOrEqual(12);
    // Every month, then the totals row.
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + income.rows.length + 1);
    const collected = formatMoney(Number(income.totals!.collected), income.currency);
    await expect
      .poll(() => page.getByRole('region', { name: 'Collected' }).textContent())
      .toContain(collected);
    await expect.poll(() => table.getByRole('row').last().textContent()).toContain(collected);
    await page.getByRole('figure', { name: 'Income by month chart' }).locator('svg').first().waitFor();
  });

  it('downloads the income report as CSV (heading and a line per month) and as a PDF that parses', async () => {
    const income = await reportFromApi(page, 'income');
    const csv = (await downloadedBytes(await download(page, 'Download CSV'))).toString('utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain(`Collected income (${income.currency})`);
    expect(lines[0]).toContain(`Deposits (${income.currency})`);
    expect(lines).toHaveLength(1 + income.rows.length + 1);
    expect(lines[1]).toContain(String(income.rows[0]!.month));

    const pdf = await download(page, 'Download PDF');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const text = await pdfText(pdf);
    expect(text).toContain('Income by month');
    expect(text).toContain(formatMoney(Number(income.totals!.collected), income.currency));
  });

  it('the accountant runs arrears aging, grouped by property, with its stacked chart', async () => {
    await page.getByRole('tab', { name: 'Arrears aging' }).click();
    const table = page.getByRole('table', { name: 'Arrears aging' });
    await table.waitFor();
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Property' }).click();
    await expect.poll(() => table.getByRole('columnheader').first().textContent()).toBe('Property');
    expect(new URL(page.url()).searchParams.get('groupBy')).toBe('property');

    const arrears = await reportFromApi(page, 'arrears');
    expect(arrears.rows.length).toBeGreaterThan(0);
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + arrears.rows.length + 1);
    const first = arrears.rows[0]!;
    await expect
      .poll(() => table.getByRole('row').nth(1).textContent())
      .toContain(formatMoney(Number(first.total), arrears.currency));
    await page.getByRole('figure', { name: 'Arrears aging chart' }).locator('svg').first().waitFor();

    const csv = (await downloadedBytes(await download(page, 'Download CSV'))).toString('utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^Property,/);
    expect(csv).toContain(String(first.name));
    expect(await pdfText(await download(page, 'Download PDF'))).toContain('Arrears aging');
  });
});
