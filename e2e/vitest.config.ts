import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The app under test and Chromium share two cores: one file at a time.
    fileParallelism: false,
    expect: {
      // expect.poll's own default is 1 s: less than a page on a loaded machine takes to fetch and
      // render. Every poll waits up to 20 s for the state it expects (and stops as soon as it is there).
      poll: { timeout: 20_000, interval: 100 },
    },
  },
});
