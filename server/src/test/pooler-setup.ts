import { startPgBouncer } from './pgbouncer.ts';

/** The server behind the pooler: CI's database unless POOLER_UPSTREAM_URL names another. */
const CI_DATABASE = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * `npm run test:pooler`: PgBouncer in transaction mode with a pool of 3 server connections
 * between the tests and PostgreSQL. DATABASE_URL is the pooler (every query, migrations too);
 * DATABASE_DIRECT_URL the server itself (LISTEN). Runs before global-setup.ts, which migrates.
 */
export default async function setup() {
  const upstreamUrl = process.env.POOLER_UPSTREAM_URL || CI_DATABASE;
  const pooler = await startPgBouncer({ upstreamUrl, poolSize: 3 });
  process.env.DATABASE_URL = pooler.url;
  process.env.DATABASE_DIRECT_URL = upstreamUrl;
  process.env.POOLER_POOL_SIZE = String(pooler.poolSize);
  return () => pooler.stop();
}
