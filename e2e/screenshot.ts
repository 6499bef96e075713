// Looks at a screen as a person would:
//   npm run shot -- BASE_URL EMAIL|- PATH OUT.png [WIDTH]
// Signs in through the API (demo password), stores the session as the app does, opens PATH in
// Debian's Chromium and saves a full-page screenshot.
import { launchBrowser, newPage, signInFromPage } from './support/browser.ts';

const [baseUrl, email, pagePath, out, width = '1280'] = process.argv.slice(2);
if (!baseUrl || !email || !pagePath || !out) {
  process.stderr.write('usage: npm run shot -- BASE_URL EMAIL|- PATH OUT.png [WIDTH]\n');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await newPage(browser, baseUrl, Number(width));
  await page.goto('/login');
  // Signed in from the page, as the app does, so the session cookies are set too.
  if (email !== '-') await signInFromPage(page, email);
  await page.goto(pagePath);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: out, fullPage: true });
} finally {
  await browser.close();
}
