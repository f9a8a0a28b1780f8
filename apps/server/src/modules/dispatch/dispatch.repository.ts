import type { Vertical } from '@dastak/core/states';
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { cells, collectionCenters, regions } from '../../db/schema/locations';
import { lookups } from '../../db/schema/lookups';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';

/**
 * SQL of suggested riders, the task queue and auto-assignment. Candidates and their queues load
 * in a fixed number of queries whatever the fleet size (no per-rider round trips).
 */

const orderColumns = {
  id: orders.id,
  number: orders.number,
  vertical: orders.vertical,
  state: orders.state,
  regionId: orders.regionId,
  pickup: orders.pickup,
  timeSlotMinutes: orders.timeSlotMinutes,
  latitude: orders.latitude,
  longitude: orders.longitude,
  isCovid: orders.isCovid,
  assignedRiderId: orders.assignedRiderId,
  isFasting: orders.isFasting,
};
/** Orders the job should place: waiting (or scheduled) and due within the horizon. */
export function listWaitingOrders(db: DbOrTx, from: Date, to: Date) {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        inArray(orders.state, ['needsAssignment', 'scheduled']),
        eq(orders.fulfillmentMethod, 'online'),
        gte(orders.pickup, from),
        lte(orders.pickup, to),
      ),
    )
    .orderBy(asc(orders.pickup), asc(orders.id));
}
export type DispatchOrderRow = Awaited<ReturnType<typeof listWaitingOrders>>[number];

export type RegionRow = Awaited<ReturnType<typeof listRegions>>[number];

export function listRegions(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: regions.id,
      cityId: regions.cityId,
      polygon: regions.polygon,
      isHyperlocalModeEnabled: regions.isHyperlocalModeEnabled,
      centerLatitude: regions.centerLatitude,
      centerLongitude: regions.centerLongitude,
    })
    .from(regions)
    .where(inArray(regions.id, ids));
}

export function listCells(db: DbOrTx, regionIds: number[]) {
  if (regionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: cells.id,
      regionId: cells.regionId,
      minRiders: cells.minRiders,
      coordinates: cells.coordinates,
    })
    .from(cells)
    .where(inArray(cells.regionId, regionIds));
}

/** The rider's home region, joined to carry its city into the candidate rows. */
const riderRegion = alias(regions, 'rider_region');

/**
 * Which riders: those of the vertical in `regionId` plus wildcard riders of the other regions of
 * its city (a wildcard crosses regions, never cities); or, without a region, every on-duty
 * online rider of the vertical (the job's fleet, matched to cities by scoring's `sameCity`).
 */
function riderScope(f: { vertical: Vertical; regionId?: number | SQL }): SQL {
  const cityOf = (id: number | SQL) =>
    sql`(select ${regions.cityId} from ${regions} where ${regions.id} = ${id})`;
  const where = and(
    eq(riderProfiles.vertical, f.vertical),
    eq(users.isActive, true),
    f.regionId === undefined
      ? and(eq(riderProfiles.isOnDuty, true), eq(riderProfiles.isOnline, true))
      : or(
          eq(riderProfiles.regionId, f.regionId),
          and(eq(riderProfiles.isWildcard, true), eq(riderRegion.cityId, cityOf(f.regionId))),
        ),
  );
  return where!;
}

export interface CandidateRiderRow {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  regionId: number;
  cityId: number;
  state: number;
  isOnline: boolean;
  isOnDuty: boolean;
  isWildcard: boolean;
  isCovid: boolean;
  lastKnownLatitude: number | null;
  lastKnownLongitude: number | null;
  lastSeenAt: Date | null;
  completedOrdersCount: number;
  capacity: number;
  shiftBreakEndTime: Date | null;
  cellId: number | null;
  cellName: string | null;
}

export interface PendingTaskRow {
  riderId: number;
  type: number;
  deadline: Date | null;
  orderId: number | null;
  orderState: string | null;
  pickup: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** The order's patient is fasting: a tighter on-time window (DispatchConfig). */
  isFasting: boolean;
  /** A delivery's collection centre (null for other tasks, or an older snapshot). */
  centerLatitude: number | null;
  centerLongitude: number | null;
}

// Timestamps travel as JSON's ISO text (cheaper for the server than extract(epoch)).
const toDate = (iso: string | null) => (iso == null ? null : new Date(iso));

