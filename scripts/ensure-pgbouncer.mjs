// `npm run test:pooler` runs the API isolation tests through PgBouncer in transaction mode, the
// pooler a deployment of many instances puts in front of PostgreSQL (docs/deploy.md). Debian
// packages it; installs it with apt when missing and we may (root); otherwise says exactly what
// to do. Only the binary is used: the tests start their own pgbouncer, never the system service.
import { execSync } from 'node:child_process';

const onPath = () => {
  try {
    execSync('pgbouncer --version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!onPath()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write('The pooler tests need pgbouncer on PATH: run  sudo apt-get install -y pgbouncer\n');
    process.exit(1);
  }
  process.stdout.write('Installing pgbouncer for the pooler tests (apt-get install pgbouncer)...\n');
  execSync('apt-get update -qq && apt-get install -y -qq pgbouncer', { stdio: 'inherit' });
}
