import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// Behind a transaction-mode pooler LISTEN is lost between transactions: the listener must take the
// direct URL. Here the pooled URL leads nowhere, so only a listener on the direct one can hear.
describe.skipIf(!process.env.DATABASE_URL)('the listener on PostgreSQL', () => {
  const directUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL!;

  it('connects to directUrl, not to the (pooled) databaseUrl', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://lintel@127.0.0.1:1/unreachable',
      directUrl,
    });
    const channel = `direct_${randomUUID().replaceAll('-', '')}`;
    const heard: string[] = [];
    const stop = await database.listen(channel, (payload) => heard.push(payload));
    const notifier = new pg.Client({ connectionString: directUrl });
    await notifier.connect();
    try {
      await notifier.query('select pg_notify($1, $2)', [channel, 'hello']);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['hello']);
    } finally {
      await notifier.end();
      await stop();
      await database.close();
    }
  });
});
