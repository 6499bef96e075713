import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The app under test and Chromium share two cores: one file at a time.
    fileParallelism: false,
  },
});