/** One task of the rider_profiles.queue snapshot (ADR 0009), as the JSON array it is stored as. */
type QueueEntry = [
  type: number,
  deadline: string | null,
  orderId: number | null,
  orderState: string | null,
  pickup: string | null,
  latitude: number | null,
  longitude: number | null,
  /** Absent in snapshots written before fasting was recorded: not fasting. */
  isFasting?: boolean,
  /** A delivery's centre; absent in snapshots written before the stability windows (ADR 0048). */
  centerLatitude?: number | null,
  centerLongitude?: number | null,
];

/** A rider's stored queue snapshot as the pending tasks toRiderModels takes. */
export const decodeQueue = (riderId: number, queue: unknown): PendingTaskRow[] =>
  ((queue ?? []) as QueueEntry[]).map((t) => ({
    riderId,
    type: t[0],
    deadline: toDate(t[1]),
    orderId: t[2],
    orderState: t[3],
    pickup: toDate(t[4]),
    latitude: t[5],
    longitude: t[6],
    isFasting: t[7] === true,
    centerLatitude: t[8] ?? null,
    centerLongitude: t[9] ?? null,
  }));

/**
 * The candidate riders with their pending queues, in one query answering one JSON document.
 * Why JSON: the reply is ~300 riders and ~500 tasks, and decoding that many rows field by field
 * (PGlite's wire protocol, then the ORM's mapping) cost several times the query itself;
 * JSON.parse of one value is native. Tasks come as arrays in sequence order.
 */
export async function listCandidatesWithQueues(
  db: DbOrTx,
  f: { vertical: Vertical; regionId?: number },
): Promise<{ riders: CandidateRiderRow[]; tasks: PendingTaskRow[] }> {
  const result = await db.execute(sql`select ${candidatesJson(f)} as data`);
  return unpackCandidates((result as unknown as { rows: { data: string }[] }).rows[0]?.data);
}

/**
 * Suggested riders' whole input in one statement: the order, its region and the region's
 * candidates with their queues (each round trip costs about as much as decoding 300 riders).
 */
export async function loadOrderContext(db: DbOrTx, vertical: Vertical, orderId: number) {
  const regionId = sql`(select ${orders.regionId} from ${orders} where ${orders.id} = ${orderId})`;
  const result = await db.execute(sql`
    select
      (select json_build_array(${orders.id}, ${orders.number}, ${orders.vertical}, ${orders.state},
          ${orders.regionId}, ${orders.pickup}, ${orders.timeSlotMinutes}, ${orders.latitude},
          ${orders.longitude}, ${orders.isCovid}, ${orders.assignedRiderId}, ${orders.isFasting})::text
        from ${orders} where ${orders.id} = ${orderId} and ${orders.vertical} = ${vertical}) as "order",
      (select json_build_array(${regions.id}, ${regions.polygon}, ${regions.isHyperlocalModeEnabled},
          ${regions.centerLatitude}, ${regions.centerLongitude}, ${regions.cityId})::text
        from ${regions} where ${regions.id} = ${regionId}) as region,
      ${candidatesJson({ vertical, regionId })} as riders
  `);
  const row = (
    result as unknown as { rows: { order: string | null; region: string | null; riders: string }[] }
  ).rows[0];
  if (!row?.order) return null;
  const o = JSON.parse(row.order);
  const order: DispatchOrderRow = {
    id: o[0],
    number: o[1],
    vertical: o[2],
    state: o[3],
    regionId: o[4],
    pickup: new Date(o[5]),
    timeSlotMinutes: o[6],
    latitude: o[7],
    longitude: o[8],
    isCovid: o[9],
    assignedRiderId: o[10],
    isFasting: o[11] === true,
  };
  const g = row.region ? JSON.parse(row.region) : null;
  const region: RegionRow | undefined = g
    ? {
        id: g[0],
        cityId: g[5],
        polygon: g[1],
        isHyperlocalModeEnabled: g[2],
        centerLatitude: g[3],
        centerLongitude: g[4],
      }
    : undefined;
  return { order, region, ...unpackCandidates(row.riders) };
}

