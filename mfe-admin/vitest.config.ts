import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../libs/web/src/testing/setup.ts'],
    restoreMocks: true,
  },
});
