/**
 * Builds a demo or benchmark database:
 *   npm run seed -- --orders 1000000 [--database-url postgres://...] [--data-dir ./data-bench]
 *                   [--password secret] [--seed 42] [--force]
 * Without --database-url it writes PGlite under --data-dir (default ./data-bench). It refuses a
 * database that already has orders unless --force, which first clears the demo tables.
 */
import { parseArgs } from 'node:util';
import { openDb } from '../db/client';
import { keepFilesPrivate } from '../lib/private-files';
import { refuseWhileServing } from '../ops/data-dir';
import { clearDemoData, generateDemoData, hasOrders } from './generate';
import { DEFAULT_DEMO_SEED } from './random';

// The seeded database holds (made-up) patients' data like any other: owner-only (ADR 0049).
keepFilesPrivate();
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: './data-bench' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'dastak-demo' },
    seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
    'admin-email': { type: 'string', default: process.env.ADMIN_EMAIL ?? 'admin@dastak.local' },
    force: { type: 'boolean', default: false },
  },
});

const orders = Number(values.orders);
if (!Number.isInteger(orders) || orders < 1) {
  console.error(`--orders must be a positive integer, got '${values.orders}'`);
  process.exit(2);
}
const seed = Number(values.seed);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const target = values['database-url']
  ? { databaseUrl: values['database-url'] }
  : { dataDir: values['data-dir'] };
console.log(
  `seed: opening ${values['database-url'] ? 'PostgreSQL' : `PGlite in ${values['data-dir']}`}`,
);
if (target.dataDir) {
  await refuseWhileServing(target.dataDir, 'npm run seed').catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
const handle = await openDb(target);
try {
  if (await hasOrders(handle.db)) {
    if (!values.force) {
      console.error(
        'seed: this database already has orders; pass --force to clear the demo data and seed again',
      );
      process.exitCode = 1;
    } else {
      console.log('seed: --force: clearing the demo tables');
      await clearDemoData(handle.db);
    }
  }
  if (process.exitCode !== 1) {
    await generateDemoData(handle.db, {
      orders,
      seed,
      staffPassword: values.password,
      adminEmail: values['admin-email'],
      log: (msg) => console.log(`[${elapsed()}] ${msg}`),
    });
    console.log(`seed: ${orders} orders written in ${elapsed()}`);
    console.log(
      'seed: demo staff (dispatcher@dastak.local, agent@dastak.local) and riders (rider1@dastak.local, ...) use the --password value',
    );
  }
} finally {
  await handle.close();
}
