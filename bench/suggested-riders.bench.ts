import { performance } from 'node:perf_hooks';
import { RIDER_TASK_TYPES, USER_TYPES } from '@dastak/core/states';
import { and, eq, or } from 'drizzle-orm';
import { openDb } from '../apps/server/src/db/client';
import { orders, riderTasks } from '../apps/server/src/db/schema/orders';
import { riderProfiles } from '../apps/server/src/db/schema/riders';
import { users } from '../apps/server/src/db/schema/users';
import { refreshQueueSnapshots } from '../apps/server/src/modules/dispatch/queue/rider-queue.repository';
import { haversineMatrix } from '../apps/server/src/modules/dispatch/routing/distance';
import { suggestRiders } from '../apps/server/src/modules/dispatch/suggested/suggested-riders.service';
import { insertOrder, insertWorld } from '../apps/server/src/test/fixtures/dispatch.fixtures';
import { ms, percentile, pointIn, rng } from './instances';

/**
 * Suggested riders for one order in a region of 300 riders with queues, on PGlite, through the
 * service function (target: p95 <= 30 ms and <= 3x the floor). Floors from the same run:
 * (1) the bare distance matrix of the same riders to the order, in memory; (2) the least any
 * implementation must do: read those riders' positions in one query, then build that matrix.
 */
const RIDERS = 300;
const CALLS = 200;
const MIN = 60_000;

// PGlite by default; BENCH_DATABASE_URL runs the same on PostgreSQL (an empty database:
// `bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/suggested-riders.bench.ts'`).
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const handle = await openDb({ databaseUrl });
const db = handle.db;
const w = await insertWorld(db, { size: 0.06 });
const r = rng(42);
const now = Date.now();

const userRows = await db
  .insert(users)
  .values(
    Array.from({ length: RIDERS }, (_, i) => ({
      email: `bench-rider-${i}@bench.local`,
      firstName: `Rider${i}`,
      lastName: 'Bench',
      phone: `0312${String(i).padStart(7, '0')}`,
      userType: USER_TYPES.RIDER,
    })),
  )
  .returning({ id: users.id });
await db.insert(riderProfiles).values(
  userRows.map((u, i) => {
    const p = pointIn(r, 5);
    return {
      userId: u.id,
      regionId: i % 20 === 0 ? w.other.id : w.home.id,
      vertical: 'blood' as const,
      isOnline: r() < 0.9,
      isOnDuty: r() < 0.85,
      isWildcard: i % 20 === 0,
      isCovid: r() < 0.2,
      state: 0,
      lastKnownLatitude: p.latitude,
      lastKnownLongitude: p.longitude,
    };
  }),
);
// Queues: 60% of riders hold 1-4 pickups, some with a delivery behind them.
for (const u of userRows) {
  if (r() > 0.6) continue;
  const held = 1 + Math.floor(r() * 4);
  for (let s = 0; s < held; s++) {
    const p = pointIn(r, 5);
    const o = await insertOrder(db, w, {
      pickup: new Date(now + (10 + r() * 150) * MIN),
      latitude: p.latitude,
      longitude: p.longitude,
      state: 'assigned',
      assignedRiderId: u.id,
    });
    await db.insert(riderTasks).values({
      riderId: u.id,
      orderId: o.id,
      type: RIDER_TASK_TYPES.PICKUP,
      sequence: s,
      deadline: new Date(o.pickup.getTime() + 60 * MIN),
    });
  }
  await db
    .update(riderProfiles)
    .set({ state: held >= 5 ? 2 : 1 })
    .where(eq(riderProfiles.userId, u.id));
}
await refreshQueueSnapshots(db);
const target = await insertOrder(db, w, { pickup: new Date(now + 45 * MIN) });
const orderPoint = { latitude: target.latitude!, longitude: target.longitude! };

const service: number[] = [];
const matrixOnly: number[] = [];
const queryAndMatrix: number[] = [];
let groups = '';
for (let i = 0; i < CALLS + 20; i++) {
  let t0 = performance.now();
  const res = await suggestRiders(db, { vertical: 'blood', orderId: target.id });
  const s = performance.now() - t0;

  t0 = performance.now();
  const rows = await db
    .select({ lat: riderProfiles.lastKnownLatitude, lng: riderProfiles.lastKnownLongitude })
    .from(riderProfiles)
    .where(
      and(
        eq(riderProfiles.vertical, 'blood'),
        or(eq(riderProfiles.regionId, w.home.id), eq(riderProfiles.isWildcard, true)),
      ),
    );
  const points = rows.map((x) => ({ latitude: x.lat!, longitude: x.lng! }));
  const t1 = performance.now();
  haversineMatrix(points, [orderPoint]);
  const t2 = performance.now();
  if (i < 20) continue; // warm-up
  service.push(s);
  matrixOnly.push(t2 - t1);
  queryAndMatrix.push(t2 - t0);
  groups = Object.entries(res)
    .map(([k, v]) => `${k.replace('Riders', '')} ${v.length}`)
    .join(', ');
}
const [held] = await db.$count(orders).then((n) => [n]);
const p95 = percentile(service, 95);
const floor = percentile(queryAndMatrix, 95);
console.log(
  `suggested riders: ${RIDERS} riders, ${held} orders on their queues, ${engine}, ${CALLS} calls`,
);
console.log(`  groups: ${groups}`);
console.log(`  service                 p50 ${ms(percentile(service, 50))}  p95 ${ms(p95)}`);
console.log(
  `  floor: matrix only      p50 ${ms(percentile(matrixOnly, 50))}  p95 ${ms(percentile(matrixOnly, 95))}`,
);
console.log(
  `  floor: query + matrix   p50 ${ms(percentile(queryAndMatrix, 50))}  p95 ${ms(floor)}`,
);
console.log(
  `  p95 <= 30 ms: ${p95 <= 30 ? 'met' : 'MISSED'};  p95 <= 3x floor (query + matrix): ${p95 <= 3 * floor ? 'met' : 'MISSED'} (${(p95 / floor).toFixed(2)}x)`,
);
await handle.close();
if (p95 > 30 || p95 > 3 * floor) process.exitCode = 1;
