import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { downloadedBytes } from './support/files.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

const batch = randomUUID().slice(0, 6);
const tenant = (n: number) => ({
  name: `Import ${batch} Tenant ${n}`,
  email: `import-${batch}-${n}@example.test`,
});
const line = (name: string, email: string) => `${name},${email},,,Imported`;

/** Five tenants; rows 3 and 5 of the file (the header is row 1) are wrong until fixed. */
function tenantsCsv(header: string, fixed: boolean): Buffer {
  const rows = [1, 2, 3, 4, 5].map((n) => {
    const { name, email } = tenant(n);
    if (!fixed && n === 2) return line(name, 'not-an-email');
    if (!fixed && n === 4) return line('', email);
    return line(name, email);
  });
  return Buffer.from(`${header}\n${rows.join('\n')}\n`);
}

/** Chooses the file and waits until the page names it (by its size: the files differ by theirs). */
async function chooseFile(page: Page, buffer: Buffer) {
  await page.getByLabel('CSV file').setInputFiles({ name: 'tenants.csv', mimeType: 'text/csv', buffer });
  await page.getByText(`tenants.csv (${buffer.length} bytes)`, { exact: true }).waitFor();
}

const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Check report' }).getByRole('region', { name: label });

describe('data sync, end to end', () => {
  let page: Page;
  let header: string;

  it('the accountant downloads the tenants template', async () => {
    page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'Data sync').click();
    await page.waitForURL('**/accountant-dashboard/data-sync');
    await page.getByRole('combobox', { name: 'What to import' }).click();
    await page.getByRole('option', { name: 'Tenants' }).click();

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    header = (await downloadedBytes(template)).toString('utf8').trim();
    expect(header).toBe('name,email,phone,id_number,notes');
  });

  it('a file with two bad rows is reported row by row, with nothing to apply', async () => {
    await chooseFile(page, tenantsCsv(header, false));
    await page.getByRole('button', { name: 'Check file' }).click();
    const problems = page.getByRole('table', { name: 'Problems' });
    await problems.waitFor();
    const rows = await problems.getByRole('row').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^3email\s*not-an-email/);
    expect(rows[2]).toMatch(/^5name/);
    expect(await figure(page, 'Rows read').textContent()).toContain('5');
    expect(await figure(page, 'Would create').textContent()).toContain('3');
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
  });

  it('the fixed file checks clean and is applied after confirmation', async () => {
    await chooseFile(page, tenantsCsv(header, true));
    // Another file: the old report goes.
    await page.getByRole('table', { name: 'Problems' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByRole('button', { name: 'Import 5 rows' }).click();
    const confirm = page.getByRole('dialog', { name: 'Import tenants' });
    await confirm.getByRole('button', { name: 'Import 5 rows' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Imported' }).textContent())
      .toContain('Imported 5 rows of tenants.');
    // The dialog fades out after the import is done.
    await confirm.waitFor({ state: 'hidden' });
  });

  it('the imported tenants are in the tenants list', async () => {
    await navLink(page, 'Tenants').click();
    await page.waitForURL('**/accountant-dashboard/tenants');
    await page.getByLabel('Search tenants').fill(`Import ${batch}`);
    for (const n of [1, 2, 3, 4, 5]) await page.getByText(tenant(n).name, { exact: true }).first().waitFor();
  });

  it('the same file again is all unchanged', async () => {
    await navLink(page, 'Data sync').click();
    await page.getByRole('combobox', { name: 'What to import' }).click();
    await page.getByRole('option', { name: 'Tenants' }).click();
    await chooseFile(page, tenantsCsv(header, true));
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText(/already in Lintel: there is nothing to import/).waitFor();
    expect(await figure(page, 'Unchanged').textContent()).toContain('5');
    expect(await figure(page, 'Would create').textContent()).toContain('0');
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
  });
});
