import { defineConfig } from 'vitest/config';

// One runner, five projects: pure core rules, the benchmarks' fast parts and the simulator's planning, the server
// through app.inject on a real database, and the browser specs (which start their own server and Chromium).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      // Benchmark adapters and checkers (Solomon): fast parts only, the full tables run by script.
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      // The simulator's pure planning (which rider comes when); it drives the server for real.
      { test: { name: 'simulator', include: ['apps/simulator/src/**/*.test.ts'] } },
      // Each file's database is a copy of one migrated per run (apps/server/src/test/global-setup.ts).
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
