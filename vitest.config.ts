import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers by suffix (docs/architecture.md §9): *.unit.test.ts(x) pure logic and UI routes, *.int.test.ts
 * against real Postgres, Kafka and Redis, *.e2e.test.ts in Chromium against the started stack.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{events,domain,infra,command-service,projector,query-service,tools,stack,bench}/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      existsSync('./ui/vite.config.ts') && {
        extends: './ui/vite.config.ts',
        test: {
          name: 'ui',
          root: './ui',
          include: ['src/**/*.unit.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            '{events,domain,infra,command-service,projector,query-service,tools,stack,bench}/**/*.int.test.ts',
          ],
          environment: 'node',
          globalSetup: ['./infra/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['ui/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./ui/e2e/support/start-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ].filter((project) => project !== false),
  },
});
