import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '@dastak/core/permissions';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { LATE_TRACKED_STATES } from '@dastak/core/rules/lateness';
import { DASHBOARD_ORDER_STATES, type OrderState, USER_TYPES } from '@dastak/core/states';
import { type SQL, sql } from 'drizzle-orm';
import { orderScanTypes, orders, riderTasks } from '../apps/server/src/db/schema/orders';
import { riderProfiles } from '../apps/server/src/db/schema/riders';
import { users } from '../apps/server/src/db/schema/users';
import * as repo from '../apps/server/src/modules/dashboards/dashboards.repository';
import { refreshQueueSnapshots } from '../apps/server/src/modules/dispatch/queue/rider-queue.repository';
import { createFixtures, tokenWith } from '../apps/server/src/test/fixtures/orders.fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';
import { ms, percentile, rng } from './instances';

/**
 * The dashboard calls (docs/decisions/0025): a region with 300 riders and 2,000
 * orders today (plus six earlier days for the daily rate) on PGlite. Each call's p95 over real
 * HTTP on 127.0.0.1 (routing, auth, validation, service, serialisation, the body read by the
 * client), next to two floors in the same run: the raw time of its statement through the driver,
 * and bare HTTP (a node:http server in this process that runs the same statement and sends the
 * database's text as the body). Target p95 <= 50 ms; where the bare floor itself misses it, the
 * ratio to that floor is what the run is judged on.
 *   npm run bench:dashboard-calls -w @dastak/bench
 */
const RIDERS = 300;
const ORDERS_TODAY = 2000;
const EARLIER_PER_DAY = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const MIN = 60_000;
const grace = { onTimeGraceMinutes: 10, pickupServiceMinutes: 10 };

const t = await createTestApp();
const f = await createFixtures(t);
const r = rng(11);
const now = Date.now();
const region = f.bloodRegion;
const point = () => ({
  latitude: 31.52 + (r() - 0.5) * 0.09,
  longitude: 74.35 + (r() - 0.5) * 0.09,
});

console.log(
  `seeding ${RIDERS} riders, ${ORDERS_TODAY} orders today, ${6 * EARLIER_PER_DAY} earlier ...`,
);
const riderIds = (
  await t.db
    .insert(users)
    .values(
      Array.from({ length: RIDERS }, (_, i) => ({
        email: `bench-rider-${i}@test.local`,
        firstName: 'Bench',
        lastName: `Rider ${i}`,
        userType: USER_TYPES.RIDER,
      })),
    )
    .returning({ id: users.id })
).map((u) => u.id);
await t.db.insert(riderProfiles).values(
  riderIds.map((userId) => ({
    userId,
    regionId: region,
    vertical: 'blood' as const,
    isOnline: true,
    isOnDuty: true,
    lastKnownLatitude: point().latitude,
    lastKnownLongitude: point().longitude,
  })),
);

// Today's states spread as a working day's: the map's three states are about half.
const TODAY: [OrderState, number][] = [
  ['delivered', 0.3],
  ['collected', 0.15],
  ['reached', 0.1],
  ['assigned', 0.25],
  ['needsAssignment', 0.08],
  ['scheduled', 0.05],
  ['problem', 0.03],
  ['cancelled', 0.03],
  ['unverified', 0.01],
];
const pick = () => {
  let x = r();
  for (const [s, w] of TODAY) {
    x -= w;
    if (x < 0) return s;
  }
  return 'delivered' as OrderState;
};
let seq = 0;
async function seed(count: number, dayStart: number, dayEnd: number, statePick: () => OrderState) {
  const rows = Array.from({ length: count }, () => {
    const pickup = new Date(
      Math.floor((dayStart + r() * (dayEnd - dayStart)) / (15 * MIN)) * 15 * MIN,
    );
    const state = statePick();
    const reached = ['reached', 'collected', 'delivered'].includes(state)
      ? new Date(pickup.getTime() + (r() * 25 - 5) * MIN)
      : null;
    const collected =
      reached && state !== 'reached' ? new Date(reached.getTime() + (5 + r() * 10) * MIN) : null;
    const p = point();
    return {
      number: `B-BENCH${String(++seq).padStart(7, '0')}`,
      vertical: 'blood' as const,
      state,
      pickup,
      regionId: region,
      customerId: f.customerId,
      patientId: f.patientId,
      address: `House ${seq}, Street ${seq % 40}, Gulberg`,
      latitude: p.latitude,
      longitude: p.longitude,
      assignedRiderId:
        state === 'needsAssignment' || state === 'scheduled' || state === 'unverified'
          ? null
          : riderIds[Math.floor(r() * RIDERS)]!,
      reachedAt: reached,
      collectedAt: collected,
    };
  });
  const ids: { id: number; state: string; riderId: number | null; pickup: Date }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    ids.push(
      ...(await t.db
        .insert(orders)
        .values(rows.slice(i, i + 500))
        .returning({
          id: orders.id,
          state: orders.state,
          riderId: orders.assignedRiderId,
          pickup: orders.pickup,
        })),
    );
  }
  return ids;
}
const dayStart = startOfKarachiDay(new Date(now)).getTime();
const today = await seed(ORDERS_TODAY, dayStart, endOfKarachiDay(new Date(now)).getTime(), pick);
for (let d = 1; d <= 6; d++) {
  await seed(
    EARLIER_PER_DAY,
    dayStart - d * 24 * 60 * MIN,
    dayStart - (d - 1) * 24 * 60 * MIN - 1,
    () => (r() < 0.9 ? 'delivered' : 'cancelled'),
  );
}
// Two tests per order on the map's popup; a pending pickup per assigned order in its rider's queue.
const tests = (
  (await t.db.execute(
    sql`select id, value from scan_types where code in ('CBC','LFT')`,
  )) as unknown as { rows: { id: number; value: number }[] }
).rows;
for (let i = 0; i < today.length; i += 500) {
  await t.db
    .insert(orderScanTypes)
    .values(
      today
        .slice(i, i + 500)
        .flatMap((o) => tests.map((s) => ({ orderId: o.id, scanTypeId: s.id, value: s.value }))),
    );
}
const queued = today.filter((o) => o.state === 'assigned' && o.riderId);
const seqOf = new Map<number, number>();
await t.db.insert(riderTasks).values(
  queued
    .sort((a, b) => a.pickup.getTime() - b.pickup.getTime())
    .map((o) => {
      const s = seqOf.get(o.riderId!) ?? 0;
      seqOf.set(o.riderId!, s + 1);
      return { riderId: o.riderId!, orderId: o.id, type: 0, sequence: s };
    }),
);
await refreshQueueSnapshots(t.db);
await t.db.execute(sql`vacuum analyze`);

