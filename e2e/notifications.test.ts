import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { newPage, notificationsStreaming, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

interface LeaseRow {
  _id: string;
  propertyId: string;
  agentId: string | null;
  currency: string;
  rentAmount: number;
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

describe('real-time notifications, end to end', () => {
  it("a payment on the owner's property lights the owner's bell without a reload, not the admin's", async () => {
    const [admin, owner] = await Promise.all([newPage(browser, app.baseUrl), newPage(browser, app.baseUrl)]);
    const streams = [notificationsStreaming(admin), notificationsStreaming(owner)];
    await signInThroughForm(admin, 'admin@demo.test');
    await admin.waitForURL('**/admin-dashboard');
    await signInThroughForm(owner, 'owner@demo.test');
    await owner.waitForURL('**/owner-dashboard');
    await expect.poll(() => bell(owner).getAttribute('aria-label')).toBe('Notifications');
    // The payment comes once both pages stream: the owner's bell could miss it otherwise, and the
    // admin's staying dark would prove nothing.
    await Promise.all(streams);

    // A property of owner@demo.test's owner record that agent@demo.test manages, let on an active lease.
    const [agentSession, ownerSession] = await Promise.all([
      apiSignIn(app.baseUrl, 'agent@demo.test'),
      apiSignIn(app.baseUrl, 'owner@demo.test'),
    ]);
    const ownProperties = await getJson<{ _id: string }[]>(
      '/api/properties?pageSize=100',
      ownerSession.token,
    );
    const ownPropertyIds = new Set(ownProperties.map((property) => property._id));
    const leases = await getJson<LeaseRow[]>('/api/leases?status=active&pageSize=100', agentSession.token);
    const lease = leases.find(
      (row) => ownPropertyIds.has(row.propertyId) && row.agentId === agentSession.user._id,
    );
    expect(lease, 'a demo lease on the owner’s property, managed by the agent').toBeDefined();

    const payment = await fetch(`${app.baseUrl}/api/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agentSession.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        type: 'rent',
        leaseId: lease!._id,
        amount: lease!.rentAmount,
        currency: lease!.currency,
        method: 'bank_transfer',
        paymentDate: new Date().toISOString().slice(0, 10),
      }),
    });
    expect(payment.status).toBe(201);
    const { receiptNumber } = ((await payment.json()) as { data: { receiptNumber: string } }).data;

    await expect.poll(() => bell(owner).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // The red dot.
    expect(await bell(owner).locator('.MuiBadge-dot:not(.MuiBadge-invisible)').count()).toBe(1);
    await bell(owner).click();
    const popup = owner.locator('.MuiPopover-paper');
    await expect.poll(() => popup.getByText('Payment received').count()).toBe(1);
    expect(await popup.textContent()).toContain(receiptNumber);
    // Its link opens the owner's payments.
    await popup.getByText('Payment received').click();
    await owner.waitForURL('**/payments');

    // The admin is not concerned by a payment: no dot.
    expect(await bell(admin).getAttribute('aria-label')).toBe('Notifications');
  });
});
