// Installs the workspace from the lockfile when node_modules is missing or older than the lockfile,
// so `npm start` and `npm test` work on a fresh clone and stay fast afterwards.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lock = readFileSync('package-lock.json');
const digest = createHash('sha256').update(lock).digest('hex');
const marker = 'node_modules/.lintel-lock-digest';

if (!existsSync(marker) || readFileSync(marker, 'utf8') !== digest) {
  process.stdout.write('Installing dependencies from package-lock.json (npm ci)...\n');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(marker, digest);
}
