import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { pdfText } from './support/files.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

interface LeaseRow {
  _id: string;
  propertyId: string;
  propertyName: string;
  tenantName: string;
  agentId: string | null;
}

describe('money, end to end', () => {
  let accountant: Page;
  let lease: LeaseRow;
  let receiptNumber: string;

  it('the accountant records a rent payment, sees the split and downloads the receipt', async () => {
    const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
    const leases = (await (
      await fetch(`${app.baseUrl}/api/leases?status=active&pageSize=100`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { data: LeaseRow[] };
    lease = leases.data.find((row) => row.agentId)!;

    accountant = await newPage(browser, app.baseUrl);
    await signInThroughForm(accountant, 'accountant@demo.test');
    await accountant.waitForURL('**/accountant-dashboard');
    await navLink(accountant, 'Payments').click();
    // The home has a "Record payment" of its own: click the one on the payments page.
    await accountant.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await accountant.getByRole('button', { name: 'Record payment' }).click();
    const dialog = accountant.getByRole('dialog');
    await dialog.getByLabel('Lease').fill(lease.propertyName);
    await accountant
      .getByRole('option', { name: new RegExp(lease.tenantName) })
      .first()
      .click();
    await dialog.getByLabel('Amount').fill('1000');
    await dialog.getByLabel('Reference').fill('E2E-RENT');
    await dialog.getByRole('button', { name: 'Record payment' }).click();

    const recorded = accountant.getByRole('dialog', { name: 'Payment recorded' });
    await expect
      .poll(() => recorded.getByRole('status').textContent())
      .toMatch(/Receipt \S+ for \$1,000\.00/);
    receiptNumber = /Receipt (\S+)/.exec((await recorded.getByRole('status').textContent())!)![1]!;
    const split = await recorded.textContent();
    // 10% commission, 60% of it to the agent, 15% VAT on it; the owner gets the rest.
    for (const figure of ['$100.00', '$60.00', '$40.00', '$15.00', '$885.00'])
      expect(split).toContain(figure);

    const [download] = await Promise.all([
      accountant.waitForEvent('download'),
      recorded.getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain(receiptNumber);
    expect(text).toContain('$1,000.00');
    expect(text).toMatch(/one thousand/i);
    await recorded.getByRole('button', { name: 'Done' }).click();
  });

  it('the split shows on the property account and on the agent account', async () => {
    await navLink(accountant, 'Property accounts').click();
    await accountant.getByLabel('Search property accounts').fill(lease.propertyName);
    await accountant.getByRole('link', { name: lease.propertyName, exact: true }).click();
    await accountant.waitForURL(`**/property-accounts/${lease.propertyId}`);
    const propertyLine = accountant.getByRole('row', { name: new RegExp(receiptNumber) });
    await expect.poll(() => propertyLine.textContent()).toContain('$885.00');

    await navLink(accountant, 'Agent accounts').click();
    await accountant.locator(`a[href$="/agent-accounts/${lease.agentId}"]`).first().click();
    const agentLine = accountant.getByRole('row', { name: new RegExp(receiptNumber) });
    await expect.poll(() => agentLine.textContent()).toContain('$60.00');
  });

  it('the accountant reverses the payment after confirming, with a reason', async () => {
    await navLink(accountant, 'Payments').click();
    await accountant.getByLabel('Search payments').fill(receiptNumber);
    await accountant.getByRole('gridcell', { name: receiptNumber }).click();
    const details = accountant.getByRole('dialog');
    await details.getByRole('button', { name: 'Reverse' }).click();
    const confirm = accountant.getByRole('dialog', { name: 'Reverse payment' });
    await expect.poll(() => confirm.textContent()).toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Reverse payment' }).click();
    // Without a reason nothing is sent.
    await expect.poll(() => confirm.textContent()).toMatch(/reason/i);
    await confirm.getByLabel('Reason').fill('Entered against the wrong lease');
    await confirm.getByRole('button', { name: 'Reverse payment' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(() => details.textContent()).toMatch(/reversed/i);
    await expect.poll(() => details.textContent()).toContain('Entered against the wrong lease');
  });

  it('the owner signs in and downloads their statement', async () => {
    const owner = await newPage(browser, app.baseUrl);
    await signInThroughForm(owner, 'owner@demo.test');
    await owner.waitForURL('**/owner-dashboard');
    const card = owner.getByRole('region', { name: 'My statement' });
    await expect.poll(() => card.textContent()).toContain('Closing balance');
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      card.getByRole('button', { name: 'Download statement (PDF)' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain('Owner statement');
    expect(text).toContain('Grace Moyo');
    expect(text).toContain('Closing balance');
  });
});
