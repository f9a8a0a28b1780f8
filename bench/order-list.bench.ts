import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { orderListQuerySchema } from '@dastak/core/entities/order-queries';
import { PERMISSIONS } from '@dastak/core/permissions';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { USER_TYPES } from '@dastak/core/states';
import { keysToCamel } from '@dastak/core/wire-case';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { type Db, openDb } from '../apps/server/src/db/client';
import { clearDemoData, generateDemoData } from '../apps/server/src/demo/generate';
import { pgliteOf } from '../apps/server/src/demo/insert';
import { type CompiledQuery, StatementCache } from '../apps/server/src/lib/statement-cache';
import { listStatementParts } from '../apps/server/src/modules/orders/list/order-list.repository';
import { filterOf, sortKeysOf } from '../apps/server/src/modules/orders/list/order-list.service';
import { createStaffUser } from '../apps/server/src/modules/users/users.service';
import { ms, percentile } from './instances';

/**
 * GET /orders/{vertical}/ over real HTTP (ADR 0012): eight concurrent clients, a mix of filter
 * sets, against the same statements sent raw through the driver in the same run (the floor).
 * Targets on PostgreSQL at 1,000,000 orders: p99 <= 20 ms and p50 within 3 ms of the raw p50.
 * A second floor, bare HTTP, is a node:http server in this process that runs the same statement
 * and sends the database's text as the body: what any Node endpoint over this statement costs,
 * before routing, auth and validation. The target (ADR 0022): the endpoint's p50 within 1.3x of it.
 *
 * PGlite (default; 100,000 demo orders generated in memory, figures printed, not judged):
 *   npm run bench:order-list -w @dastak/bench
 * PostgreSQL (seeds 1,000,000 demo orders when the database has fewer; ~4-15 min once):
 *   bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/order-list.bench.ts'
 * BENCH_ORDERS overrides the size; a database seeded before (npm run seed) is reused as it is.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const ORDERS = Number(process.env.BENCH_ORDERS ?? (databaseUrl ? 1_000_000 : 100_000));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (databaseUrl ? 4 : 2));
const PER_CLIENT = Number(process.env.BENCH_PER_CLIENT ?? (databaseUrl ? 60 : 15));

const handle = await openDb({ databaseUrl });
const db = handle.db;

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
    log: (m) => (m.includes('orders:') ? undefined : console.log(`  ${m}`)),
  });
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
// What autovacuum does on a live database: planner statistics and the visibility map.
await db.execute(sql`vacuum analyze orders`);
const [{ total } = { total: 0 }] = await rows<{ total: number }>(
  sql`select count(*)::int as total from orders`,
);

// Real values of today's blood orders, so every filter set has rows to find.
const now = new Date();
const day = { from: startOfKarachiDay(now), to: endOfKarachiDay(now) };
const [ref] = await rows<{ regions: number[]; rider: number; number: string; today: number }>(sql`
  select
    (select array_agg(id order by id) from (select id from regions where vertical = 'blood' order by id limit 3) r) as regions,
    -- Before the day's first assignment (the small hours in Karachi) the busiest rider of any day:
    -- the filter then finds no row today, but the statement is the same.
    coalesce(
      (select assigned_rider_id from orders where vertical = 'blood' and assigned_rider_id is not null
        and pickup between ${day.from} and ${day.to} group by 1 order by count(*) desc limit 1),
      (select assigned_rider_id from orders where vertical = 'blood' and assigned_rider_id is not null
        group by 1 order by count(*) desc limit 1),
      (select user_id from rider_profiles order by user_id limit 1)) as rider,
    (select number from orders where vertical = 'blood' and pickup between ${day.from} and ${day.to}
      order by id limit 1) as number,
    (select count(*)::int from orders where vertical = 'blood' and pickup between ${day.from} and ${day.to}) as today`);
if (!ref) throw new Error('no reference values');

const win = `pickup_from=${encodeURIComponent(toKarachiIso(day.from))}&pickup_to=${encodeURIComponent(toKarachiIso(day.to))}`;
const MIX: [string, string][] = [
  ['day by pickup', `${win}&ordering=pickup`],
  ['day by -created', `${win}&ordering=-created`],
  ['day + regions', `${win}&regions=${ref.regions.join(',')}&ordering=pickup`],
  ['day + states', `${win}&states=needsAssignment,assigned,problem&ordering=pickup`],
  ['day + rider', `${win}&rider=${ref.rider}&ordering=pickup`],
  ['day + search', `${win}&search=${ref.number.slice(-5)}&ordering=pickup`],
  ['day + flags', `${win}&needs_review=false&urgent_delivery=true&ordering=pickup`],
  ['day + follow-ups', `${win}&follow_up=true&is_follow_up_addressed=false&ordering=-pickup`],
  ['no window -created', 'ordering=-created'],
  ['search no window', `search=${ref.number}&ordering=-created`],
  ['day page 2', `${win}&ordering=pickup&page=2`],
  ['day page 5', `${win}&ordering=pickup&page=5`],
];

// The same statement the endpoint runs, for the raw floor, named as the server names it so the
// driver prepares it the same way. Its count and its page alone are the same text with the
// other part's LIMIT bound to 0: the same plan, with that part reading nothing.
const statements = new StatementCache();
function rawQueryOf(query: string) {
  const q = orderListQuerySchema.parse(keysToCamel(Object.fromEntries(new URLSearchParams(query))));
  const filter = filterOf('blood', q);
  if (!filter) throw new Error(`empty filter: ${query}`);
  const parts = listStatementParts(filter, sortKeysOf(q.ordering), {
    size: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const zeroed = (limits: { limit?: number; countLimit?: number }) =>
    statements.query({ ...parts, values: { ...parts.values, ...limits } });
  return {
    ...statements.query(parts),
    countOnly: zeroed({ limit: 0 }),
    pageOnly: zeroed({ countLimit: 0 }),
    neither: zeroed({ limit: 0, countLimit: 0 }),
  };
}
const RAW = MIX.map(([, q]) => rawQueryOf(q));
const lite = pgliteOf(db as Db);

const config = loadConfig({
  DATA_DIR: `/tmp/dastak-bench-${randomBytes(4).toString('hex')}`,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'not-used-in-bench',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const app = await buildApp({ config, dbHandle: handle, logger: false });
// Time inside the server, from the request's arrival to its answer handed to the socket: what
// the endpoint adds to the statement, apart from the wait for a turn on a shared machine.
const inServer: number[] = [];
app.server.prependListener('request', (_req, res) => {
  const t0 = performance.now();
  res.on('finish', () => inServer.push(performance.now() - t0));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const staff = await createStaffUser(db, {
  email: `bench-${randomBytes(4).toString('hex')}@bench.local`,
  password: randomBytes(8).toString('hex'),
  firstName: 'Bench',
  lastName: 'Staff',
  permissions: [PERMISSIONS.CAN_VIEW_ORDER],
});
const token = await app.tokens.signAccess({
  id: staff.id,
  email: 'bench@bench.local',
  userType: USER_TYPES.STAFF,
  permissions: [PERMISSIONS.CAN_VIEW_ORDER],
});

// The bare HTTP floor: the endpoint's statement behind node:http, on a pool of its own.
const barePool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: CLIENTS }) : null;
const bareStatements = new Map(MIX.map(([, q], i) => [`/api/v1/orders/blood/?${q}`, RAW[i]!]));
const bare = createServer(async (req, res) => {
  const r = bareStatements.get(req.url ?? '');
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  const result = barePool
    ? await barePool.query({ name: r.name, text: r.sql, values: r.params })
    : await lite!.query<Record<string, unknown>>(r.sql, r.params);
  const row = result.rows[0] as { count: number; items: string };
  const body = `{"count":${row.count},"results":${row.items}}`;
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
// The clients keep one connection per server for the whole run, idle while the other phases run
// (minutes on a loaded machine): neither server may close them (node:http's default is 5 s).
bare.keepAliveTimeout = 0;
app.server.keepAliveTimeout = 0;
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as AddressInfo).port;

// Clients run on their own thread (HTTP, and the raw floor on PostgreSQL through a pool of
// their own). PGlite lives in this thread, so its raw floor is sent from here.
const clients = new Worker(new URL('./order-list-clients.mjs', import.meta.url), {
  workerData: {
    port,
    barePort,
    token,
    paths: MIX.map(([, q]) => `/api/v1/orders/blood/?${q}`),
    raw: RAW,
    databaseUrl,
    clients: CLIENTS,
  },
});
type Kind = 'endpoint' | 'bare' | 'raw';
type PhaseResult = { samples: number[][]; counts: string[] };
const inWorker = (kind: Kind, perClient: number) =>
  new Promise<PhaseResult>((resolve, reject) => {
    clients.once('error', reject);
    clients.once('message', (result: PhaseResult) => {
      clients.off('error', reject);
      resolve(result);
    });
    clients.postMessage({ kind, perClient });
  });

async function rawHere(perClient: number): Promise<PhaseResult> {
  const out = MIX.map(() => [] as number[]);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let k = 0; k < perClient; k++) {
        const i = (c + k) % MIX.length;
        const t0 = performance.now();
        await lite!.query(RAW[i]!.sql, RAW[i]!.params);
        out[i]!.push(performance.now() - t0);
      }
    }),
  );
  return { samples: out, counts: [] };
}
const phase = (kind: Kind, perClient: number) =>
  kind === 'raw' && !databaseUrl ? rawHere(perClient) : inWorker(kind, perClient);

const byMix = MIX.map(() => ({
  endpoint: [] as number[],
  bare: [] as number[],
  raw: [] as number[],
}));
let counts: string[] = [];
await phase('raw', 4);
await phase('bare', 4);
await phase('endpoint', 4);
inServer.length = 0; // warm-up requests out
// How busy the server's event loop was while it served: near 1, requests wait for the loop.
const loop = { idle: 0, active: 0 };
for (let r = 0; r < ROUNDS; r++) {
  for (const kind of ['raw', 'bare', 'endpoint'] as const) {
    const before = performance.eventLoopUtilization();
    const res = await phase(kind, PER_CLIENT);
    if (kind === 'endpoint') {
      const { idle, active } = performance.eventLoopUtilization(before);
      loop.idle += idle;
      loop.active += active;
    }
    res.samples.forEach((s, i) => {
      byMix[i]![kind].push(...s);
    });
    if (kind === 'endpoint') counts = res.counts;
  }
}
// The count against the page, one statement at a time on one connection (no queueing): each
// part's median less the median of the statement with both parts reading nothing.
const single = await barePool?.connect();
const send = (q: CompiledQuery) =>
  single
    ? single.query({ name: q.name, text: q.sql, values: q.params })
    : lite!.query(q.sql, q.params);
const costs = await (async () => {
  const out: { count: number; page: number }[] = [];
  for (const r of RAW) {
    const t = { countOnly: [] as number[], pageOnly: [] as number[], neither: [] as number[] };
    for (let k = 0; k < 60; k++) {
      for (const part of ['countOnly', 'pageOnly', 'neither'] as const) {
        const t0 = performance.now();
        await send(r[part]);
        if (k >= 10) t[part].push(performance.now() - t0);
      }
    }
    const none = percentile(t.neither, 50);
    out.push({
      count: percentile(t.countOnly, 50) - none,
      page: percentile(t.pageOnly, 50) - none,
    });
  }
  return out;
})();
single?.release();

const samples = {
  endpoint: byMix.flatMap((m) => m.endpoint),
  bare: byMix.flatMap((m) => m.bare),
  raw: byMix.flatMap((m) => m.raw),
};

const stats = (s: number[]) =>
  `p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}  p99 ${ms(percentile(s, 99))}`;
console.log(
  `orders list: ${total} orders (${ref.today} blood orders today), ${engine}, ${CLIENTS} concurrent clients, ${samples.endpoint.length} requests each side`,
);
console.log(`  endpoint (HTTP)   ${stats(samples.endpoint)}`);
console.log(
  `  bare HTTP         ${stats(samples.bare)}  (node:http + the same statement, body as sent)`,
);
console.log(`  raw SQL (driver)  ${stats(samples.raw)}`);
console.log(`  inside the server ${stats(inServer)}  (request arrived -> answer written)`);
console.log(
  `  server event loop busy ${((100 * loop.active) / (loop.active + loop.idle)).toFixed(0)}% of the endpoint phases`,
);
console.log(
  '  by filter set: p50 endpoint / bare / raw, the count; alone on one connection, count / page:',
);
MIX.forEach(([name], i) => {
  const e = byMix[i]!;
  const p50s = [e.endpoint, e.bare, e.raw].map((s) => ms(percentile(s, 50)).padStart(9));
  const c = costs[i]!;
  console.log(
    `    ${name.padEnd(20)} ${p50s.join(' / ')}   ${counts[i]?.padEnd(5)} ${ms(c.count).padStart(8)} / ${ms(c.page)}`,
  );
});
const countWithinPage = costs.filter((c) => c.count <= c.page).length;
console.log(`  the count cost at most the page on ${countWithinPage} of ${MIX.length} filter sets`);
const p99 = percentile(samples.endpoint, 99);
const gap = percentile(samples.endpoint, 50) - percentile(samples.raw, 50);
// What the endpoint adds to any Node endpoint over the same statement (ADR 0022).
const overBare = percentile(samples.endpoint, 50) / percentile(samples.bare, 50);
const judged = !!databaseUrl;
console.log(
  `  p99 <= 20 ms: ${p99 <= 20 ? 'met' : 'MISSED'};  p50 within 3 ms of raw: ${gap <= 3 ? 'met' : 'MISSED'} (+${gap.toFixed(2)} ms)${judged ? '' : '  (PGlite: figures only)'}`,
);
console.log(
  `  p50 endpoint / bare HTTP: ${overBare.toFixed(2)}x (target 1.3x): ${overBare <= 1.3 ? 'met' : 'MISSED'}`,
);

clients.postMessage({ kind: 'stop' });
bare.close();
await barePool?.end();
await app.close();
await handle.close();
if (judged && (p99 > 20 || gap > 3 || overBare > 1.3)) process.exitCode = 1;
