import { defineConfig } from 'vitest/config';

/**
 * API-level suites of the back end: each file starts real services over PGlite (2–4 s to create) or PostgreSQL,
 * so files run one after another and hooks get time on a loaded machine.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // CI only: a test that fails once on the shared, loaded CI machine gets one more try; a real fault fails twice.
  },
});
