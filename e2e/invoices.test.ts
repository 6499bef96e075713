import { randomUUID } from 'node:crypto';
import { formatMoney } from '@lintel/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { pdfText } from './support/files.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

interface InvoiceRow {
  _id: string;
  number: string | null;
  currency: string;
  status: string;
  subtotal: number;
  vat: number;
  total: number;
}

/**
 * Types into the invoices search and waits for the list that answers it: a row's menu opened
 * on the list before it arrives is closed when the grid redraws.
 */
async function searchInvoices(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/invoices' && url.searchParams.get('q') === text;
  });
  await page.getByLabel('Search invoices').fill(text);
  await answered;
}

describe('written invoices, end to end', () => {
  it('the accountant drafts an invoice to a free-text client, issues it and downloads the PDF', async () => {
    const client = `E2E Client ${randomUUID().slice(0, 6)}`;
    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'Written invoices').click();
    await page.waitForURL('**/accountant-dashboard/written-invoices');

    await page.getByRole('button', { name: 'New invoice' }).click();
    const form = page.getByRole('dialog', { name: 'New invoice' });
    await form.getByLabel('Client name').fill(client);
    await form.getByLabel('Client address').fill('7 Baines Avenue, Harare');
    await form.getByLabel('Due date').fill('2026-12-31');
    await form.getByLabel('Line 1 description').fill('Tenant placement');
    await form.getByLabel('Quantity').first().fill('2');
    await form.getByLabel('Unit price').first().fill('150');
    await form.getByRole('button', { name: 'Add line' }).click();
    await form.getByLabel('Line 2 description').fill('Inspection hours');
    await form.getByLabel('Quantity').nth(1).fill('1.5');
    await form.getByLabel('Unit price').nth(1).fill('80');
    await expect.poll(() => form.getByRole('group', { name: 'Totals' }).textContent()).toContain('$420.00');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);

    await searchInvoices(page, client);
    await page.getByRole('button', { name: `Actions for draft for ${client}` }).click();
    await page.getByRole('menuitem', { name: 'Issue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Issue invoice' });
    await confirm.getByRole('button', { name: 'Issue' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);

    const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
    const listed = (await (
      await fetch(`${app.baseUrl}/api/invoices?q=${encodeURIComponent(client)}`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { data: InvoiceRow[] };
    const invoice = listed.data[0]!;
    expect(invoice).toMatchObject({ status: 'issued', subtotal: 42000 });
    expect(invoice.total).toBe(invoice.subtotal + invoice.vat);
    const number = invoice.number!;
    const total = formatMoney(invoice.total, 'USD');
    await expect.poll(() => page.getByRole('grid', { name: 'Invoices' }).textContent()).toContain(number);

    await page.getByRole('button', { name: `Actions for ${number}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download PDF' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain(number);
    expect(text).toContain(total);
    expect(text).toContain(client);
  });

  it("the overdue-invoice notice's link opens that invoice; an unknown one says it is not found", async () => {
    const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
    const overdue = (await (
      await fetch(`${app.baseUrl}/api/invoices?overdue=true`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { data: InvoiceRow[] };
    const invoice = overdue.data[0];
    expect(invoice, 'the demo company’s overdue invoice').toBeDefined();

    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    // The link as server/src/features/notifications/jobs.ts writes it.
    await page.goto(`/accountant-dashboard/written-invoices?open=${invoice!._id}`);
    const dialog = page.getByRole('dialog', { name: `Invoice ${invoice!.number}` });
    await expect.poll(() => dialog.textContent()).toContain(formatMoney(invoice!.total, invoice!.currency));
    await expect.poll(() => dialog.getByText('Overdue').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await page.goto(`/accountant-dashboard/written-invoices?open=${randomUUID()}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^Invoice not found\./);
    // The lookup has answered: no dialog now means none opened.
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("the accountant marks an owner's agency invoice paid from their property account: the owner's balance goes down by it", async () => {
    const session = await apiSignIn(app.baseUrl, 'accountant@demo.test');
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${app.baseUrl}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return ((await response.json()) as { data: unknown }).data;
    };
    interface Account {
      propertyId: string;
      propertyName: string;
      ownerId: string | null;
      balance: number;
    }
    const accountOf = async (propertyId: string) =>
      ((await api('GET', `/accounts/properties?currency=USD&propertyId=${propertyId}`)) as Account[])[0]!;
    const accounts = (await api('GET', '/accounts/properties?currency=USD&pageSize=100')) as Account[];
    const richest = accounts.filter((account) => account.ownerId).sort((a, b) => b.balance - a.balance)[0];
    expect(richest?.balance, 'a demo owner with money held').toBeGreaterThan(5000);
    const draft = (await api('POST', '/invoices', {
      clientType: 'owner',
      clientId: richest!.ownerId,
      currency: 'USD',
      issueDate: '2026-11-01',
      dueDate: '2026-11-30',
      lines: [{ description: `E2E letting fee ${randomUUID().slice(0, 6)}`, quantity: 1, unitPrice: 2000 }],
    })) as InvoiceRow;
    const issued = (await api('POST', `/invoices/${draft._id}/issue`)) as InvoiceRow;
    const number = issued.number!;
    const before = (await accountOf(richest!.propertyId)).balance;

    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'accountant@demo.test');
    await page.waitForURL('**/accountant-dashboard');
    await navLink(page, 'Written invoices').click();
    await page.waitForURL('**/accountant-dashboard/written-invoices');
    await searchInvoices(page, number);
    await page.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark invoice paid' });
    expect(await dialog.getByRole('radio', { name: "From the owner's property account" }).isChecked()).toBe(
      true,
    );
    await dialog.getByRole('combobox', { name: /Property account/ }).click();
    await page
      .getByRole('option')
      .filter({ hasText: `${richest!.propertyName} · ` })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const paid = (await api('GET', `/invoices/${issued._id}`)) as InvoiceRow & {
      paidFrom: string;
      journalId: string;
    };
    expect(paid).toMatchObject({ status: 'paid', paidFrom: 'owner_account' });
    expect(paid.journalId).toBeTruthy();
    expect((await accountOf(richest!.propertyId)).balance).toBe(before - issued.total);
  });
});
