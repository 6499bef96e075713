import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navLink, newPage, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

const tag = randomUUID().slice(0, 6);
const PASSWORD = 'a-strong-password';
const agentEmail = `agent-${tag}@e2e.test`;
const ownerName = `Olivia Owner ${tag}`;
const ownerEmail = `owner-${tag}@e2e.test`;
const propertyName = `Lease Flat ${tag}`;
const tenantName = `Tom Tenant ${tag}`;

/** The link an invitation dialog shows once (as text or in a read-only field). */
async function shownSignupLink(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  const read = async () => {
    const values = await dialog
      .locator('input')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const found = /\/signup\?code=[^\s"]+/.exec([await dialog.textContent(), ...values].join(' '));
    return found?.[0] ?? '';
  };
  await expect.poll(read).toMatch(/^\/signup\?code=/);
  return read();
}

async function signUpWithLink(page: Page, link: string, name: string, email: string) {
  await page.goto(link);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function pickOption(page: Page, field: string, text: string) {
  await page.getByRole('dialog').getByLabel(field).fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

describe('people and leases, end to end', () => {
  let admin: Page;
  let agent: Page;

  it('admin invites an agent; the agent signs up with the link and lands on the agent dashboard', async () => {
    admin = await newPage(browser, app.baseUrl);
    await signInThroughForm(admin, 'admin@demo.test');
    await admin.waitForURL('**/admin-dashboard');
    await navLink(admin, 'Users').click();
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Email').fill(agentEmail);
    await dialog.getByLabel('Role').click();
    await admin.getByRole('option', { name: /agent/i }).click();
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    const link = await shownSignupLink(admin);
    await admin.keyboard.press('Escape');

    agent = await newPage(browser, app.baseUrl);
    await signUpWithLink(agent, link, 'Andile Agent', agentEmail);
    await agent.waitForURL('**/agent-dashboard');
  });

  it('the agent creates an owner, a property for them, a tenant and a lease, activates it and sees the property occupied', async () => {
    await navLink(agent, 'Owners').click();
    await agent.getByRole('button', { name: 'Add owner' }).click();
    let dialog = agent.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(ownerName);
    await dialog.getByLabel('Email').fill(ownerEmail);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await navLink(agent, 'Properties').click();
    await agent.getByRole('button', { name: 'Add property' }).click();
    dialog = agent.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(propertyName);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Lease Lane, Harare');
    await dialog.getByLabel('Type').click();
    await agent.getByRole('option', { name: /apartment/i }).click();
    await dialog.getByLabel('Monthly rent').fill('800');
    await pickOption(agent, 'Owner', ownerName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await navLink(agent, 'Tenants').click();
    await agent.getByRole('button', { name: 'Add tenant' }).click();
    dialog = agent.getByRole('dialog');
    await dialog.getByLabel('Full name').fill(tenantName);
    await dialog.getByLabel('Email').fill(`tenant-${tag}@e2e.test`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await navLink(agent, 'Leases').click();
    await agent.getByRole('button', { name: 'New lease' }).click();
    dialog = agent.getByRole('dialog');
    await pickOption(agent, 'Property', propertyName);
    await pickOption(agent, 'Tenant', tenantName);
    await dialog.getByLabel('Start date').fill('2026-12-01');
    await dialog.getByLabel('End date').fill('2027-11-30');
    await dialog.getByLabel('Monthly rent').fill('800');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Saving a new lease opens its page.
    await agent.waitForURL(/\/leases\/[0-9a-f-]{36}$/);
    await agent.getByRole('button', { name: 'Activate' }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => agent.getByRole('dialog').count()).toBe(0);
    const details = agent.getByRole('region', { name: 'Lease details' });
    await expect.poll(() => details.getByText('Active', { exact: true }).count()).toBe(1);

    await navLink(agent, 'Properties').click();
    await agent.getByLabel('Search properties').fill(propertyName);
    await expect
      .poll(() => agent.getByRole('row', { name: new RegExp(propertyName) }).textContent())
      .toContain('Occupied');
  });

  it('the owner, invited by the agent, signs in and sees that property and lease read-only', async () => {
    await navLink(agent, 'Owners').click();
    await agent.getByRole('button', { name: `Invite ${ownerName}` }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Create invitation' }).click();
    const link = await shownSignupLink(agent);
    await agent.keyboard.press('Escape');

    const owner = await newPage(browser, app.baseUrl);
    await signUpWithLink(owner, link, ownerName, ownerEmail);
    await owner.waitForURL('**/owner-dashboard');
    // Each list's own rows are drawn: a button missing then is one the owner does not get, not one
    // still to come.
    await navLink(owner, 'My properties').click();
    const properties = owner.getByRole('grid', { name: 'My properties' });
    await expect.poll(() => properties.getByRole('row', { name: new RegExp(propertyName) }).count()).toBe(1);
    expect(await owner.getByRole('button', { name: 'Add property' }).count()).toBe(0);
    await navLink(owner, 'Leases').click();
    const leases = owner.getByRole('grid', { name: 'Leases' });
    await expect.poll(() => leases.getByRole('row', { name: new RegExp(tenantName) }).count()).toBe(1);
    expect(await owner.getByRole('button', { name: 'New lease' }).count()).toBe(0);
    await owner.context().close();
  });

  it('admin deactivates the agent; the agent’s open tab goes to /login on its next call', async () => {
    await admin.reload();
    await admin
      .getByLabel(/Search/)
      .first()
      .fill(agentEmail);
    // The search's answer redraws the list: a click on the row just before it can lose its dialog
    // with the row, so the button is clicked again until the dialog stays.
    const confirm = admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' });
    await expect
      .poll(
        async () => {
          if ((await confirm.count()) === 0) {
            await admin
              .getByRole('button', { name: new RegExp(`Deactivate .*(Andile|${agentEmail})`) })
              .click({ timeout: 5_000 })
              .catch(() => undefined);
          }
          return confirm.count();
        },
        { timeout: 40_000, interval: 1_000 },
      )
      .toBe(1);
    await confirm.click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);

    // Its next call: a search it has not made before (earlier answers may still be cached). A
    // call of its own may get there first and send it to /login already; either way it lands there.
    // Each try searches something new, so a slow page on a busy machine still makes a call. A try
    // gives up after 5 s (the page may be on its way to /login, its links gone) and the next one
    // starts over; the poll allows several tries.
    await expect
      .poll(
        async () => {
          if (!agent.url().includes('/login')) {
            await (async () => {
              // The owner's invitation dialog may still be open from the step before.
              await agent.keyboard.press('Escape');
              await navLink(agent, 'Tenants').click({ timeout: 5_000 });
              await agent.getByLabel('Search tenants').fill(`zz${Date.now()}`, { timeout: 5_000 });
            })().catch(() => undefined);
          }
          return agent.url();
        },
        { timeout: 40_000, interval: 1_000 },
      )
      .toMatch(/\/login/);
    await expect
      .poll(() => agent.getByRole('alert').first().textContent())
      .toMatch(/Session expired|session has ended/i);
    await agent.context().close();
    await admin.context().close();
  });
});
