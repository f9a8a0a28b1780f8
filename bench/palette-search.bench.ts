import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { orderListQuerySchema } from '@dastak/core/entities/order-queries';
import { PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES, type Vertical } from '@dastak/core/states';
import { keysToCamel } from '@dastak/core/wire-case';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  isPeopleTerm,
  normaliseTerm,
  orderVerticalsFor,
} from '../apps/console/src/features/palette/palette-terms';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { type Db, openDb } from '../apps/server/src/db/client';
import { clearDemoData, generateDemoData } from '../apps/server/src/demo/generate';
import { pgliteOf } from '../apps/server/src/demo/insert';
import { containsPattern } from '../apps/server/src/lib/search-pattern';
import { StatementCache } from '../apps/server/src/lib/statement-cache';
import { listAddressRegions } from '../apps/server/src/modules/customers/customer-addresses.repository';
import * as searchRepo from '../apps/server/src/modules/customers/customer-search.repository';
import { CUSTOMER_SEARCH_LIMIT } from '../apps/server/src/modules/customers/customer-search.service';
import { listStatementParts } from '../apps/server/src/modules/orders/list/order-list.repository';
import { filterOf, sortKeysOf } from '../apps/server/src/modules/orders/list/order-list.service';
import { listRidersUnpaged } from '../apps/server/src/modules/riders/riders.repository';
import { createStaffUser } from '../apps/server/src/modules/users/users.service';
import { ms, percentile } from './instances';

