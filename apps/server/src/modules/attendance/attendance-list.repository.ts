import type { OnTimeModel } from '@dastak/core/rules/lateness';
import type { ShiftState } from '@dastak/core/states';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * SQL of the attendance reads (GET /shift/rider-shifts/, its CSV and email, and the online chart).
 * One statement answers a page: the count and the rows packed as one JSON text of positional
 * arrays, as the orders list and the dashboards do (ADR 0012, 0025), since decoding typed columns
 * field by field through the driver costs more than the query on PGlite. The filter walks
 * rider_shifts_region_start_idx (region + start range); the on-time counts read
 * orders_rider_pickup_idx (rider + pickup range) for the page's rows only.
 */

export interface AttendanceFilter {
  regionId?: number;
  scheduleId?: number;
  riderId?: number;
  /** Rider shifts starting in [from, to]. */
  from?: Date;
  to?: Date;
}

export type SortColumn = 'created' | 'startDatetime';
export interface SortKey {
  column: SortColumn;
  desc: boolean;
}

const SORT_SQL: Record<SortColumn, SQL> = {
  created: sql`rs.created`,
  startDatetime: sql`rs.start_datetime`,
};

export interface AttendanceRow {
  id: number;
  riderId: number;
  riderName: string;
  phone: string;
  isPresent: boolean;
  insideHotspot: boolean | null;
  latitude: number | null;
  longitude: number | null;
  recordedAt: Date | null;
  start: Date;
  end: Date;
  state: ShiftState;
  distanceMetres: number | null;
  breakAlreadyGiven: boolean;
  /** The roll-up's shift slots with a ping, and the newest slot it wrote (online % at read). */
  onlineSlots: number;
  lastSlotStart: Date | null;
  /** The rider's assignment to the weekly shift allows a break; false when it is gone. */
  allowBreak: boolean;
  /** Pickups of the shift due (reached, or past slot start + grace) and reached on time. */
  onTimeDue: number;
  onTimeOn: number;
  /** The first sort key's value as the database writes it: where a CSV batch resumes. */
  sortValue: string;
}

/** Where the previous CSV batch ended: its first sort key's value and the id. */
export interface Keyset {
  value: string;
  id: number;
}

function whereOf(f: AttendanceFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.regionId !== undefined) parts.push(sql`rs.region_id = ${f.regionId}`);
  if (f.scheduleId !== undefined) parts.push(sql`rs.shift_schedule_id = ${f.scheduleId}`);
  if (f.riderId !== undefined) parts.push(sql`rs.rider_id = ${f.riderId}`);
  if (f.from) parts.push(sql`rs.start_datetime >= ${f.from}`);
  if (f.to) parts.push(sql`rs.start_datetime <= ${f.to}`);
  return sql.join(parts, sql` and `);
}

/** ORDER BY of the sort keys with the id last in the first key's direction: stable pages. */
function orderBy(keys: readonly SortKey[]): SQL {
  const parts = keys.map((k) => sql`${SORT_SQL[k.column]} ${sql.raw(k.desc ? 'desc' : 'asc')}`);
  parts.push(sql`rs.id ${sql.raw(keys[0]?.desc ? 'desc' : 'asc')}`);
  return sql.join(parts, sql`, `);
}

