import { config } from 'zod/v4/core';

// Imported first by main.tsx, before any schema is built: zod 4 probes `new Function` when it
// builds its first object schema, and the server's Content-Security-Policy (no 'unsafe-eval')
// reports that probe as a violation on every page even though zod catches it. From core, not
// 'zod', so the sign-in route does not load zod's whole runtime for one setting.
config({ jitless: true });
