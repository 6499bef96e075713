import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInFromPage } from '../e2e/support/browser.ts';
import type { Benchmark, Figure } from './lib/benchmark.ts';
import type { Target } from './lib/databases.ts';
import { DEMO_PASSWORD } from './lib/api.ts';
import { DASHBOARDS } from './web.ts';

/**
 * Issue 18: Lighthouse (12.2.3, its default mobile preset: a mid-range phone on slow 4G, simulated)
 * on the built app, each page in a Chromium of its own with a fresh profile, so every load is cold.
 * Targets on a quiet machine: performance ≥ 90 on the public pages and ≥ 75 on each role's home,
 * accessibility and best practices 100. Performance is simulated from this machine's CPU, so on
 * shared, busy cores it reads low: the load average is in the table beside it.
 */
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const PUBLIC_PERFORMANCE = 90;
const HOME_PERFORMANCE = 75;
/** Debian's Chromium, headless; chrome-launcher adds the flags that keep it quiet and off the network. */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'];
/** The metrics behind the performance score, in the units Lighthouse reports them. */
const METRICS = [
  { audit: 'first-contentful-paint', name: 'FCP', unit: 'ms' },
  { audit: 'largest-contentful-paint', name: 'LCP', unit: 'ms' },
  { audit: 'total-blocking-time', name: 'TBT', unit: 'ms' },
  { audit: 'cumulative-layout-shift', name: 'CLS', unit: '' },
] as const;

interface Page {
  route: string;
  email?: string;
  performanceTarget: number;
}

const PAGES: Page[] = [
  { route: '/login', performanceTarget: PUBLIC_PERFORMANCE },
  { route: '/', performanceTarget: PUBLIC_PERFORMANCE },
  ...DASHBOARDS.map(({ route, email }) => ({ route, email, performanceTarget: HOME_PERFORMANCE })),
];

/**
 * Signs the fresh browser in as a person's sign-in leaves it, from a page of the same origin that
 * loads no script, so the app's files are not in the cache when Lighthouse loads them.
 */
async function signIn(chrome: LaunchedChrome, target: Target, email: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${target.baseUrl()}/api/health`);
    await signInFromPage(page, email, DEMO_PASSWORD);
    await page.close();
  } finally {
    // Connected, not launched: this lets go of Chromium and leaves it (and its storage) running.
    await browser.close();
  }
}

/** What holds a score back: failing audits, and the opportunities Lighthouse estimates in ms saved. */
function findings(lhr: Result): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      if (category === 'performance' && ref.group === 'metrics') continue;
      // Console errors and the like name what went wrong in their rows.
      const details = audit.details as { items?: { description?: unknown }[] } | undefined;
      const said = (details?.items ?? [])
        .slice(0, 3)
        .map((row) => row.description)
        .filter((text): text is string => typeof text === 'string');
      found.push(
        `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${said.length ? `: ${said.join(' | ')}` : ''}`,
      );
    }
  }
  return found;
}

async function audit(target: Target, page: Page) {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    if (page.email) await signIn(chrome, target, page.email);
    const result = await lighthouse(`${target.baseUrl()}${page.route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Lighthouse would clear the session just set; the profile is new, so the cache is empty anyway.
      disableStorageReset: page.email !== undefined,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page.route}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.route}: ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (page.email && finalPath !== page.route) throw new Error(`${page.route} went to ${finalPath}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  // The browser's figures do not depend on the database: measured once, on the default one.
  databases: ['pglite'],
  async run(target) {
    const figures: Figure[] = [];
    const details: Record<string, unknown> = {};
    const benchmarkIndexes: number[] = [];
    for (const page of PAGES) {
      const lhr = await audit(target, page);
      const label = `${page.route} Lighthouse`;
      figures.push(
        {
          name: `${label} performance`,
          value: score(lhr, 'performance'),
          unit: '',
          target: { atLeast: page.performanceTarget },
        },
        {
          name: `${label} accessibility`,
          value: score(lhr, 'accessibility'),
          unit: '',
          target: { atLeast: 100 },
        },
        {
          name: `${label} best practices`,
          value: score(lhr, 'best-practices'),
          unit: '',
          target: { atLeast: 100 },
        },
      );
      const metrics = Object.fromEntries(
        METRICS.map(({ audit: id, name }) => [name, lhr.audits[id]?.numericValue ?? 0]),
      );
      for (const { name, unit } of METRICS) {
        const value = metrics[name]!;
        figures.push({
          name: `${label} ${name}`,
          value: unit === 'ms' ? Math.round(value) : Math.round(value * 1000) / 1000,
          unit,
        });
      }
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      const holdingBack = findings(lhr);
      details[page.route] = { metrics, findings: holdingBack };
      process.stdout.write(`   ${page.route}: ${holdingBack.join('; ') || 'nothing to fix'}\n`);
    }
    // Lighthouse's measure of this machine's CPU (a quiet desktop scores about 1,000-2,000): the
    // simulated phone's timings scale with it.
    figures.push({
      name: 'Lighthouse CPU benchmark index, lowest of the runs',
      value: Math.round(Math.min(...benchmarkIndexes)),
      unit: '',
    });
    return { figures, checks: [], details: { lighthouse: '12.2.3, mobile preset', pages: details } };
  },
};