/** After the keyset in (first key, id) order, for the CSV's batches. */
function after(key: SortKey, from: Keyset): SQL {
  const column = SORT_SQL[key.column];
  return key.desc
    ? sql`(${column}, rs.id) < (${from.value}::timestamptz, ${from.id}::int)`
    : sql`(${column}, rs.id) > (${from.value}::timestamptz, ${from.id}::int)`;
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The rows of the ids chosen by `page` (a select of rider_shifts aliased rs), packed in list
 * order. The rider and the on-time counts are scalar subqueries, not joins: with a join the
 * planner weighs join orders against every index of orders, which cost more than running the
 * page on PGlite (each statement is planned afresh there).
 *
 * allow_break is the rider's assignment to the weekly shift, as the break's lock reads it (no
 * assignment: no break).
 *
 * On-time is rules/lateness.ts `onTimeOutcome` for the 'reached' milestone, written as
 * aggregates exactly as the dashboards' onTimeCountsSql: online orders not cancelled or
 * unverified; reached = reached_at, or collected_at when only that was stamped; deadline =
 * pickup + grace; due = reached, or deadline passed. The shift's pickups are the rider's orders
 * with pickup in [start, end), read along orders_rider_pickup_idx.
 */
function packedRows(page: SQL, keys: readonly SortKey[], model: OnTimeModel, now: Date): SQL {
  const deadline = sql`o.pickup + (${model.onTimeGraceMinutes}::float8 * interval '1 minute')`;
  const reachedAt = sql`coalesce(o.reached_at, o.collected_at)`;
  const rider = sql`(select json_build_array(trim(u.first_name || ' ' || u.last_name),
      coalesce(u.phone, '')) from users u where u.id = rs.rider_id)`;
  const onTime = sql`(select json_build_array(
        count(*) filter (where ${reachedAt} is not null or ${deadline} < ${now})::int,
        count(*) filter (where ${reachedAt} <= ${deadline})::int)
      from orders o
      where o.assigned_rider_id = rs.rider_id
        and o.pickup >= rs.start_datetime and o.pickup < rs.end_datetime
        and o.fulfillment_method = 'online'
        and o.state not in ('cancelled', 'unverified'))`;
  const allowBreak = sql`coalesce((select a.allow_break from rider_shift_schedules a
      where a.shift_schedule_id = rs.shift_schedule_id and a.rider_id = rs.rider_id), false)`;
  return sql`select coalesce(json_agg(json_build_array(
        rs.id, rs.rider_id, ${rider}, rs.is_present, rs.rider_did_start_inside_hotspot,
        rs.hotspot_latitude, rs.hotspot_longitude, ${epochMs(sql`rs.hotspot_recorded_at`)},
        ${epochMs(sql`rs.start_datetime`)}, ${epochMs(sql`rs.end_datetime`)}, rs.state,
        rs.online_slots, rs.distance_travelled_metres, rs.break_already_given, ${onTime},
        ${SORT_SQL[keys[0]?.column ?? 'created']}, ${epochMs(sql`rs.last_slot_start`)},
        ${allowBreak}
      ) order by ${orderBy(keys)}), '[]'::json)::text
    from (${page}) chosen
    join rider_shifts rs on rs.id = chosen.id`;
}

type Packed = [
  number,
  number,
  [string, string],
  boolean,
  boolean | null,
  number | null,
  number | null,
  number | null,
  number,
  number,
  ShiftState,
  number,
  number | null,
  boolean,
  [number, number],
  string,
  number | null,
  boolean,
];

function unpack(text: string | null): AttendanceRow[] {
  return (JSON.parse(text ?? '[]') as Packed[]).map((r) => ({
    id: r[0],
    riderId: r[1],
    riderName: r[2][0],
    phone: r[2][1],
    isPresent: r[3],
    insideHotspot: r[4],
    latitude: r[5],
    longitude: r[6],
    recordedAt: r[7] === null ? null : new Date(r[7]),
    start: new Date(r[8]),
    end: new Date(r[9]),
    state: r[10],
    onlineSlots: r[11],
    distanceMetres: r[12],
    breakAlreadyGiven: r[13],
    onTimeDue: r[14][0],
    onTimeOn: r[14][1],
    sortValue: r[15],
    lastSlotStart: r[16] === null ? null : new Date(r[16]),
    allowBreak: r[17],
  }));
}

export interface ListOptions {
  keys: readonly SortKey[];
  model: OnTimeModel;
  now: Date;
}

/** The statement of one page: the filter's count and the page's rows. */
export function attendancePageSql(
  f: AttendanceFilter,
  o: ListOptions,
  page: { limit: number; offset: number },
): SQL {
  const where = whereOf(f);
  const ids = sql`select rs.id from rider_shifts rs where ${where}
    order by ${orderBy(o.keys)} limit ${page.limit} offset ${page.offset}`;
  return sql`select
    (select count(*)::int from rider_shifts rs where ${where}) as count,
    (${packedRows(ids, o.keys, o.model, o.now)}) as data`;
}

/** One page of the list and the count of the whole filter set. */
export async function listAttendance(
  db: DbOrTx,
  f: AttendanceFilter,
  o: ListOptions,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AttendanceRow[] }> {
  const result = (await db.execute(attendancePageSql(f, o, page))) as unknown as {
    rows: { count: number; data: string | null }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), rows: unpack(row?.data ?? null) };
}

/** A CSV batch: up to `limit` rows after the keyset, in list order. */
export async function attendanceBatch(
  db: DbOrTx,
  f: AttendanceFilter,
  o: ListOptions,
  limit: number,
  from?: Keyset,
): Promise<AttendanceRow[]> {
  const first = o.keys[0] ?? { column: 'created', desc: true };
  const keyset = from ? sql` and ${after(first, from)}` : sql``;
  const ids = sql`select rs.id from rider_shifts rs where ${whereOf(f)}${keyset}
    order by ${orderBy(o.keys)} limit ${limit}`;
  const result = (await db.execute(
    sql`select (${packedRows(ids, o.keys, o.model, o.now)}) as data`,
  )) as unknown as { rows: { data: string | null }[] };
  return unpack(result.rows[0]?.data ?? null);
}

/** The statement of the online chart: null data when there is no such rider shift. */
export function riderShiftSlotsSql(riderShiftId: number): SQL {
  return sql`select coalesce((
      select json_agg(json_build_array(${epochMs(sql`a.slot_start`)}, a.is_present)
        order by a.slot_start)
      from rider_shift_attendance a where a.rider_shift_id = rs.id), '[]'::json)::text as data
    from rider_shifts rs where rs.id = ${riderShiftId}`;
}

/** The 5-minute slots of a rider shift in time order; null when there is no such rider shift. */
export async function riderShiftSlots(
  db: DbOrTx,
  riderShiftId: number,
): Promise<{ start: Date; isPresent: boolean }[] | null> {
  const result = (await db.execute(riderShiftSlotsSql(riderShiftId))) as unknown as {
    rows: { data: string }[];
  };
  const row = result.rows[0];
  if (!row) return null;
  return (JSON.parse(row.data) as [number, boolean][]).map(([ms, isPresent]) => ({
    start: new Date(ms),
    isPresent,
  }));
}
