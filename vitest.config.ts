import { availableParallelism } from 'node:os';

import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One runner for all workspaces. Packages are resolved to their TypeScript sources
// through the "@leasing/source" export condition, so tests never need a build first.
const sourceCondition = '@leasing/source';

/**
 * Files that measure answer times: they run alone, after the rest, so a neighbour's work on the other
 * core cannot blur what they compare.
 */
const API_ALONE = ['apps/api/src/modules/account/enumeration-timing.test.ts'];

const apiProject = {
  include: ['apps/api/src/**/*.test.ts'],
  environment: 'node',
  // One migrated database per run and kind, copied for each test file (test-support/database-templates.ts).
  globalSetup: ['apps/api/src/test-support/global-setup.ts'],
  // The files of a worker share one module graph: the app's code is imported and compiled once
  // per worker instead of once per file. Each file still gets its own app and database.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} satisfies NonNullable<TestProjectInlineConfiguration['test']>;

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    env: { TZ: 'Europe/Berlin' },
    // The tests wait on databases, sockets and child processes about as much as they compute: two
    // workers keep a two-core machine busy (vitest's default, one fewer than the cores, leaves one idle).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
        test: { name: 'api', ...apiProject, exclude: API_ALONE },
      },
      {
        extends: true,
        test: {
          name: 'api-alone',
          ...apiProject,
          include: API_ALONE,
          maxWorkers: 1,
          // After every other project's files have finished.
          sequence: { groupOrder: 1 },
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
