import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '../contracts/src/**/*.test.ts', '../eslint-rules/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Worker threads start faster than the default child processes: about a quarter off the run.
    pool: 'threads',
    // Vitest's default is one worker on two cores; two take about a quarter off again (166 → 122 s).
    maxWorkers: 2,
    // Form tests type key by key through user-event: on a busy 2-core machine one can pass 5 s.
    testTimeout: 20_000,
  },
});
