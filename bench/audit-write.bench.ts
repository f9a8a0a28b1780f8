import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PERMISSIONS } from '@dastak/core/permissions';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { type Db, openDb } from '../apps/server/src/db/client';
import { customers, patients } from '../apps/server/src/db/schema/customers';
import { recordAudit, recordDetailOpen } from '../apps/server/src/modules/audit/audit.service';
import { flushAuditQueue } from '../apps/server/src/modules/audit/audit-queue';
import { getCustomer } from '../apps/server/src/modules/customers/customers.service';
import { createStaffUser } from '../apps/server/src/modules/users/users.service';
import { ms, percentile } from './instances';

/**
 * What the audit trail costs a detail route (at most 1 ms, ADR 0054). The customer
 * detail (GET /entity/customer/{id}/) queues its audit row (audit-queue.ts), written as one
 * insert per turn of the event loop. Timed over N requests through the app (app.inject), with
 * the route's own statements sent raw in the same run (the floor: the route without any audit),
 * on a trail that already holds PREFILL rows. Also timed: an awaited insert (what the route
 * would add without the queue), the queued call as the route makes it, and that every queued row
 * arrived. Fails (exit 1) when the queued call's median passes 1 ms, or a row is missing.
 *
 * PGlite (default): npx tsx bench/audit-write.bench.ts
 * PostgreSQL: bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL npx tsx bench/audit-write.bench.ts'
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const N = Number(process.env.BENCH_REQUESTS ?? 500);
const PREFILL = Number(process.env.BENCH_AUDIT_ROWS ?? 200_000);
const BUDGET_MS = 1;

const handle = await openDb({ databaseUrl });
const db = handle.db as Db;

await db.execute(sql`
  insert into audit_events (recorded, action, type, outcome, agent_id, agent_name, agent_address, entity_type, entity_id)
  select now() - (g || ' seconds')::interval, 'R', 'read', '0', 1 + g % 50, 'staff@bench.local', '10.0.0.1', 'Customer', (g % 5000)::text
  from generate_series(1, ${PREFILL}) g`);

const [customer] = await db
  .insert(customers)
  .values({ phone: '03001234567', firstName: 'Ayesha', lastName: 'Khan' })
  .returning();
await db
  .insert(patients)
  .values({ customerId: customer!.id, firstName: 'Ayesha', lastName: 'Khan' });

const config = loadConfig({
  DATA_DIR: `/tmp/dastak-bench-${randomBytes(4).toString('hex')}`,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'not-used-in-bench',
  JWT_SECRET: randomBytes(32).toString('hex'),
});
const app = await buildApp({ config, dbHandle: handle, logger: false });
const password = randomBytes(8).toString('hex');
const staff = await createStaffUser(db, {
  email: `bench-${randomBytes(4).toString('hex')}@bench.local`,
  password,
  firstName: 'Bench',
  lastName: 'Agent',
  permissions: [PERMISSIONS.CAN_VIEW_CUSTOMER],
});
const signIn = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login/',
  payload: { email: staff.email, password },
});
const headers = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` };
const url = `/api/v1/entity/customer/${customer!.id}/`;

const route: number[] = [];
const insert: number[] = [];
// What the route waits for: recordDetailOpen as the route calls it (the row is queued).
const queued: number[] = [];
const req = { user: { id: staff.id, email: staff.email }, ip: '10.0.0.2' } as never;
// The floor: the route's own reads (its service call), with no audit and no HTTP.
const floor: number[] = [];
const count = async () =>
  (
    (await db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n ?? 0;
const agent = { id: staff.id, name: staff.email, address: '10.0.0.2' };
const event = {
  action: 'R',
  type: 'read',
  entityType: 'Customer',
  entityId: customer!.id,
} as const;
// Warm-up, then the two interleaved so both see the same machine.
for (let i = 0; i < 50; i++) {
  await app.inject({ method: 'GET', url, headers });
  await recordAudit(db, agent, event);
}
await flushAuditQueue(db);
const countBefore = await count();
for (let i = 0; i < N; i++) {
  let t0 = performance.now();
  const res = await app.inject({ method: 'GET', url, headers });
  route.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`detail: ${res.statusCode} ${res.body}`);
  t0 = performance.now();
  await recordAudit(db, agent, event);
  insert.push(performance.now() - t0);
  t0 = performance.now();
  await getCustomer(db, customer!.id, undefined);
  floor.push(performance.now() - t0);
  t0 = performance.now();
  await recordDetailOpen(db, req, 'Customer', customer!.id);
  queued.push(performance.now() - t0);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const line = (name: string, xs: number[]) =>
  `${name.padEnd(42)} p50 ${ms(percentile(xs, 50))}  mean ${ms(mean(xs))}  p99 ${ms(percentile(xs, 99))}`;
await flushAuditQueue(db);
const written = (await count()) - countBefore;
console.log(`audit trail write cost, ${engine}, ${N} requests, trail of ${await count()} rows`);
console.log(line('GET customer detail (its audit queued)', route));
console.log(line('floor: the detail service call, no audit', floor));
console.log(line('what the route waits for: the queued audit', queued));
console.log(line('an awaited audit insert (not queued)', insert));
// N requests, N awaited inserts and N queued opens, each with its row.
const missing = 3 * N - written;
console.log(`rows written: ${written} of ${3 * N}`);
// The median: a loaded machine's pauses hit every statement alike (see the p99s).
const over = percentile(queued, 50) > BUDGET_MS || missing !== 0;
console.log(
  over ? `FAIL: over ${BUDGET_MS} ms, or rows missing` : `ok: within ${BUDGET_MS} ms, no row lost`,
);
await app.close();
await handle.close();
process.exit(over ? 1 : 0);
