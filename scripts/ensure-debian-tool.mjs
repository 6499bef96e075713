// A tool the test suite checks its work with, from Debian: installed with apt when it is missing
// and we may (root); otherwise the message says exactly what to do.
import { execSync } from 'node:child_process';

/** Makes sure `command` is on PATH, installing Debian's `pkg` for `purpose` when it is not. */
export function ensureDebianTool(command, pkg, purpose) {
  try {
    execSync(`${command} --version`, { stdio: 'ignore' });
    return;
  } catch {
    // Not installed: below.
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(`${purpose} need ${command} on PATH: run  sudo apt-get install -y ${pkg}\n`);
    process.exit(1);
  }
  process.stdout.write(`Installing ${command} for ${purpose.toLowerCase()} (apt-get install ${pkg})...\n`);
  execSync(`apt-get update -qq && apt-get install -y -qq ${pkg}`, { stdio: 'inherit' });
}
