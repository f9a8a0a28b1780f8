import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { REPORT_KINDS, type ReportKind } from '@dastak/core/entities/reports';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { type SQL, sql } from 'drizzle-orm';
import { openDb } from '../apps/server/src/db/client';
import { clearDemoData, generateDemoData } from '../apps/server/src/demo/generate';
import { rebuildReportRollups, runReportRollupsOnce } from '../apps/server/src/jobs/report-rollups';
import { countOnTime } from '../apps/server/src/modules/dashboards/dashboards.repository';
import { DISPATCH_DEFAULTS } from '../apps/server/src/modules/dispatch/dispatch-config';
import {
  rollupModel,
  rollupSelects,
  type Scope,
} from '../apps/server/src/modules/reports/report-rollups.repository';
import { reportOf } from '../apps/server/src/modules/reports/reports.service';
import { ms, percentile } from './instances';

/**
 * The reporting dashboard's reports (ADR 0040) over 90 days: each report as the
 * route answers it (the service over the daily roll-ups), beside the same figures counted
 * straight from the raw tables in the same run (the roll-up statements' selects over the range,
 * the floor a report without roll-ups would pay). Targets: p95 <= 1 s on PGlite at 100,000
 * orders, <= 300 ms on PostgreSQL at 1,000,000. Also times the job: a full rebuild, and one
 * order change's recompute.
 *
 * PGlite (default; 100,000 demo orders generated in memory):
 *   npx tsx bench/reports.bench.ts
 * PostgreSQL (seeds 1,000,000 demo orders when the database has fewer):
 *   bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/reports.bench.ts'
 * BENCH_ORDERS overrides the size, BENCH_RUNS the samples per report.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const ORDERS = Number(process.env.BENCH_ORDERS ?? (databaseUrl ? 1_000_000 : 100_000));
const RUNS = Number(process.env.BENCH_RUNS ?? (databaseUrl ? 40 : 20));
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 5);
const TARGET_MS = databaseUrl ? 300 : 1000;

const handle = await openDb({ databaseUrl });
const db = handle.db;
// The server's default on-time model (DISPATCH_ON_TIME_GRACE_MINUTES and the service minutes).
const model = DISPATCH_DEFAULTS;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const [{ n } = { n: 0 }] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
if (n < ORDERS * 0.95) {
  const t0 = performance.now();
  console.log(`seeding ${ORDERS} demo orders on ${engine} (found ${n}) ...`);
  if (n > 0) await clearDemoData(db);
  await generateDemoData(db, {
    orders: ORDERS,
    staffPassword: randomBytes(8).toString('hex'),
    onTimeModel: model,
    log: (m) => (m.includes('orders:') ? undefined : console.log(`  ${m}`)),
  });
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const t0 = performance.now();
await rebuildReportRollups(db, model);
const rebuildMs = performance.now() - t0;
if (!(await rollupModel(db))) throw new Error('roll-ups not built');
await db.execute(sql`vacuum analyze`);

const now = new Date();
const dateTo = karachiDateString(now);
const dateFrom = karachiDateString(new Date(now.getTime() - 89 * 86_400_000));
const q = { dateFrom, dateTo };
const [{ all } = { all: 0 }] = await rows<{ all: number }>(
  sql`select count(*)::int as "all" from orders`,
);
const [{ total } = { total: 0 }] = await rows<{ total: number }>(
  sql`select count(*)::int as total from orders where vertical = 'blood'
    and pickup >= ${new Date(`${dateFrom}T00:00:00+05:00`)}`,
);
console.log(
  `${engine}: ${all.toLocaleString()} orders; ${total.toLocaleString()} blood orders in ${dateFrom} .. ${dateTo} (90 days); full roll-up rebuild ${ms(rebuildMs)}`,
);

/** The raw-table floor of each report: the roll-up selects it sums, run over the range. */
const range: Scope = { range: { vertical: 'blood', from: dateFrom, to: dateTo } };
const selects = rollupSelects(range, model);
const selectOf = (table: string) => selects.filter((s) => s.table === table).map((s) => s.select);
const RAW: Record<ReportKind, () => Promise<unknown>> = {
  'orders-by-day': () => Promise.all(selectOf('report_day_states').map((s) => db.execute(s))),
  'on-time-by-day': () =>
    countOnTime(
      db,
      {
        vertical: 'blood',
        from: new Date(`${dateFrom}T00:00:00+05:00`),
        to: new Date(`${dateTo}T23:59:59.999+05:00`),
        regions: [],
        now,
        byDay: true,
      },
      model,
    ),
  timings: () => Promise.all(selectOf('report_day_minutes').map((s) => db.execute(s))),
  reasons: () => Promise.all(selectOf('report_day_reasons').map((s) => db.execute(s))),
  'follow-ups': () => Promise.all(selectOf('report_day_states').map((s) => db.execute(s))),
  revenue: () =>
    Promise.all(
      [...selectOf('report_day_states'), ...selectOf('report_day_tests')].map((s) => db.execute(s)),
    ),
  riders: () => Promise.all(selectOf('report_day_riders').map((s) => db.execute(s))),
  satisfaction: () => Promise.all(selectOf('report_day_ratings').map((s) => db.execute(s))),
};

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

let failed = false;
console.log(
  `\n${'report'.padEnd(16)} ${'p50'.padStart(11)} ${'p95'.padStart(11)} ${'raw p50'.padStart(11)} ${'raw p95'.padStart(11)} ${'raw/p95'.padStart(8)}  target p95 <= ${TARGET_MS} ms`,
);
for (const kind of REPORT_KINDS) {
  const samples = await time(() => reportOf(db, kind, 'blood', q, model), RUNS);
  const raw = await time(RAW[kind], RAW_RUNS);
  const p95 = percentile(samples, 95);
  const rawP95 = percentile(raw, 95);
  const ok = p95 <= TARGET_MS;
  failed ||= !ok;
  console.log(
    `${kind.padEnd(16)} ${ms(percentile(samples, 50)).padStart(11)} ${ms(p95).padStart(11)} ${ms(percentile(raw, 50)).padStart(11)} ${ms(rawP95).padStart(11)} ${`${(rawP95 / p95).toFixed(1)}x`.padStart(8)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}

// The job's share of a change: one order's update marks its day; the next run recomputes it.
const [one] = await rows<{ id: number }>(
  sql`select id from orders where vertical = 'blood' and pickup < ${now} order by id desc limit 1`,
);
const jobSamples: number[] = [];
for (let i = 0; i < 5; i++) {
  await db.execute(
    sql`update orders set total_follow_ups = total_follow_ups where id = ${one!.id}`,
  );
  const t = performance.now();
  await runReportRollupsOnce(db, model);
  jobSamples.push(performance.now() - t);
}
console.log(
  `\njob: one order's day recomputed in p50 ${ms(percentile(jobSamples, 50))} (full rebuild ${ms(rebuildMs)})`,
);

await handle.close();
process.exit(failed ? 1 : 0);
