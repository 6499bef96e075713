import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

describe('fee transfers and VAT, end to end', () => {
  let accountant: Page;

  it('the accountant sees what is due to the agency, transfers it, and due becomes zero', async () => {
    accountant = await newPage(browser, app.baseUrl);
    await signInThroughForm(accountant, 'accountant@demo.test');
    await accountant.waitForURL('**/accountant-dashboard');
    await navLink(accountant, 'Fee transfers').click();
    await accountant.waitForURL('**/accountant-dashboard/transfers');
    await expect.poll(() => accountant.title()).toContain('Fee transfers');

    const table = accountant.getByRole('table', { name: 'Due to the agency by currency' });
    const usd = table.getByRole('row').filter({ hasText: 'USD' });
    await expect.poll(() => usd.textContent()).toMatch(/\$[1-9][\d,]*\.\d\d/);
    const due = /\$[\d,]+\.\d\d/.exec((await usd.textContent())!)![0];

    await usd.getByRole('button', { name: 'Transfer to business account: USD' }).click();
    const confirm = accountant.getByRole('dialog', { name: 'Transfer to the business account?' });
    expect(await confirm.textContent()).toContain(`${due} leaves the trust bank account`);
    await confirm.getByRole('button', { name: 'Transfer' }).click();

    await expect
      .poll(() => accountant.getByRole('status').filter({ hasText: 'transferred' }).textContent())
      .toMatch(new RegExp(`${due.replace(/[$.]/g, '\\$&')} transferred\\. Quote FT-\\d{6}`));
    await expect.poll(() => usd.textContent()).toContain('$0.00');
    const made = accountant.getByRole('grid', { name: 'Transfers made' });
    await expect.poll(() => made.textContent()).toContain(due);
    // The demo's monthly transfers were the accountant's; this one too, by name.
    expect(await made.textContent()).toContain('Kudzai Banda');
  });

  it('the accountant records VAT paid to the tax authority', async () => {
    await navLink(accountant, 'VAT').click();
    await accountant.waitForURL('**/accountant-dashboard/vat');
    const summary = accountant.getByRole('table', { name: 'VAT summary' });
    const owedAtEnd = summary.getByRole('row').filter({ hasText: 'VAT owed at the end' });
    await expect.poll(() => owedAtEnd.textContent()).toMatch(/\$[1-9][\d,]*\.\d\d/);
    const before = /\$([\d,]+\.\d\d)/.exec((await owedAtEnd.textContent())!)![1]!;

    await accountant.getByRole('button', { name: 'Record VAT paid' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Record VAT paid' });
    await dialog.getByLabel('Amount').fill('1.00');
    await dialog.getByLabel('Reference').fill('E2E-VAT');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = accountant.getByRole('dialog', { name: 'Record $1.00 of VAT paid?' });
    await confirm.getByRole('button', { name: 'Record' }).click();

    const paid = accountant.getByRole('table', { name: 'VAT paid' });
    await expect.poll(() => paid.textContent()).toContain('E2E-VAT');
    const after = Number(before.replace(/,/g, '')) - 1;
    await expect
      .poll(() => owedAtEnd.textContent())
      .toContain(`$${after.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('fits a 375 px phone: the transfers and VAT pages do not scroll sideways', async () => {
    const phone = await newPage(browser, app.baseUrl, 375);
    await signInThroughForm(phone, 'accountant@demo.test');
    await phone.waitForURL('**/accountant-dashboard');
    for (const path of ['transfers', 'vat']) {
      await phone.goto(`/accountant-dashboard/${path}`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.getByRole('table').first().waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await phone.close();
  });
});
