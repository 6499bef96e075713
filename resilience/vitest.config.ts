import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    // Each test bounds its own phases; these are the outer limits.
    testTimeout: 240_000,
    hookTimeout: 60_000,
    // Each file runs a real server and a load on two shared cores: one file at a time.
    fileParallelism: false,
    // Seeds, timings and counts are test annotations; verbose prints them for passing tests too.
    reporters: ['verbose'],
  },
});
