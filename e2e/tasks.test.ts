import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from './support/app.ts';
import { navLink, newPage, notificationsStreaming, signInThroughForm } from './support/browser.ts';
import { app, browser, startAppAndBrowser } from './support/suite.ts';

startAppAndBrowser();

describe('tasks, end to end', () => {
  const title = `Inspect the roof ${Date.now()}`;
  let agent: Page;

  it('the admin adds a task for the agent; the agent is told and sees it under My tasks', async () => {
    const admin = await apiSignIn(app.baseUrl, 'admin@demo.test');
    const { user: agentUser } = await apiSignIn(app.baseUrl, 'agent@demo.test');
    const staff = (await (
      await fetch(`${app.baseUrl}/api/tasks/assignees`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).json()) as { data: { _id: string; name: string }[] };
    const agentName = staff.data.find((member) => member._id === agentUser._id)!.name;

    agent = await newPage(browser, app.baseUrl);
    const agentStreaming = notificationsStreaming(agent);
    await signInThroughForm(agent, 'agent@demo.test');
    await agent.waitForURL('**/agent-dashboard');
    // A task added before the agent's page streams would not reach its bell.
    await agentStreaming;

    const page = await newPage(browser, app.baseUrl);
    await signInThroughForm(page, 'admin@demo.test');
    await page.waitForURL('**/admin-dashboard');
    await navLink(page, 'Tasks').click();
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add task' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Due date').fill(new Date().toISOString().slice(0, 10));
    await dialog.getByLabel('Assignee').click();
    await page.getByRole('option', { name: agentName }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The agent's open dashboard hears of it at once.
    const bell = agent.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/unread/);
    await agent.reload();
    const myTasks = agent.getByRole('region', { name: 'My tasks' });
    await expect.poll(() => myTasks.textContent()).toContain(title);
  });

  it('the agent moves it across the board to done', async () => {
    await navLink(agent, 'Tasks').click();
    const moveTo = (status: string) => agent.getByRole('button', { name: `Move ${title} to ${status}` });
    await moveTo('In progress').click();
    await moveTo('Done').click();
    const done = agent.getByRole('region', { name: 'Done' });
    await expect.poll(() => done.textContent()).toContain(title);
  });
});
