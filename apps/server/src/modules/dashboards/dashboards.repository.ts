import type { OnTimeModel } from '@dastak/core/rules/lateness';
import type { AgeUnit, FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import { patients } from '../../db/schema/customers';
import { orderScanTypes, orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import type { RiderRouteRow } from './rider-route-model';

/**
 * SQL of the dashboard calls (docs/decisions/0025-dashboard-calls.md). Each call is one
 * statement over orders_vertical_state_pickup_idx / orders_vertical_region_pickup_idx; lists come
 * back as one JSON text of positional arrays, since decoding 2,000 rows field by field through
 * the driver and the ORM costs several times the query on PGlite (as ADR 0009 and 0012 found).
 */

export interface WindowFilter {
  vertical: Vertical;
  from: Date;
  to: Date;
  /** Empty: every region of the vertical. */
  regions: readonly number[];
}

export const ids = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
const texts = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

function windowWhere(f: WindowFilter): SQL {
  return sql`${orders.vertical} = ${f.vertical}
    and ${orders.pickup} >= ${f.from} and ${orders.pickup} <= ${f.to}
    ${f.regions.length ? sql`and ${orders.regionId} = any(${ids(f.regions)})` : sql``}`;
}

/** The one JSON text a dashboard statement answers. */
export async function jsonText(db: DbOrTx, query: SQL): Promise<string> {
  const result = (await db.execute(sql`select (${query}) as data`)) as unknown as {
    rows: { data: string | null }[];
  };
  return result.rows[0]?.data ?? '[]';
}

export interface MapOrderRow {
  id: number;
  number: string;
  state: OrderState;
  pickup: string;
  address: string;
  latitude: number;
  longitude: number;
  patient: {
    id: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    secondaryPhone: string | null;
    email: string | null;
    gender: number;
    age: number | null;
    ageUnit: AgeUnit;
    cardNumber: string | null;
    customerId: number;
  };
  rider: { id: number; name: string } | null;
  scanTypes: [number, number, string, string, number, boolean, boolean, string][];
  /** JSON text of the collected sample's expiry (ADR 0048), or null. */
  sampleExpiresAt: string | null;
}

/**
 * The map's order markers: orders with a pin in the window and states, with popup fields. One
 * statement answering four lists, so the per-order work in the database is one row of scalars:
 *   0. the orders, each [id, number, state, pickup, address, lat, lng, patient (11), rider id,
 *      sample expiry];
 *   1. their tests as three parallel arrays (order id, count, scan type id), in (order, id) order;
 *   2. the scan types those tests name, [id, name, code, value, isCovid, isAllowed, label];
 *   3. the riders, [id, firstName, lastName].
 * Why not a json_agg of tests per order (a subquery or lateral per row): on PGlite each of the
 * ~1,000 rows then runs its own aggregate, sort and two index scans, which doubled the statement
 * (ADR 0025, Performance); repeating each test's and rider's names per order also made the JSON
 * half as long again. The tests are found by order_scan_types_order_scan_uq over the window's ids.
 */
export function mapOrdersSql(f: WindowFilter & { states: readonly OrderState[] }): SQL {
  const ost = orderScanTypes;
  return sql`with o as materialized (
      select ${orders.id} as id, ${orders.number} as number, ${orders.state} as state,
        ${orders.pickup} as pickup, ${orders.address} as address, ${orders.latitude} as latitude,
        ${orders.longitude} as longitude, ${orders.patientId} as patient_id,
        ${orders.assignedRiderId} as rider_id, ${orders.sampleExpiresAt} as sample_expires_at
      from ${orders}
      where ${windowWhere(f)} and ${orders.state} = any(${texts(f.states)})
        and ${orders.latitude} is not null and ${orders.longitude} is not null
    ), t as materialized (
      select ${ost.orderId} as order_id, ${ost.id} as id, ${ost.count} as n, ${ost.scanTypeId} as scan_type_id
      from ${ost} where ${ost.orderId} = any(array(select id from o))
    )
    select json_build_array(
      (select coalesce(json_agg(json_build_array(
          o.id, o.number, o.state, o.pickup, o.address, o.latitude, o.longitude,
          ${patients.id}, ${patients.firstName}, ${patients.lastName}, ${patients.phone},
          ${patients.secondaryPhone}, ${patients.email}, ${patients.gender}, ${patients.age},
          ${patients.ageUnit}, ${patients.cardNumber}, ${patients.customerId}, o.rider_id,
          o.sample_expires_at
        ) order by o.pickup, o.id), '[]'::json)
        from o join ${patients} on ${patients.id} = o.patient_id),
      (select json_build_array(
          coalesce(array_agg(order_id order by order_id, id), '{}'),
          coalesce(array_agg(n order by order_id, id), '{}'),
          coalesce(array_agg(scan_type_id order by order_id, id), '{}'))
        from t),
      (select coalesce(json_agg(json_build_array(${scanTypes.id}, ${scanTypes.name},
          ${scanTypes.code}, ${scanTypes.value}, ${scanTypes.isCovid}, ${scanTypes.isAllowed},
          ${scanTypes.label})), '[]'::json)
        from ${scanTypes} where ${scanTypes.id} in (select scan_type_id from t)),
      (select coalesce(json_agg(json_build_array(${users.id}, ${users.firstName}, ${users.lastName})), '[]'::json)
        from ${users} where ${users.id} in (select rider_id from o))
    )::text`;
}

/** A scan type after its id: name, code, value, isCovid, isAllowed, label. */
type ScanTypeTuple = [string, string, number, boolean, boolean, string];

/** The four lists of mapOrdersSql, as JSON.parse gives them. */
type MapDocument = [
  // biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
  any[][],
  [number[], number[], number[]],
  [number, ...ScanTypeTuple][],
  [number, string, string][],
];

export async function listMapOrders(
  db: DbOrTx,
  f: WindowFilter & { states: readonly OrderState[] },
): Promise<MapOrderRow[]> {
  const [packed, [testOrder, testCount, testType], types, riders] = JSON.parse(
    await jsonText(db, mapOrdersSql(f)),
  ) as MapDocument;
  const typeById = new Map(types.map(([id, ...rest]) => [id, rest as ScanTypeTuple]));
  const riderById = new Map(
    riders.map(([id, first, last]) => [id, { id, name: `${first} ${last}`.trim() }]),
  );
  // Tests arrive sorted by order, then by their own id: one walk hands each order its run.
  const testsOf = new Map<number, MapOrderRow['scanTypes']>();
  for (let i = 0; i < testOrder.length; i++) {
    const orderId = testOrder[i] as number;
    let list = testsOf.get(orderId);
    if (!list) {
      list = [];
      testsOf.set(orderId, list);
    }
    const type = typeById.get(testType[i] as number) as ScanTypeTuple;
    list.push([testCount[i] as number, testType[i] as number, ...type]);
  }
  return packed.map((r) => ({
    id: r[0],
    number: r[1],
    state: r[2],
    pickup: r[3],
    address: r[4],
    latitude: r[5],
    longitude: r[6],
    patient: {
      id: r[7],
      firstName: r[8],
      lastName: r[9],
      phone: r[10],
      secondaryPhone: r[11],
      email: r[12],
      gender: r[13],
      age: r[14],
      ageUnit: r[15],
      cardNumber: r[16],
      customerId: r[17],
    },
    rider: r[18] == null ? null : (riderById.get(r[18]) ?? null),
    scanTypes: testsOf.get(r[0]) ?? [],
    sampleExpiresAt: r[19] ?? null,
  }));
}

export interface LateOrderRow {
  id: number;
  number: string;
  state: OrderState;
  fulfillmentMethod: FulfillmentMethod;
  pickup: Date;
  reachedAt: Date | null;
  rider: { id: number; name: string } | null;
}

/**
 * Candidates for the late list: waiting for a rider at the door (`states`), online, whose slot
 * started before `startedBefore` (now - grace). The service applies rules/lateness.ts to each.
 */
export function lateOrdersSql(
  f: WindowFilter & { states: readonly OrderState[]; startedBefore: Date },
): SQL {
  return sql`select coalesce(json_agg(json_build_array(
      ${orders.id}, ${orders.number}, ${orders.state}, ${orders.fulfillmentMethod},
      ${orders.pickup}, ${orders.reachedAt}, ${users.id}, ${users.firstName}, ${users.lastName}
    ) order by ${orders.pickup}, ${orders.id}), '[]'::json)::text
    from ${orders}
    left join ${users} on ${users.id} = ${orders.assignedRiderId}
    where ${windowWhere(f)} and ${orders.state} = any(${texts(f.states)})
      and ${orders.pickup} < ${f.startedBefore}
      and ${orders.reachedAt} is null and ${orders.fulfillmentMethod} = 'online'`;
}

export async function listLateOrders(
  db: DbOrTx,
  f: WindowFilter & { states: readonly OrderState[]; startedBefore: Date },
): Promise<LateOrderRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
  const packed = JSON.parse(await jsonText(db, lateOrdersSql(f))) as any[][];
  return packed.map((r) => ({
    id: r[0],
    number: r[1],
    state: r[2],
    fulfillmentMethod: r[3],
    pickup: new Date(r[4]),
    reachedAt: r[5] == null ? null : new Date(r[5]),
    rider: r[6] == null ? null : { id: r[6], name: `${r[7]} ${r[8]}`.trim() },
  }));
}

/** Orders per state in the window (the Orders panel). */
export function stateCountsSql(f: WindowFilter): SQL {
  return sql`select coalesce(json_object_agg(state, n), '{}'::json)::text from (
      select ${orders.state} as state, count(*)::int as n from ${orders}
      where ${windowWhere(f)} group by ${orders.state}) counts`;
}

export async function countByState(
  db: DbOrTx,
  f: WindowFilter,
): Promise<Partial<Record<OrderState, number>>> {
  return JSON.parse(await jsonText(db, stateCountsSql(f)));
}

export interface OnTimeCounts {
  /** Karachi date (yyyy-MM-dd) when grouped by day, else null. */
  day: string | null;
  reachedDue: number;
  reachedOn: number;
  collectedDue: number;
  collectedOn: number;
}

/**
 * On-time counts in SQL: rules/lateness.ts `onTimeOutcome` written as aggregates, so 2,000 (or
 * 7 days of) orders are counted without shipping them to the server. Same inputs: online orders
 * not cancelled or unverified; reached = reached_at, or collected_at when only that was stamped;
 * deadline = pickup + grace (+ service for collected); due = happened, or deadline passed.
 * dashboards-on-time.test.ts holds the two to the same answers.
 */
export function onTimeCountsSql(
  f: Omit<WindowFilter, 'vertical'> & { vertical?: Vertical; now: Date; byDay: boolean },
  model: OnTimeModel,
): SQL {
  const minutes = (n: number) => sql`(${n}::float8 * interval '1 minute')`;
  const reachedBy = sql`${orders.pickup} + ${minutes(model.onTimeGraceMinutes)}`;
  const collectedBy = sql`${orders.pickup} + ${minutes(
    model.onTimeGraceMinutes + model.pickupServiceMinutes,
  )}`;
  const reachedAt = sql`coalesce(${orders.reachedAt}, ${orders.collectedAt})`;
  // The Karachi day as a day number (Karachi keeps +05:00, no DST: karachi-time.ts), formatted
  // once per group: to_char per row was a fifth of the 7-day statement on PGlite (ADR 0025).
  const day = f.byDay
    ? sql`floor((date_part('epoch', ${orders.pickup}) + 18000) / 86400)::int`
    : sql`null::int`;
  const vertical = f.vertical ? sql`${orders.vertical} = ${f.vertical} and` : sql``;
  const regions = f.regions.length ? sql`and ${orders.regionId} = any(${ids(f.regions)})` : sql``;
  return sql`select coalesce(json_agg(json_build_array(
      to_char(to_timestamp(day::float8 * 86400) at time zone 'UTC', 'YYYY-MM-DD'), rd, ro, cd, co
    ) order by day), '[]'::json)::text
    from (
      select ${day} as day,
        count(*) filter (where ${reachedAt} is not null or ${reachedBy} < ${f.now})::int as rd,
        count(*) filter (where ${reachedAt} <= ${reachedBy})::int as ro,
        count(*) filter (where ${orders.collectedAt} is not null or ${collectedBy} < ${f.now})::int as cd,
        count(*) filter (where ${orders.collectedAt} <= ${collectedBy})::int as co
      from ${orders}
      where ${vertical} ${orders.pickup} >= ${f.from} and ${orders.pickup} <= ${f.to} ${regions}
        and ${orders.fulfillmentMethod} = 'online'
        and ${orders.state} not in ('cancelled', 'unverified')
      group by 1
    ) counted`;
}

export async function countOnTime(
  db: DbOrTx,
  f: Omit<WindowFilter, 'vertical'> & { vertical?: Vertical; now: Date; byDay: boolean },
  model: OnTimeModel,
): Promise<OnTimeCounts[]> {
  const packed = JSON.parse(await jsonText(db, onTimeCountsSql(f, model))) as [
    string | null,
    number,
    number,
    number,
    number,
  ][];
  return packed.map((r) => ({
    day: r[0],
    reachedDue: r[1],
    reachedOn: r[2],
    collectedDue: r[3],
    collectedOn: r[4],
  }));
}

/** The vertical of a region, or null when there is no such region. */
export async function regionVertical(db: DbOrTx, regionId: number): Promise<Vertical | null> {
  const result = (await db.execute(
    sql`select vertical from regions where id = ${regionId}`,
  )) as unknown as { rows: { vertical: Vertical }[] };
  return result.rows[0]?.vertical ?? null;
}

export interface AtRiskCandidateRow {
  id: number;
  number: string;
  pickup: Date;
  latitude: number;
  longitude: number;
  rider: RiderRouteRow;
}

/**
 * The rider's columns a route estimate reads (rider-route-model.ts), seven positions of a
 * json_build_array; riderRouteRowAt reads them back. The statement joins users and rider_profiles.
 */
export const riderRouteColumns = sql`${users.id}, ${users.firstName}, ${users.lastName},
  ${riderProfiles.lastKnownLatitude}, ${riderProfiles.lastKnownLongitude},
  ${riderProfiles.shiftBreakEndTime}, ${riderProfiles.queue}`;

// biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
export const riderRouteRowAt = (r: any[], i: number): RiderRouteRow => ({
  id: r[i],
  firstName: r[i + 1],
  lastName: r[i + 2],
  lastKnownLatitude: r[i + 3],
  lastKnownLongitude: r[i + 4],
  shiftBreakEndTime: r[i + 5] == null ? null : new Date(r[i + 5]),
  queue: r[i + 6] ?? [],
});

/**
 * Assigned (not yet reached) online orders of the window whose deadline (pickup + grace) is
 * still ahead, each with its rider's position and queue snapshot (ADR 0009).
 */
export function atRiskCandidatesSql(f: WindowFilter & { startedAfter: Date }): SQL {
  return sql`select coalesce(json_agg(json_build_array(
      ${orders.id}, ${orders.number}, ${orders.pickup}, ${orders.latitude}, ${orders.longitude},
      ${riderRouteColumns}
    ) order by ${orders.pickup}, ${orders.id}), '[]'::json)::text
    from ${orders}
    join ${users} on ${users.id} = ${orders.assignedRiderId}
    join ${riderProfiles} on ${riderProfiles.userId} = ${orders.assignedRiderId}
    where ${windowWhere(f)} and ${orders.state} = 'assigned'
      and ${orders.pickup} >= ${f.startedAfter}
      and ${orders.reachedAt} is null and ${orders.fulfillmentMethod} = 'online'
      and ${orders.latitude} is not null and ${orders.longitude} is not null`;
}

export async function listAtRiskCandidates(
  db: DbOrTx,
  f: WindowFilter & { startedAfter: Date },
): Promise<AtRiskCandidateRow[]> {
  // biome-ignore lint/suspicious/noExplicitAny: positional arrays straight from json_build_array
  const packed = JSON.parse(await jsonText(db, atRiskCandidatesSql(f))) as any[][];
  return packed.map((r) => ({
    id: r[0],
    number: r[1],
    pickup: new Date(r[2]),
    latitude: r[3],
    longitude: r[4],
    rider: riderRouteRowAt(r, 5),
  }));
}