const auth = await tokenWith(t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
const window = { from: new Date(dayStart), to: endOfKarachiDay(new Date(now)) };
const qs = `pickup_from=${encodeURIComponent(toKarachiIso(window.from))}&pickup_to=${encodeURIComponent(toKarachiIso(window.to))}`;
const sixBack = toKarachiIso(new Date(dayStart - 6 * 24 * 60 * MIN)).slice(0, 10);
const w = { vertical: 'blood' as const, ...window, regions: [region] };

const calls: { name: string; url: string; raw: SQL }[] = [
  {
    name: 'dashboard (map)',
    url: `/orders/blood/dashboard/?${qs}&regions=${region}`,
    raw: repo.mapOrdersSql({ ...w, states: DASHBOARD_ORDER_STATES }),
  },
  {
    name: 'late-orders',
    url: `/orders/blood/late-orders/?${qs}&regions=${region}`,
    raw: repo.lateOrdersSql({
      ...w,
      states: LATE_TRACKED_STATES,
      startedBefore: new Date(now - 10 * MIN),
    }),
  },
  {
    name: 'at-risk-orders',
    url: `/orders/blood/at-risk-orders/?${qs}&regions=${region}`,
    raw: repo.atRiskCandidatesSql({ ...w, startedAfter: new Date(now - 10 * MIN) }),
  },
  {
    name: 'stats orders',
    url: `/stats/blood/orders/?${qs}&region_id=${region}`,
    raw: repo.stateCountsSql(w),
  },
  {
    name: 'stats dashboard',
    url: `/stats/blood/dashboard/?${qs}&region_id=${region}`,
    raw: repo.onTimeCountsSql({ ...w, now: new Date(now), byDay: false }, grace),
  },
  {
    name: 'daily-order-stats',
    url: `/stats/daily-order-stats/?date=${sixBack}&region=${region}`,
    raw: repo.onTimeCountsSql(
      { ...w, from: new Date(dayStart - 6 * 24 * 60 * MIN), now: new Date(now), byDay: true },
      grace,
    ),
  },
];

// BENCH_EXPLAIN=1: each call's statement plan on the seeded data (EXPLAIN ANALYZE), no timing.
if (process.env.BENCH_EXPLAIN) {
  for (const c of calls) {
    const plan = (await t.db.execute(
      sql`explain (analyze, buffers off) select (${c.raw}) as data`,
    )) as unknown as { rows: Record<string, string>[] };
    console.log(`\n== ${c.name}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
  await t.close();
  process.exit(0);
}

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm-up: plans, JIT
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

// The bare HTTP floor: the statement's text as the body, nothing else.
const bare = createServer((req, res) => {
  const c = calls[Number(new URL(req.url ?? '/', 'http://x').searchParams.get('call'))]!;
  t.db.execute(sql`select (${c.raw})::text as data`).then(
    (r) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end((r as unknown as { rows: { data: string }[] }).rows[0]!.data);
    },
    (e) => {
      res.writeHead(500);
      res.end(String(e));
    },
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
const get = async (url: string, headers?: Record<string, string>) => {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return text;
};

console.log(
  `\nPGlite, ${RUNS} runs each; app = GET over HTTP through the whole app; statement = the SQL alone; bare = node:http sending the statement's text\n`,
);
console.log(
  `${'call'.padEnd(20)} ${'items'.padStart(6)} ${'app p50'.padStart(10)} ${'app p95'.padStart(10)} ${'stmt p95'.padStart(10)} ${'bare p95'.padStart(10)} ${'app/bare'.padStart(9)}  target`,
);
let failed = false;
for (const [i, c] of calls.entries()) {
  const body = JSON.parse(await get(`${appUrl}/api/v1${c.url}`, auth));
  const items = Array.isArray(body) ? body.length : 1;
  const app = await time(() => get(`${appUrl}/api/v1${c.url}`, auth));
  const statement = await time(() => t.db.execute(sql`select (${c.raw}) as data`));
  const floor = await time(() => get(`${bareUrl}/?call=${i}`));
  // Judged on the absolute target; where the bare floor itself misses it, on the ratio.
  const ratio = app.p95 / floor.p95;
  const ok = app.p95 <= 50 || (floor.p95 > 50 && ratio <= 1.5);
  failed ||= !ok;
  console.log(
    `${c.name.padEnd(20)} ${String(items).padStart(6)} ${ms(app.p50).padStart(10)} ${ms(app.p95).padStart(10)} ${ms(statement.p95).padStart(10)} ${ms(floor.p95).padStart(10)} ${ratio.toFixed(2).padStart(8)}x  ${ok ? 'ok' : 'OVER 50 ms'}`,
  );
}
bare.close();
await t.close();
process.exit(failed ? 1 : 0);
