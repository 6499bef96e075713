// The ledger tests check Lintel's general-ledger export with hledger (a plain-text accounting
// tool): `hledger check` must accept each book and its balances must equal Lintel's trial
// balance. Debian packages it; installs it with apt when missing and we may (root); otherwise
// says exactly what to do.
import { execSync } from 'node:child_process';

const onPath = () => {
  try {
    execSync('hledger --version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!onPath()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write('The ledger tests need hledger on PATH: run  sudo apt-get install -y hledger\n');
    process.exit(1);
  }
  process.stdout.write('Installing hledger for the ledger tests (apt-get install hledger)...\n');
  execSync('apt-get update -qq && apt-get install -y -qq hledger', { stdio: 'inherit' });
}
