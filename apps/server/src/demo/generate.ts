import { startOfKarachiDay } from '@dastak/core/rules/karachi-time';
import { lateOrdersWindow, type OnTimeModel } from '@dastak/core/rules/lateness';
import { USER_TYPES } from '@dastak/core/states';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { scanTypes } from '../db/schema/catalog';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../db/schema/customers';
import {
  feedbackAnswers,
  feedbackInteractions,
  feedbackQuestions,
  orderReviews,
  publicLinks,
  riderToPatientFeedback,
} from '../db/schema/feedback';
import {
  blacklistedAreas,
  cells,
  cities,
  collectionCenters,
  hotspots,
  regions,
} from '../db/schema/locations';
import { lookups } from '../db/schema/lookups';
import {
  orderActivities,
  orderNumberCounters,
  orderScanTypes,
  orders,
  partialOrders,
  riderTasks,
} from '../db/schema/orders';
import { appVersions, riderLocationPings, riderProfiles } from '../db/schema/riders';
import {
  riderShiftAttendance,
  riderShiftSchedules,
  riderShifts,
  shiftSchedules,
} from '../db/schema/shifts';
import { rebuildReportRollups } from '../jobs/report-rollups';
import { hashPassword } from '../lib/password';
import { DISPATCH_DEFAULTS } from '../modules/dispatch/dispatch-config';
import { insertCustomers } from './customers';
import { insertRows, pgliteOf } from './insert';
import { PhoneBook } from './names';
import { insertOrders } from './orders';
import { insertOpenPartialOrders } from './partial-orders';
import { DEFAULT_DEMO_SEED, Rng } from './random';
import { insertReference } from './reference';
import { insertRiderProfiles } from './rider-profiles';
import { DEMO_STAFF, insertRiderUsers, insertStaff } from './riders';
import { insertShifts } from './shifts';
import type { DemoContext } from './types';

export type DemoOptions = {
  /** Orders to generate (20,000 for a new embedded database; 1,000,000 for benchmarks). */
  orders: number;
  /** Password of the demo staff and riders (hashed once). */
  staffPassword: string;
  /** The bootstrap admin's email; the demo never creates or touches that user. */
  adminEmail?: string;
  log?: (msg: string) => void;
  /** Same seed, same data (dates are relative to `now`). */
  seed?: number;
  now?: Date;
  /** The on-time model the report roll-ups count with (default: the dispatch defaults). */
  onTimeModel?: OnTimeModel;
  /**
   * false leaves out the orders' activity rows (an order detail's history, about eight an order:
   * half the load's time on PGlite), for a test that reads none of them, such as the orders-list
   * EXPLAIN at 100,000 orders. Default true; the demo always has them.
   */
  orderHistory?: boolean;
};

/** Every table the demo fills, children before parents (the order clearDemoData truncates in). */
export const DEMO_TABLES: PgTable[] = [
  feedbackAnswers,
  feedbackInteractions,
  publicLinks,
  orderReviews,
  riderToPatientFeedback,
  riderTasks,
  orderActivities,
  orderScanTypes,
  orders,
  orderNumberCounters,
  partialOrders,
  regionCustomerAddresses,
  customerAddresses,
  patients,
  customers,
  riderShiftAttendance,
  riderShifts,
  riderShiftSchedules,
  shiftSchedules,
  riderLocationPings,
  riderProfiles,
  appVersions,
  hotspots,
  collectionCenters,
  blacklistedAreas,
  cells,
  regions,
  cities,
  scanTypes,
  feedbackQuestions,
  lookups,
];
const NO_IDENTITY = new Set<PgTable>([
  regionCustomerAddresses,
  orderNumberCounters,
  riderProfiles,
  publicLinks,
]);

/**
 * Fills an empty database with a realistic, deterministic demo: geography, lookups, catalogue,
 * staff, riders, customers, orders with their history, feedback and shifts.
 */
export async function generateDemoData(db: Db, opts: DemoOptions): Promise<void> {
  // Foreign-key triggers are skipped during the load when the role may do so: it halves the
  // time, and the generator writes parents before children (the demo test checks every key).
  const lite = pgliteOf(db);
  if (lite) {
    // One connection: callers must not serve requests on it meanwhile (bootstrap runs first).
    await lite.exec('set session_replication_role = replica');
    try {
      await generate(db, opts);
    } finally {
      await lite.exec('set session_replication_role = default');
    }
    return;
  }
  const [su] = await db
    .select({ on: sql<boolean>`current_setting('is_superuser') = 'on'` })
    .from(sql`(select 1) as one`);
  if (!su?.on) return generate(db, opts);
  // PostgreSQL: one transaction on one connection, so the setting is local to the load.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await generate(tx as unknown as Db, opts);
  });
}

