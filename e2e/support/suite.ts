import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { launchBrowser } from './browser.ts';

/**
 * The running Lintel and Chromium of the test file that called startAppAndBrowser. Vitest gives
 * each test file its own copy of this module, so files never share them.
 */
export let app: RunningApp;
export let browser: Browser;

/**
 * A fresh Lintel (its own data folder; demo data unless `options.env` says otherwise) and Chromium
 * before the file's tests; both stopped after.
 */
export function startAppAndBrowser(options?: Parameters<typeof startApp>[0]): void {
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}
