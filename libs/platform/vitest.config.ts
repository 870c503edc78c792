import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI only: a test that fails once on the shared, loaded CI machine gets one more try; a real fault fails twice.
  },
});
