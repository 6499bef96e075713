import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApp } from './app.ts';

/**
 * Seeds the demo company once for the run: the built app starts on an empty folder, seeds it and
 * stops cleanly. Seeding is most of an app's start, and every test file used to pay for it.
 */
export default async function seedDemoOnce(project: TestProject) {
  const demoDataDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-e2e-demo-'));
  const app = await startApp({ dataDir: demoDataDir });
  await app.stop();
  project.provide('demoDataDir', demoDataDir);
  return () => rmSync(demoDataDir, { recursive: true, force: true });
}
