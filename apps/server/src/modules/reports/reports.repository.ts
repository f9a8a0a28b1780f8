import type { Vertical } from '@dastak/core/states';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The report reads: sums of the daily roll-ups over a range of Karachi days
 * (docs/decisions/0040-report-rollups.md). Each is one statement over a primary key that
 * starts (vertical, day), whatever the number of orders behind it.
 */

export interface RangeFilter {
  vertical: Vertical;
  /** Inclusive Karachi days, yyyy-MM-dd. */
  from: string;
  to: string;
  /** Empty: every region of the vertical. */
  regions: readonly number[];
}

const where = (f: RangeFilter, alias = 'r') => {
  const a = sql.raw(alias);
  return sql`${a}.vertical = ${f.vertical} and ${a}.day between ${f.from}::date and ${f.to}::date
    ${f.regions.length ? sql`and ${a}.region_id = any(${`{${f.regions.join(',')}}`}::int[])` : sql``}`;
};
const dayText = sql`to_char(r.day, 'YYYY-MM-DD')`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface StateDayRow {
  day: string;
  state: string;
  orders: number;
  followUpOrders: number;
  followUps: number;
  tests: number;
  revenuePkr: number;
  reachedDone: number;
  reachedOn: number;
  reachedOpen: number;
  collectedDone: number;
  collectedOn: number;
  collectedOpen: number;
}

/** report_day_states summed over the regions, per day and state. */
export function stateDays(db: DbOrTx, f: RangeFilter) {
  return rows<StateDayRow>(
    db,
    sql`select ${dayText} as day, r.state,
      sum(r.orders)::int as orders, sum(r.follow_up_orders)::int as "followUpOrders",
      sum(r.follow_ups)::int as "followUps", sum(r.tests)::int as tests,
      sum(r.revenue_pkr)::int as "revenuePkr",
      sum(r.reached_done)::int as "reachedDone", sum(r.reached_on)::int as "reachedOn",
      sum(r.reached_open)::int as "reachedOpen", sum(r.collected_done)::int as "collectedDone",
      sum(r.collected_on)::int as "collectedOn", sum(r.collected_open)::int as "collectedOpen"
    from report_day_states r where ${where(f)} group by r.day, r.state`,
  );
}

/**
 * Median minutes of each timing step, per day and over the range (day null), from the minute
 * histograms: the middle value, or the mean of the two middle ones.
 */
export function timingMedians(db: DbOrTx, f: RangeFilter) {
  const median = sql`(min(minutes) filter (where cum >= (total + 1) / 2)
    + min(minutes) filter (where cum >= total / 2 + 1)) / 2.0`;
  return rows<{ day: string | null; step: number; median: number | string | null }>(
    db,
    sql`with h as (
        select ${dayText} as day, r.step, r.minutes, sum(r.orders)::bigint as n
        from report_day_minutes r where ${where(f)} group by 1, 2, 3),
      per_day as (
        select day, step, minutes,
          (sum(n) over (partition by day, step order by minutes))::bigint as cum,
          (sum(n) over (partition by day, step))::bigint as total
        from h),
      whole as (select step, minutes, sum(n) as n from h group by 1, 2),
      per_range as (
        select step, minutes,
          (sum(n) over (partition by step order by minutes))::bigint as cum,
          (sum(n) over (partition by step))::bigint as total
        from whole)
      select day, step, ${median} as median from per_day group by day, step
      union all
      select null, step, ${median} from per_range group by step`,
  );
}

export function reasonCounts(db: DbOrTx, f: RangeFilter) {
  return rows<{ kind: string; reason: string; count: number }>(
    db,
    sql`select r.kind, r.reason, sum(r.orders)::int as count from report_day_reasons r
      where ${where(f)} group by 1, 2 order by 3 desc, 2`,
  );
}

export function testCounts(db: DbOrTx, f: RangeFilter) {
  return rows<{ code: string; name: string; count: number; revenuePkr: number }>(
    db,
    sql`select s.code, s.name, t.count, t.revenue as "revenuePkr" from (
        select r.scan_type_id, sum(r.tests)::int as count, sum(r.revenue_pkr)::int as revenue
        from report_day_tests r where ${where(f)} group by 1) t
      join scan_types s on s.id = t.scan_type_id
      order by t.revenue desc, s.code`,
  );
}

export interface RiderRow {
  id: number;
  firstName: string;
  lastName: string;
  completed: number;
  reachedDone: number;
  reachedOn: number;
  reachedOpen: number;
  shifts: number;
  shiftsDue: number;
  present: number;
  metres: number;
}

/**
 * Riders with orders or shifts in the range: their order roll-ups, and their rider shifts
 * (starting on a day of the range, in the regions) with the distance the ping roll-up keeps.
 * Orders yet to be reached count due only on days up to `settledUntil` (all deadlines passed).
 */
export function riderRows(db: DbOrTx, f: RangeFilter, now: Date, settledUntil: string) {
  const regions = f.regions.length
    ? sql`and s.region_id = any(${`{${f.regions.join(',')}}`}::int[])`
    : sql``;
  return rows<RiderRow>(
    db,
    sql`with work as (
        select r.rider_id, sum(r.completed)::int as completed,
          sum(r.reached_done)::int as reached_done, sum(r.reached_on)::int as reached_on,
          sum(r.reached_open) filter (where r.day <= ${settledUntil}::date)::int as reached_open
        from report_day_riders r where ${where(f)} group by 1),
      shifts as (
        select s.rider_id, count(*)::int as shifts,
          count(*) filter (where s.start_datetime <= ${now})::int as due,
          count(*) filter (where s.start_datetime <= ${now} and s.is_present)::int as present,
          coalesce(sum(s.distance_travelled_metres), 0)::bigint as metres
        from rider_shifts s join regions g on g.id = s.region_id and g.vertical = ${f.vertical}
        where s.start_datetime >= (${f.from}::date::timestamp - interval '5 hours') at time zone 'UTC'
          and s.start_datetime < (${f.to}::date::timestamp + interval '19 hours') at time zone 'UTC'
          ${regions}
        group by 1)
      select u.id, u.first_name as "firstName", u.last_name as "lastName",
        coalesce(w.completed, 0) as completed, coalesce(w.reached_done, 0) as "reachedDone",
        coalesce(w.reached_on, 0) as "reachedOn", coalesce(w.reached_open, 0) as "reachedOpen",
        coalesce(s.shifts, 0) as shifts, coalesce(s.due, 0) as "shiftsDue",
        coalesce(s.present, 0) as present, coalesce(s.metres, 0)::float8 as metres
      from work w full join shifts s on s.rider_id = w.rider_id
      join users u on u.id = coalesce(w.rider_id, s.rider_id)
      order by 4 desc, 2, 3, 1`,
  );
}

export function ratingDays(db: DbOrTx, f: RangeFilter) {
  return rows<{
    day: string;
    source: string;
    answered: number;
    stars: number;
    starSum: number;
    fives: number;
  }>(
    db,
    sql`select ${dayText} as day, r.source, sum(r.answered)::int as answered,
      sum(r.stars)::int as stars, sum(r.star_sum)::int as "starSum", sum(r.fives)::int as fives
      from report_day_ratings r where ${where(f)} group by r.day, r.source`,
  );
}