// Positional arrays keep the document small; unpackCandidates reads them back in this order.
function candidatesJson(f: { vertical: Vertical; regionId?: number | SQL }) {
  return sql`(
    select coalesce(json_agg(json_build_array(
      ${users.id}, ${users.firstName}, ${users.lastName}, ${users.phone},
      ${riderProfiles.regionId}, ${riderProfiles.state}, ${riderProfiles.isOnline},
      ${riderProfiles.isOnDuty}, ${riderProfiles.isWildcard}, ${riderProfiles.isCovid},
      ${riderProfiles.lastKnownLatitude}, ${riderProfiles.lastKnownLongitude},
      ${riderProfiles.lastSeenAt}, ${riderProfiles.completedOrdersCount},
      ${riderProfiles.capacity}, ${riderProfiles.shiftBreakEndTime},
      ${riderProfiles.cellId}, ${cells.name}, ${riderProfiles.queue}, ${riderRegion.cityId}
    ) order by ${users.id}), '[]'::json)::text
    from ${riderProfiles}
    join ${users} on ${users.id} = ${riderProfiles.userId}
    join ${regions} as "rider_region" on ${riderRegion.id} = ${riderProfiles.regionId}
    left join ${cells} on ${cells.id} = ${riderProfiles.cellId}
    where ${riderScope(f)}
  )`;
}

function unpackCandidates(data: string | undefined): {
  riders: CandidateRiderRow[];
  tasks: PendingTaskRow[];
} {
  // biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
  const packed = JSON.parse(data ?? '[]') as any[][];
  const riders: CandidateRiderRow[] = [];
  const tasks: PendingTaskRow[] = [];
  for (const r of packed) {
    riders.push({
      id: r[0],
      firstName: r[1],
      lastName: r[2],
      phone: r[3],
      regionId: r[4],
      cityId: r[19],
      state: r[5],
      isOnline: r[6],
      isOnDuty: r[7],
      isWildcard: r[8],
      isCovid: r[9],
      lastKnownLatitude: r[10],
      lastKnownLongitude: r[11],
      lastSeenAt: toDate(r[12]),
      completedOrdersCount: r[13],
      capacity: r[14],
      shiftBreakEndTime: toDate(r[15]),
      cellId: r[16],
      cellName: r[17],
    });
    tasks.push(...decodeQueue(r[0], r[18]));
  }
  return { riders, tasks };
}

/** GET /algorithm/{vertical}/tasks/?rider_id: the rider of that vertical, if any. */
export async function findRider(db: DbOrTx, vertical: Vertical, riderId: number) {
  const [row] = await db
    .select({ id: riderProfiles.userId })
    .from(riderProfiles)
    .where(and(eq(riderProfiles.userId, riderId), eq(riderProfiles.vertical, vertical)));
  return row;
}

/**
 * The rider's pending queue as the vertical's pages show it: tasks of another vertical's orders
 * (a rider moved to a region of the other vertical keeps the work in hand) are left out, as
 * their orders do not open under this vertical. Tasks without an order (breaks) stay.
 */
export function listRiderQueue(db: DbOrTx, riderId: number, vertical: Vertical) {
  return db
    .select({
      id: riderTasks.id,
      type: riderTasks.type,
      deadline: riderTasks.deadline,
      created: riderTasks.created,
      orderId: orders.id,
      orderNumber: orders.number,
      pickup: orders.pickup,
      address: orders.address,
      sampleExpiresAt: orders.sampleExpiresAt,
      centerId: collectionCenters.id,
      centerName: collectionCenters.name,
    })
    .from(riderTasks)
    .leftJoin(orders, eq(orders.id, riderTasks.orderId))
    .leftJoin(collectionCenters, eq(collectionCenters.id, riderTasks.collectionCenterId))
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        eq(riderTasks.state, 'pending'),
        or(isNull(riderTasks.orderId), eq(orders.vertical, vertical)),
      ),
    )
    .orderBy(asc(riderTasks.sequence), asc(riderTasks.id));
}

export const PROBLEM_NO_RIDER_TEXT = 'No rider available in time';

/** The problem string escalations use; created once when a database lacks it. */
export async function noRiderProblemStringId(db: DbOrTx): Promise<number> {
  const where = and(eq(lookups.kind, 'problem'), eq(lookups.text, PROBLEM_NO_RIDER_TEXT));
  const [found] = await db.select({ id: lookups.id }).from(lookups).where(where).limit(1);
  if (found) return found.id;
  await db
    .insert(lookups)
    .values({ kind: 'problem', scope: 'common', text: PROBLEM_NO_RIDER_TEXT, sortOrder: 99 })
    .onConflictDoNothing();
  const [row] = await db.select({ id: lookups.id }).from(lookups).where(where).limit(1);
  return row!.id;
}
