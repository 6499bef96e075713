// `npm run test:pooler` runs the API isolation tests through PgBouncer in transaction mode, the
// pooler a deployment of many instances puts in front of PostgreSQL (docs/deploy.md). Debian
// packages it (scripts/ensure-debian-tool.mjs). Only the binary is used: the tests start their
// own pgbouncer, never the system service.
import { ensureDebianTool } from './ensure-debian-tool.mjs';

ensureDebianTool('pgbouncer', 'pgbouncer', 'The pooler tests');
