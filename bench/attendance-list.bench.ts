import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '@dastak/core/permissions';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { USER_TYPES } from '@dastak/core/states';
import { type SQL, sql } from 'drizzle-orm';
import { riderProfiles } from '../apps/server/src/db/schema/riders';
import { shiftSchedules } from '../apps/server/src/db/schema/shifts';
import { users } from '../apps/server/src/db/schema/users';
import {
  attendancePageSql,
  riderShiftSlotsSql,
} from '../apps/server/src/modules/attendance/attendance-list.repository';
import { DEFAULT_SORT } from '../apps/server/src/modules/attendance/attendance-list.service';
import { createFixtures, tokenWith } from '../apps/server/src/test/fixtures/orders.fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';
import { ms, percentile } from './instances';

/**
 * The attendance reads (ADR 0037) on PGlite: 300 riders of one region, each with a 09:00-17:00
 * rider shift on each of the last 30 days (9,000 rider shifts), their 5-minute slots (96 a shift,
 * 864,000 rows) and six orders a shift (54,000). Over real HTTP on 127.0.0.1 through the whole
 * app: the attendance list of the region and today (first page, and a 100-row page), and the
 * online chart of one rider shift; beside each, the raw statement's time through the driver as
 * the floor. Targets: list p95 <= 50 ms, online chart p95 <= 20 ms.
 *   cd bench && npx tsx attendance-list.bench.ts      (BENCH_EXPLAIN=1: plans only)
 */
const RIDERS = 300;
const DAYS = 30;
const ORDERS_PER_SHIFT = 6;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const model = { onTimeGraceMinutes: 10, pickupServiceMinutes: 10 };

const t = await createTestApp();
const f = await createFixtures(t);
const region = f.bloodRegion;
const now = new Date();
const today = startOfKarachiDay(now);

console.log(
  `seeding ${RIDERS} riders x ${DAYS} days of rider shifts, 96 slots and ${ORDERS_PER_SHIFT} orders each ...`,
);
const seedStart = performance.now();
const riderIds = (
  await t.db
    .insert(users)
    .values(
      Array.from({ length: RIDERS }, (_, i) => ({
        email: `bench-att-${i}@test.local`,
        firstName: 'Bench',
        lastName: `Rider ${i}`,
        phone: `0300${String(i).padStart(7, '0')}`,
        userType: USER_TYPES.RIDER,
      })),
    )
    .returning({ id: users.id })
).map((u) => u.id);
await t.db
  .insert(riderProfiles)
  .values(riderIds.map((userId) => ({ userId, regionId: region, vertical: 'blood' as const })));
const [schedule] = await t.db
  .insert(shiftSchedules)
  .values({ regionId: region, weekday: 0, startTime: '09:00', endTime: '17:00' })
  .returning();
const day0 = sql`${today.toISOString()}::timestamptz`;
const ids = sql`array[${sql.join(
  riderIds.map((id) => sql`${id}`),
  sql`, `,
)}]::int[]`;
// Today's shifts are in progress (no figures past now); earlier days are complete. Values come
// from the row numbers so the run is the same every time.
await t.db.execute(sql`
  insert into rider_shifts (rider_id, region_id, shift_schedule_id, start_datetime, end_datetime,
    state, is_present, rider_did_start_inside_hotspot, hotspot_latitude, hotspot_longitude,
    hotspot_recorded_at, online_percentage, distance_travelled_metres, break_already_given, created)
  select r.id, ${region}, ${schedule!.id},
    ${day0} - d * interval '1 day' + interval '9 hours',
    ${day0} - d * interval '1 day' + interval '17 hours',
    case when d = 0 then 'in-progress' when r.n % 10 = 0 then 'missed' else 'completed' end,
    r.n % 10 <> 0, r.n % 7 <> 0, 31.52 + (r.n % 50) * 0.001, 74.35 + (r.n % 30) * 0.001,
    ${day0} - d * interval '1 day' + interval '9 hours' + (r.n % 15) * interval '1 minute',
    (r.n * 37 + d * 11) % 100, 5000 + (r.n * 97 + d * 13) % 40000, r.n % 3 = 0,
    ${day0} - d * interval '1 day' - interval '7 days' + r.n * interval '1 second'
  from unnest(${ids}) with ordinality as r(id, n), generate_series(0, ${DAYS - 1}) d`);
await t.db.execute(sql`
  insert into rider_shift_attendance (rider_shift_id, slot_start, is_present)
  select rs.id, rs.start_datetime + s * interval '5 minutes', (rs.id + s) % 9 <> 0
  from rider_shifts rs, generate_series(0, 95) s
  where rs.region_id = ${region}`);
