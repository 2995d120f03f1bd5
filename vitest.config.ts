import { defineConfig } from 'vitest/config';
import { apiRoutesPlugin } from './web/api-routes-plugin.ts';
import { webSrcAlias } from './web/vite.config.ts';

/**
 * Test projects:
 * - unit: pure rules, next to code and under test/unit (happy-dom for web components).
 * - integration: handlers, adapters and the indexer against the real local parts
 *   (DynamoDB Local, a real OpenSearch node and the embedded engine, cognito-local, the SES
 *   emulator, s3rver).
 * - infra: CDK stack assertions and cdk-nag.
 * - e2e: a real headless Chromium against `npm start`'s stack.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Web components import the route table as the browser does (a module generated from it),
        // and their app's folders as `@/…` (tsconfig.json's paths).
        plugins: [apiRoutesPlugin()],
        resolve: { alias: [webSrcAlias] },
        test: {
          name: 'unit',
          setupFiles: ['test/support/unit-setup.ts'],
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          environment: 'node',
          // Above the component tests' wait for asynchronous UI (test/support/unit-setup.ts).
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
