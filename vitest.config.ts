import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One runner for all workspaces. Packages are resolved to their TypeScript sources
// through the "@leasing/source" export condition, so tests never need a build first.
const sourceCondition = '@leasing/source';

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    env: { TZ: 'Europe/Berlin' },
    // The ten slowest files close every run (scripts/slowest-test-files.mjs).
    reporters: ['default', './scripts/slowest-test-files.mjs'],
    projects: [
      {
        extends: true,
        test: { name: 'payroll', include: ['packages/payroll/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run and kind, copied for each test file (test-support/database-templates.ts).
          globalSetup: ['apps/api/src/test-support/global-setup.ts'],
          // The files of a worker share one module graph: the app's code is imported and compiled once
          // per worker instead of once per file. Each file still gets its own app and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The project's own scripts (the start's build stamp): plain Node.
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        extends: true,
        // The web app's build scripts (chunk planning): plain Node.
        test: { name: 'web-build', root: 'apps/web', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
          // Typing whole forms with user-event takes seconds on a busy two-core machine: a hang guard,
          // not a speed check.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
