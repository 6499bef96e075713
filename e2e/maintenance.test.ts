import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, notificationsStreaming, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

// A 1×1 PNG, made here so the test needs no fixture file.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const redDots = (page: Page) => bell(page).locator('.MuiBadge-dot:not(.MuiBadge-invisible)').count();

describe('maintenance, end to end', () => {
  let admin: Page;
  let agent: Page;
  const title = `Broken window ${Date.now()}`;

  it('the agent raises a request with a photo on a property they manage', async () => {
    const session = await apiSignIn(app.baseUrl, 'agent@demo.test');
    const properties = (await (
      await fetch(`${app.baseUrl}/api/properties?agentId=${session.user._id}&pageSize=5`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { data: { name: string }[] };
    const property = properties.data[0]!;

    // The admin's maintenance page is open before the request is raised.
    admin = await newPage(browser, app.baseUrl);
    const adminStreaming = notificationsStreaming(admin);
    await signInThroughForm(admin, 'admin@demo.test');
    await admin.waitForURL('**/admin-dashboard');
    await navLink(admin, 'Maintenance').click();
    await admin.waitForURL('**/admin/maintenance');

    // The agent's page, too, streams before anything it is to be told of (the approval, next).
    agent = await newPage(browser, app.baseUrl);
    const agentStreaming = notificationsStreaming(agent);
    await signInThroughForm(agent, 'agent@demo.test');
    await agent.waitForURL('**/agent-dashboard');
    await Promise.all([adminStreaming, agentStreaming]);
    await navLink(agent, 'Maintenance').click();
    await agent.getByRole('button', { name: 'New request' }).click();
    const dialog = agent.getByRole('dialog', { name: 'New maintenance request' });
    await dialog.getByLabel('Property').fill(property.name);
    await agent
      .getByRole('option', { name: new RegExp(property.name) })
      .first()
      .click();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('The lounge window is cracked.');
    await dialog.getByLabel('Estimated cost (USD)').fill('120');
    await dialog.getByLabel('Photos or documents').setInputFiles({
      name: 'window.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await dialog.getByRole('button', { name: 'Raise request' }).click();
    await agent.waitForURL('**/maintenance/*');
    await expect.poll(() => agent.getByRole('heading', { name: title }).isVisible()).toBe(true);
    // The photo is fetched with the session and shown as a thumbnail.
    const thumbnail = agent.locator('img[alt="window.png"]');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // The admin's open page learns of it without a reload: the bell's red dot.
    await expect.poll(() => redDots(admin)).toBe(1);
  });

  it('the admin opens it from the bell and approves it; the agent is notified and sees the approval', async () => {
    await bell(admin).click();
    const popup = admin.locator('.MuiPopover-paper');
    await expect.poll(() => popup.textContent()).toContain('Maintenance request raised');
    await popup.getByText('Maintenance request raised').first().click();
    await admin.waitForURL('**/maintenance/*');
    await expect.poll(() => admin.getByRole('heading', { name: title }).isVisible()).toBe(true);
    await admin.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByLabel('Note (optional)').fill('Go ahead');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);

    // The agent's open page is told at once.
    await expect.poll(() => redDots(agent)).toBe(1);
    await bell(agent).click();
    await expect
      .poll(() => agent.locator('.MuiPopover-paper').textContent())
      .toMatch(/Maintenance approved/i);
    await agent.keyboard.press('Escape');
    await agent.reload();
    const timeline = agent.getByRole('list', { name: 'Timeline' });
    await expect.poll(() => timeline.textContent()).toContain('Approved — Go ahead');
    await expect.poll(() => agent.getByRole('button', { name: 'Start work' }).isVisible()).toBe(true);
  });
});
