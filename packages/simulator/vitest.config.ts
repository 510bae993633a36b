import { defineConfig } from 'vitest/config';

/**
 * For `npx vitest run --root packages/simulator`; the root vitest.config.ts runs the same files
 * as its `simulator` project. The end-to-end tests start the real server, hence the timeouts.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
