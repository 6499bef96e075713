// Looks at a screen as a person would: node scripts/screenshot.mjs BASE_URL EMAIL|- PATH OUT.png [WIDTH]
// Signs in through the API (demo password), stores the session as the app does, opens PATH in
// Debian's Chromium (a fresh profile each launch) and saves a full-page screenshot.
import { chromium } from 'playwright-core';

const [baseUrl, email, pagePath, out, width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto(`${baseUrl}/login`);
if (email !== '-') {
  await page.evaluate(async (address) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'LintelDemo1' }),
    });
    const session = await response.json();
    localStorage.setItem('accessToken', session.token);
    localStorage.setItem('refreshToken', session.refreshToken);
    localStorage.setItem('user', JSON.stringify(session.user));
    localStorage.setItem('companyId', session.user.companyId);
  }, email);
}
await page.goto(`${baseUrl}${pagePath}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
