import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const server = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // A file's PGlite runs in its worker's own thread, and vitest's own process is nearly idle
  // meanwhile: its default of one worker per core but one left a 2-core CI machine half idle.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Files share their worker's module graph: each no longer re-imports the server and recompiles
  // PGlite's WebAssembly (8 min to 5 for the PGlite pass, same 818 tests). Nothing in the server
  // keeps state in a module that a test relies on being fresh: each file builds its own app and
  // database (test/test-app.ts), and no server test mocks a module.
  isolate: false,
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  // Passwords hashed at a test cost (lib/password.ts): a third of the passes' CPU was scrypt.
  setupFiles: ['apps/server/src/test/setup-password-cost.ts'],
};

/**
 * Server test files whose time goes to generating demo data (measured: the beforeAll that
 * generates it is 79-99 % of each file's time) or to servers on the embedded database, which do
 * not change with the pass's engine; the `server-once` project runs them, once per `npm test`
 * (docs/decisions/0005-test-pipeline.md).
 */
const SERVER_ONCE = [
  // Seeds 100,000 orders to EXPLAIN the orders list's statements.
  'apps/server/src/modules/orders/list/order-list-explain.test.ts',
  // The generator itself: determinism, integrity, the demo at hours around the clock.
  'apps/server/src/demo/**/*.test.ts',
  // Read what a 200-300 order demo leaves: attendance, report roll-ups, an order's detail.
  'apps/server/src/modules/attendance/attendance-demo.test.ts',
  'apps/server/src/modules/reports/reports-demo.test.ts',
  'apps/server/src/modules/orders/detail/order-detail-demo.test.ts',
  // Spawn servers on the embedded database whatever the pass's engine: a second pass on
  // PostgreSQL would run them identically again.
  'apps/server/src/ops/shutdown.test.ts',
  'apps/server/src/ops/upgrade-data.test.ts',
  'apps/server/src/ops/files-at-rest.test.ts',
  'apps/server/src/ops/start-checks.test.ts',
  'apps/server/src/ops/webhook-restart.test.ts',
];

/**
 * Of those, the file that checks a planner: the PostgreSQL pass (TEST_DATABASE_URL set) runs it
 * among its own files, where its 100,000 orders load in seconds; the once-run project runs it on
 * PGlite. Adding it to the pass saves a cluster of its own and a run's start.
 */
const ON_BOTH_ENGINES = ['apps/server/src/modules/orders/list/order-list-explain.test.ts'];
const serverOnceHere = process.env.TEST_DATABASE_URL
  ? SERVER_ONCE.filter((f) => !ON_BOTH_ENGINES.includes(f))
  : SERVER_ONCE;

// One runner, seven projects: pure core rules, the console's logic, the benchmarks' fast parts and the simulator's planning, the server
// through app.inject on a real database (the suite, and the demo-sized files run once), and the browser specs
// (which start their own server and Chromium).
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
      // The console's logic without a browser: the stream parser, filters in the URL, the
      // single-flight token refresh. Screens are the e2e project's.
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The simulator's pure planning (which rider comes when); it drives the server for real.
      { test: { name: 'simulator', include: ['apps/simulator/src/**/*.test.ts'] } },
      // The server through app.inject on a real database; each file's database is a copy of one
      // migrated per run (apps/server/src/test/global-setup.ts).
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverOnceHere],
        },
      },
      // The demo-sized server files: one run per `npm test`, not one per engine and runtime.
      { test: { ...server, name: 'server-once', include: SERVER_ONCE } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Two workers, each with a server of its own (e2e/global-setup.ts): a spec spends most
          // of its time waiting on its page, and one worker kept a third of the machine busy.
          maxWorkers: 2,
          // A worker imports playwright and the fixtures once for all its files, not once a file
          // (about 1.8 s each, 41 files). Each file still launches its own browser; no fixture
          // keeps state between files but the server bundle's path.
          isolate: false,
          // After the other projects when one `vitest run` holds them all: a group shares one
          // worker count.
          sequence: { groupOrder: 1 },
          // vitest's default of 1 s for expect.poll is less than a page load when both cores
          // are busy; a passing poll returns as soon as it passes.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
