import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

interface PropertyAccountRow {
  propertyId: string;
  propertyName: string;
  currency: string;
  balance: number;
}

describe('levies, end to end', () => {
  it('the accountant adds a levy, sees it due this month, pays it and sees it paid', async () => {
    const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
    const accounts = (await (
      await fetch(`${app.baseUrl}/api/accounts/properties?currency=USD&pageSize=100`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { data: PropertyAccountRow[] };
    // A demo property that holds more than the levy.
    const property = accounts.data.find((row) => row.balance > 5000)!;
    expect(property).toBeDefined();
    const bodyCorporate = `E2E Body Corporate ${randomUUID().slice(0, 6)}`;
    const period = new Date().toISOString().slice(0, 7);

    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'Levies').click();
    await page.waitForURL('**/accountant-dashboard/levies');

    await page.getByRole('button', { name: 'Add levy' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add levy' });
    await form.getByLabel('Property').fill(property.propertyName);
    await page
      .getByRole('option', { name: new RegExp(property.propertyName) })
      .first()
      .click();
    await form.getByLabel('Body corporate').fill(bodyCorporate);
    await form.getByLabel('Monthly amount').fill('12.34');
    await form.getByLabel('Start').fill(`${period}-01`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('grid', { name: 'Levy schedules' }).textContent())
      .toContain(bodyCorporate);

    const title = `${property.propertyName} — ${bodyCorporate}, ${period}`;
    const dueList = page.getByRole('list', { name: 'Due levies' });
    await dueList.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page.getByRole('button', { name: /^Pay selected/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay 1 levy?' });
    await expect.poll(() => confirm.textContent()).toContain('$12.34');
    await confirm.getByRole('button', { name: 'Pay', exact: true }).click();

    const summary = page.getByRole('dialog', { name: 'Levies paid' });
    await expect.poll(() => summary.textContent()).toContain('1 paid ($12.34).');
    await summary.getByRole('button', { name: 'Done' }).click();

    await expect.poll(() => page.getByRole('checkbox', { name: `Select ${title}` }).count()).toBe(0);
    await page.getByRole('button', { name: /^Paid \(/ }).click();
    const paidList = page.getByRole('list', { name: 'Paid levies' });
    await expect.poll(() => paidList.textContent()).toContain(bodyCorporate);
  });
});
