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
    // No retries: a test that fails, fails. An event crossing outbox → relay → NATS → consumer on the loaded CI
    // machine (every service's suite at once against one PostgreSQL and one NATS) can take more than expect.poll's
    // default second; wait for it as the harnesses' own waitFor does (libs/platform testing.ts), a bit longer.
    expect: { poll: { timeout: 10_000, interval: 20 } },
  },
});