async function generate(db: Db, opts: DemoOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  let last = started;
  const step = (what: string) => {
    const t = performance.now();
    log(`demo: ${what} (${Math.round(t - last)} ms)`);
    last = t;
  };
  const now = opts.now ?? new Date();
  const onTimeModel = opts.onTimeModel ?? DISPATCH_DEFAULTS;
  const root = new Rng(opts.seed ?? DEFAULT_DEMO_SEED);
  const passwordHash = await hashPassword(opts.staffPassword);

  const ref = await insertReference(db, now);
  const staff = await insertStaff(db, passwordHash, opts.adminEmail ?? 'admin@dastak.local');
  step('geography, lookups, catalogue, staff');
  const ctx: DemoContext = {
    now,
    todayStart: startOfKarachiDay(now).getTime(),
    lateAfterMinutes: onTimeModel.onTimeGraceMinutes,
    lateFrom: Date.parse(lateOrdersWindow(now).pickupFrom),
    regions: ref.regions,
    lookups: ref.lookups,
    scanTypes: ref.scanTypes,
    staff,
    log,
  };
  const phones = new Set<string>();
  const customerCount = Math.max(2_500, Math.ceil(opts.orders / 10));
  await insertCustomers(
    db,
    ctx,
    root.fork('customers'),
    new PhoneBook(root.fork('customer-phones'), phones),
    customerCount,
  );
  step(`${customerCount} customers with patients and addresses`);
  const riders = await insertRiderUsers(
    db,
    ctx,
    root.fork('riders'),
    new PhoneBook(root.fork('rider-phones'), phones),
    passwordHash,
    Math.max(1, opts.orders / 100_000),
  );
  step(`${riders.length} riders`);
  const questions = { ...ref.questions, lastInteractionId: 0 };
  const result = await insertOrders(db, ctx, root.fork('orders'), opts.orders, questions, {
    history: opts.orderHistory ?? true,
  });
  step(`${opts.orders} orders`);
  await insertOpenPartialOrders(
    db,
    ctx,
    root.fork('partials'),
    new PhoneBook(root.fork('partial-phones'), phones),
    Math.max(40, Math.round(opts.orders * 0.003)),
  );
  const live = await insertRiderProfiles(
    db,
    ctx,
    root.fork('rider-profiles'),
    riders,
    result.active,
  );
  await insertShifts(db, ctx, root.fork('shifts'), riders, live);
  step('partial orders, rider profiles and tasks, shifts and attendance');
  await insertRows(
    db,
    orderNumberCounters,
    [...result.counters].map(([key, lastSeq]) => {
      const [vertical, day] = key.split('|') as ['blood' | 'xray', string];
      return { vertical, day, lastSeq };
    }),
  );
  await updateDenormalised(db);
  // The reporting dashboard's daily roll-ups (ADR 0040): the load writes no dirty marks.
  await rebuildReportRollups(db, onTimeModel);
  for (const table of DEMO_TABLES) {
    if (!NO_IDENTITY.has(table)) await syncIdentity(db, getTableName(table));
  }
  await db.execute(sql`analyze`);
  step('counters, denormalised counts, sequences, analyze');
  log(`demo: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** customers.numberOfOrders/lastOrder* and riders' completed counts, from the orders. */
async function updateDenormalised(db: Db): Promise<void> {
  await db.execute(sql`
    update ${customers} c
       set number_of_orders = s.n, last_order_id = s.last_id, last_order_at = s.last_at
      from (select customer_id, count(*)::int as n, max(id) as last_id, max(created) as last_at
              from ${orders} group by customer_id) s
     where s.customer_id = c.id`);
  await db.execute(sql`
    update ${riderProfiles} p
       set completed_orders_count = s.n
      from (select assigned_rider_id, count(*)::int as n from ${orders}
             where state = 'delivered' and assigned_rider_id is not null
             group by assigned_rider_id) s
     where s.assigned_rider_id = p.user_id`);
}

async function syncIdentity(db: Db, table: string): Promise<void> {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('"${table}"', 'id'), (select coalesce(max(id), 0) + 1 from "${table}"), false)`,
    ),
  );
}

/** True when the database already holds orders (the seed refuses without --force). */
export async function hasOrders(db: Db): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).limit(1);
  return rows.length > 0;
}

/** Removes everything the demo creates (not the admin, not permissions). */
export async function clearDemoData(db: Db): Promise<void> {
  const names = DEMO_TABLES.map((t) => `"${getTableName(t)}"`).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
  const emails = DEMO_STAFF.map((s) => `'${s.email}'`).join(', ');
  await db.execute(
    sql.raw(
      `delete from users where user_type = ${USER_TYPES.RIDER} or lower(email) in (${emails})`,
    ),
  );
}
