import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:pooler`: the API suite's isolation tests through PgBouncer in transaction mode
 * (src/test/pooler-setup.ts starts it). The files are the ones whose passing depends on the
 * company scope and the listeners holding when connections are shared: the sweeps (every route,
 * every role, across companies), row-level security itself, the pooled-connection hammer, and
 * what listens (notifications, session revocation) on the direct connection. Files about a
 * single process (cookies' flags, throttles, backups, two spawned servers) stay out: the pooler
 * changes nothing for them and they would double the run.
 */
export default defineConfig({
  // Spread, not mergeConfig: that would add these lists to the base's rather than replace them.
  test: {
    ...base.test,
    include: [
      'src/test/sweeps/*.test.ts',
      'src/db/scope.test.ts',
      'src/db/pooled-scope.test.ts',
      'src/db/listener.test.ts',
      'src/features/notifications/routes.test.ts',
      'src/test/security/session.test.ts',
    ],
    globalSetup: ['src/test/pooler-setup.ts', 'src/test/global-setup.ts'],
  },
});
