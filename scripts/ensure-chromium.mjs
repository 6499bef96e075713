// Browser tests drive Debian's Chromium; no browser download is possible on these machines.
// Installs it with apt when missing and we may (root); otherwise says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `Browser tests need Chromium at ${CHROMIUM}: run  sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  process.stdout.write('Installing Chromium for the browser tests (apt-get install chromium)...\n');
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
}