await t.db.execute(sql`
  insert into orders (number, vertical, state, pickup, region_id, customer_id, patient_id,
    address, assigned_rider_id, reached_at, collected_at)
  select 'B-ATT' || rs.id || '-' || k, 'blood',
    case when p.pickup > now() then 'assigned' else 'delivered' end, p.pickup, ${region},
    ${f.customerId}, ${f.patientId}, 'bench', rs.rider_id,
    case when p.pickup > now() then null
      else p.pickup + ((rs.id * 7 + k * 5) % 25 - 5) * interval '1 minute' end,
    case when p.pickup > now() then null
      else p.pickup + ((rs.id * 7 + k * 5) % 25 + 5) * interval '1 minute' end
  from rider_shifts rs, generate_series(0, ${ORDERS_PER_SHIFT - 1}) k,
    lateral (select rs.start_datetime + k * interval '75 minutes' as pickup) p
  where rs.region_id = ${region}`);
await t.db.execute(sql`vacuum analyze`);
const counts = (
  (await t.db.execute(sql`select
      (select count(*)::int from rider_shifts) as shifts,
      (select count(*)::int from rider_shift_attendance) as slots,
      (select count(*)::int from orders) as orders`)) as unknown as {
    rows: { shifts: number; slots: number; orders: number }[];
  }
).rows[0]!;
console.log(
  `seeded ${counts.shifts} rider shifts, ${counts.slots} slots, ${counts.orders} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const auth = await tokenWith(t, [PERMISSIONS.CAN_VIEW_RIDER_SHIFT]);
const window = { from: today, to: endOfKarachiDay(now) };
const qs = `region=${region}&start_datetime=${encodeURIComponent(toKarachiIso(window.from))}&end_datetime=${encodeURIComponent(toKarachiIso(window.to))}&ordering=-created`;
const chartShift = (
  (await t.db.execute(
    sql`select id from rider_shifts where region_id = ${region} and start_datetime < ${today}
        order by id limit 1 offset 150`,
  )) as unknown as { rows: { id: number }[] }
).rows[0]!.id;
const filter = { regionId: region, ...window };
const options = { keys: DEFAULT_SORT, model, now };

const calls: { name: string; url: string; raw: SQL; target: number }[] = [
  {
    name: 'list (20 rows)',
    url: `/shift/rider-shifts/?${qs}`,
    raw: attendancePageSql(filter, options, { limit: 20, offset: 0 }),
    target: 50,
  },
  {
    name: 'list (100 rows)',
    url: `/shift/rider-shifts/?${qs}&page_size=100`,
    raw: attendancePageSql(filter, options, { limit: 100, offset: 0 }),
    target: 50,
  },
  {
    name: 'online chart',
    url: `/shift/rider-shift-attendance/?rider_shift=${chartShift}`,
    raw: riderShiftSlotsSql(chartShift),
    target: 20,
  },
];

// The list's plan on the seeded data (EXPLAIN ANALYZE); BENCH_EXPLAIN=1 prints every call's and stops.
for (const c of process.env.BENCH_EXPLAIN ? calls : calls.slice(0, 1)) {
  const plan = (await t.db.execute(sql`explain (analyze, buffers off) ${c.raw}`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(`\n== ${c.name}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
}
if (process.env.BENCH_EXPLAIN) {
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

const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
const get = async (url: string) => {
  const res = await fetch(url, { headers: auth });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return text;
};

console.log(
  `\nPGlite, ${RUNS} runs each; app = GET over HTTP through the whole app; statement = the SQL alone through the driver\n`,
);
console.log(
  `${'call'.padEnd(18)} ${'items'.padStart(6)} ${'app p50'.padStart(10)} ${'app p95'.padStart(10)} ${'stmt p50'.padStart(10)} ${'stmt p95'.padStart(10)}  target`,
);
let failed = false;
for (const c of calls) {
  const body = JSON.parse(await get(`${appUrl}/api/v1${c.url}`));
  const items = Array.isArray(body) ? body.length : `${body.results.length}/${body.count}`;
  const app = await time(() => get(`${appUrl}/api/v1${c.url}`));
  const statement = await time(() => t.db.execute(c.raw));
  const ok = app.p95 <= c.target;
  failed ||= !ok;
  console.log(
    `${c.name.padEnd(18)} ${String(items).padStart(6)} ${ms(app.p50).padStart(10)} ${ms(app.p95).padStart(10)} ${ms(statement.p50).padStart(10)} ${ms(statement.p95).padStart(10)}  ${ok ? 'ok' : `OVER ${c.target} ms`} (p95 <= ${c.target} ms)`,
  );
}
await t.close();
process.exit(failed ? 1 : 0);
