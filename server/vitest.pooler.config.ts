import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:pooler`: the API suite's isolation tests through PgBouncer in transaction mode
 * (src/test/pooler-setup.ts starts it). The files are the ones whose passing depends on the
 * company scope and the listeners holding when connections are shared: the cross-company sweeps
 * (idor: every route, every role, against another company; visibility; mass assignment), row-level
 * security itself, the pooled-connection hammer, and what listens on the direct connection
 * (notifications across two instances, session revocation). Left out, as the pooler changes
 * nothing for them: the bad-input sweep (malformed input, refused mostly by validation before
 * any query; the longest file), cookies' flags, throttles, backups, and the two spawned servers.
 */
export default defineConfig({
  // Spread, not mergeConfig: that would add these lists to the base's rather than replace them.
  test: {
    ...base.test,
    include: [
      'src/test/sweeps/idor.test.ts',
      'src/test/sweeps/visibility.test.ts',
      'src/test/sweeps/mass-assignment.test.ts',
      'src/db/scope.test.ts',
      'src/db/pooled-scope.test.ts',
      'src/db/listener.test.ts',
      'src/features/notifications/routes.test.ts',
      'src/test/security/session.test.ts',
    ],
    globalSetup: ['src/test/pooler-setup.ts', 'src/test/global-setup.ts'],
  },
});
