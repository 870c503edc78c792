import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../libs/web/src/testing/setup.ts'],
    restoreMocks: true,
    // The wizard tests type into whole forms; give them room on a busy CI machine.
    testTimeout: 15_000,
  },
});
