// Backs up or restores Lintel's database (docs/backup.md), reading the same DATABASE_URL and
// DATA_DIR as the server:
//   node scripts/backup.mjs backup  <file>   PostgreSQL: pg_dump -Fc (safe while Lintel runs)
//                                            embedded: a .tar.gz of DATA_DIR (Lintel stopped)
//   node scripts/backup.mjs restore <file>   into an empty PostgreSQL database, or an empty DATA_DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';

const [command, file] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || 'data');

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const run = (program, args) => {
  try {
    execFileSync(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    fail(
      error.code === 'ENOENT'
        ? `${program} was not found: install the PostgreSQL client tools.`
        : `${program} failed.`,
    );
  }
};

const psql = (sql) =>
  execFileSync(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--tuples-only',
      '--no-align',
      '-v',
      'ON_ERROR_STOP=1',
      '-d',
      databaseUrl,
      '-c',
      sql,
    ],
    {
      encoding: 'utf8',
    },
  ).trim();

/** The first bytes say what a backup holds: "PGDMP" (pg_dump's custom format) or gzip. */
function kindOf(backup) {
  const head = Buffer.alloc(5);
  const fd = openSync(backup, 'r');
  readSync(fd, head, 0, 5, 0);
  closeSync(fd);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  return 'unknown';
}

if (!['backup', 'restore'].includes(command) || !file) {
  fail('Usage: node scripts/backup.mjs backup <file> | restore <file>');
}
const target = path.resolve(file);

if (command === 'backup') {
  if (databaseUrl) {
    // pg_dump reads one consistent snapshot: no need to stop Lintel.
    run('pg_dump', ['--format=custom', `--file=${target}`, databaseUrl]);
  } else {
    if (!existsSync(path.join(dataDir, 'pglite'))) fail(`No embedded database in ${dataDir} (set DATA_DIR).`);
    // PGlite keeps this file while the database is open, and removes it when it closes cleanly.
    if (existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))) {
      fail(
        `The embedded database in ${dataDir} is open: stop Lintel first. (After a crash, start and stop Lintel once.)`,
      );
    }
    run('tar', ['-czf', target, '-C', dataDir, '.']);
  }
  process.stdout.write(`Backed up to ${target}\n`);
} else {
  if (!existsSync(target)) fail(`${target} does not exist.`);
  const kind = kindOf(target);
  if (databaseUrl) {
    if (kind !== 'postgres') fail(`${target} is not a PostgreSQL backup (pg_dump -Fc).`);
    const tables = Number(psql(`select count(*) from pg_tables where schemaname in ('public', 'drizzle')`));
    if (tables > 0)
      fail('The database in DATABASE_URL is not empty: restore into a new database (createdb).');
    // The role row-level security switches to belongs to the server, not the dump: make sure it
    // exists and that the user restoring (and running Lintel) may switch to it.
    psql(`DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lintel_app') THEN CREATE ROLE lintel_app NOLOGIN; END IF;
    END $$; GRANT lintel_app TO CURRENT_USER;`);
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, target]);
  } else {
    if (kind !== 'embedded') fail(`${target} is not a backup of the embedded database (.tar.gz).`);
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      fail(`${dataDir} is not empty: restore into a new folder (set DATA_DIR).`);
    }
    mkdirSync(dataDir, { recursive: true });
    run('tar', ['-xzf', target, '-C', dataDir]);
  }
  process.stdout.write(`Restored ${target}\n`);
}
