import { defineConfig } from 'vitest/config';

// One runner, three projects: fast unit tests beside the code, server integration tests
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set) and browser tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Pages settle in well under a second, but a loaded CI machine can be slower.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