/**
 * The command palette's search at the demo scale (20,000 orders, the default of a new
 * embedded database): for each term a user types, the calls the palette makes after the pause,
 * exactly as the console sends them (palette-terms.ts decides which order lists a term goes to):
 *   GET /entity/customer-search/?search=   (customers)
 *   GET /entity/rider-search/?search=      (riders)
 *   GET /orders/{vertical}/?search=&ordering=-created&page_size=5   (orders, number-shaped terms)
 * each through the app (app.inject: routing, auth, validation, serialisation), one at a time,
 * then all of one term's calls in parallel (what the palette waits for), next to the same
 * statements sent raw through the driver in the same run (the floor). Target: p95 of the
 * parallel set < 100 ms.
 *
 * PGlite (default): npm run bench:palette -w @dastak/bench
 * PostgreSQL: bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/palette-search.bench.ts'
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET_MS = 100;
// riders.service.ts PICKER_LIMIT: rider-search answers at most this many.
const RIDER_SEARCH_LIMIT = 50;
const ORDER_PAGE_SIZE = 5;

const handle = await openDb({ databaseUrl });
const db = handle.db as Db;
const rows = async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const [{ n } = { n: 0 }] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
if (n < ORDERS * 0.95) {
  const t0 = performance.now();
  console.log(`seeding ${ORDERS} demo orders on ${engine} (found ${n}) ...`);
  if (n > 0) await clearDemoData(db);
  await generateDemoData(db, {
    orders: ORDERS,
    staffPassword: randomBytes(8).toString('hex'),
    log: (m) => (m.includes('orders:') ? undefined : console.log(`  ${m}`)),
  });
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
// What autovacuum does on a live database: statistics, and GIN pending lists merged.
await db.execute(sql`vacuum analyze`);
const [ref] = await rows<{
  customers: number;
  riders: number;
  orders: number;
  phone: string;
  customer: string;
  rider: string;
  riderPhone: string;
  number: string;
  xray: string;
}>(sql`select
  (select count(*)::int from customers) as customers,
  (select count(*)::int from rider_profiles) as riders,
  (select count(*)::int from orders) as orders,
  (select phone from customers order by id offset 321 limit 1) as phone,
  (select first_name || ' ' || last_name from customers order by id offset 777 limit 1) as customer,
  (select u.first_name from users u join rider_profiles r on r.user_id = u.id order by u.id offset 7 limit 1) as rider,
  (select u.phone from users u join rider_profiles r on r.user_id = u.id where u.phone is not null order by u.id offset 3 limit 1) as "riderPhone",
  (select number from orders where vertical = 'blood' order by id desc offset 50 limit 1) as number,
  (select number from orders where vertical = 'xray' order by id desc offset 20 limit 1) as xray`);
if (!ref) throw new Error('no reference values');

// What a user types, as the palette sends it once typing pauses.
const TERMS = [
  ref.phone.slice(0, 4),
  ref.phone.slice(0, 7),
  ref.phone,
  'ali',
  ref.customer,
  ref.customer.slice(0, ref.customer.length - 2),
  ref.rider,
  ref.riderPhone.slice(0, 6),
  ref.number,
  ref.number.slice(0, 8),
  ref.xray.toLowerCase(),
  ref.number.slice(-6),
].map(normaliseTerm);

type Raw = { sql: string; params: unknown[] };
type Call = { source: string; url: string; raw: Raw[] };
const dialect = new PgDialect({ casing: 'snake_case' });
const toRaw = (q: unknown): Raw => (q as { toSQL(): Raw }).toSQL();
const statements = new StatementCache();

async function customerCall(term: string): Promise<Call> {
  const pattern = containsPattern(term)!;
  const found = await searchRepo.searchCustomers(db, pattern, CUSTOMER_SEARCH_LIMIT);
  const ids = found.map((c) => c.id);
  const raw: Raw[] = [
    dialect.sqlToQuery(searchRepo.searchStatement(pattern, CUSTOMER_SEARCH_LIMIT)),
  ];
  if (ids.length > 0) {
    raw.push(
      toRaw(searchRepo.listPatients(db, ids)),
      toRaw(searchRepo.listAddresses(db, ids)),
      toRaw(listAddressRegions(db, { customerIds: ids })),
    );
  }
  return {
    source: 'customers',
    url: `/api/v1/entity/customer-search/?search=${encodeURIComponent(term)}`,
    raw,
  };
}
function riderCall(term: string): Call {
  const pattern = containsPattern(term)!;
  return {
    source: 'riders',
    url: `/api/v1/entity/rider-search/?search=${encodeURIComponent(term)}`,
    raw: [
      toRaw(listRidersUnpaged(db, { pattern, regions: [], activeOnly: true }, RIDER_SEARCH_LIMIT)),
    ],
  };
}
function orderCall(vertical: Vertical, term: string): Call {
  const query = `search=${encodeURIComponent(term)}&ordering=-created&page_size=${ORDER_PAGE_SIZE}`;
  const q = orderListQuerySchema.parse(keysToCamel(Object.fromEntries(new URLSearchParams(query))));
  const filter = filterOf(vertical, q);
  if (!filter) throw new Error(`empty filter: ${query}`);
  const parts = listStatementParts(filter, sortKeysOf(q.ordering), {
    size: q.pageSize,
    offset: 0,
  });
  const s = statements.query(parts);
  return { source: `orders ${vertical}`, url: `/api/v1/orders/${vertical}/?${query}`, raw: [s] };
}

// Per term, the palette's calls (palette-terms.ts: which sources a term goes to).
const TERM_CALLS: { term: string; calls: Call[] }[] = [];
for (const term of TERMS) {
  const calls: Call[] = [];
  for (const v of orderVerticalsFor(term)) calls.push(orderCall(v, term));
  if (isPeopleTerm(term)) calls.push(await customerCall(term), riderCall(term));
  TERM_CALLS.push({ term, calls });
}

const lite = pgliteOf(db);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 8 }) : null;
const query = (text: string, params: unknown[]) =>
  lite ? lite.query(text, params) : pool!.query(text, params as never[]);
// An endpoint sends its statements concurrently; so does the floor.
const sendRaw = (stmts: Raw[]) => Promise.all(stmts.map((s) => query(s.sql, s.params)));

const config = loadConfig({
  DATA_DIR: `/tmp/dastak-bench-${randomBytes(4).toString('hex')}`,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'not-used-in-bench',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const app = await buildApp({ config, dbHandle: handle, logger: false });
// The agent role's reads: all three sources.
const permissions = [
  PERMISSIONS.CAN_VIEW_ORDER,
  PERMISSIONS.CAN_VIEW_CUSTOMER,
  PERMISSIONS.CAN_VIEW_RIDER,
];
const staff = await createStaffUser(db, {
  email: `bench-${randomBytes(4).toString('hex')}@bench.local`,
  password: randomBytes(8).toString('hex'),
  firstName: 'Bench',
  lastName: 'Agent',
  permissions,
});
const token = await app.tokens.signAccess({
  id: staff.id,
  email: 'bench@bench.local',
  userType: USER_TYPES.STAFF,
  permissions,
});
const headers = { authorization: `Bearer ${token}` };

async function inject(call: Call): Promise<{ ms: number; hits: number }> {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: call.url, headers });
  const elapsed = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
  const body = res.json() as unknown[] | { results: unknown[] };
  return { ms: elapsed, hits: Array.isArray(body) ? body.length : body.results.length };
}

type Side = { endpoint: number[]; raw: number[] };
const bySource = new Map<string, Side>();
const side = (key: string) => {
  let s = bySource.get(key);
  if (!s) {
    s = { endpoint: [], raw: [] };
    bySource.set(key, s);
  }
  return s;
};
const parallel: Side = { endpoint: [], raw: [] };
const byTerm = TERM_CALLS.map(() => ({ endpoint: [] as number[], hits: '' }));

for (let r = 0; r < ROUNDS + 3; r++) {
  const warm = r < 3;
  for (const [i, { calls }] of TERM_CALLS.entries()) {
    // Each source alone, endpoint then floor.
    for (const call of calls) {
      const e = await inject(call);
      const t0 = performance.now();
      await sendRaw(call.raw);
      const w = performance.now() - t0;
      if (warm) continue;
      side(call.source).endpoint.push(e.ms);
      side(call.source).raw.push(w);
    }
    // All of the term's calls at once: the palette shows results when the last one answers.
    let t0 = performance.now();
    const answers = await Promise.all(calls.map(inject));
    const e = performance.now() - t0;
    t0 = performance.now();
    await Promise.all(calls.map((c) => sendRaw(c.raw)));
    const w = performance.now() - t0;
    if (warm) {
      byTerm[i]!.hits = calls.map((c, k) => `${c.source} ${answers[k]!.hits}`).join(', ');
      continue;
    }
    parallel.endpoint.push(e);
    parallel.raw.push(w);
    byTerm[i]!.endpoint.push(e);
  }
}

const stats = (s: number[]) =>
  `p50 ${ms(percentile(s, 50)).padStart(9)}  p95 ${ms(percentile(s, 95)).padStart(9)}`;
console.log(
  `palette search: ${ref.orders} orders, ${ref.customers} customers, ${ref.riders} riders, ${engine}, ${ROUNDS} rounds`,
);
console.log('  source alone                endpoint (app.inject)          raw SQL (driver)');
for (const [source, s] of bySource) {
  console.log(`    ${source.padEnd(22)}  ${stats(s.endpoint)}   ${stats(s.raw)}`);
}
console.log(
  `    ${'all in parallel'.padEnd(22)}  ${stats(parallel.endpoint)}   ${stats(parallel.raw)}`,
);
console.log('  by term (parallel p95 endpoint; hits):');
TERM_CALLS.forEach(({ term }, i) => {
  console.log(
    `    '${term}'`.padEnd(28) +
      ` ${ms(percentile(byTerm[i]!.endpoint, 95)).padStart(9)}   ${byTerm[i]!.hits}`,
  );
});
const p95 = percentile(parallel.endpoint, 95);
console.log(`  parallel p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'MISSED'}`);
await app.close();
await pool?.end();
await handle.close();
if (p95 >= TARGET_MS) process.exitCode = 1;
