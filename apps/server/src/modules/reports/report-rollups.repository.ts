import type { OnTimeModel } from '@dastak/core/rules/lateness';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The roll-up writes (docs/decisions/0040-report-rollups.md): each roll-up table's rows of a set
 * of (vertical, region, Karachi day) keys, or of every key, recomputed from the raw tables.
 * Karachi keeps +05:00 all year (core karachi-time.ts), so a day is plain arithmetic.
 */

export interface RollupKey {
  vertical: string;
  regionId: number;
  day: string;
}

/**
 * Whole minutes of an interval, as the histogram stores them: exact under an hour, then in
 * 5-minute steps to 4 hours, 15-minute steps to a day and hours beyond (each the step's start),
 * so a day's histogram stays a few hundred rows however many orders it counts.
 */
const bucket = (interval: SQL) => sql`(select case when m < 60 then m when m < 240 then m - m % 5
  when m < 1440 then m - m % 15 else m - m % 60 end
  from (select greatest(0, floor(extract(epoch from ${interval}) / 60))::int as m) b)`;

/** The Karachi day of a timestamptz expression. */
const dayOf = (column: SQL) => sql`((${column} + interval '5 hours') at time zone 'UTC')::date`;

/** Every key, a set of keys, or (for the bench's floor) a range of days of a vertical. */
export type Scope =
  | { all: true }
  | { keys: readonly RollupKey[] }
  | { range: { vertical: string; from: string; to: string } };

/** The keys as a relation k(vertical, region_id, day, starts, ends) for joins. */
function keysCte(keys: readonly RollupKey[]): SQL {
  const arr = (values: readonly (string | number)[], type: string) =>
    sql`${`{${values.join(',')}}`}::${sql.raw(type)}`;
  return sql`keys as (
    select vertical, region_id, day,
      (day::timestamp - interval '5 hours') at time zone 'UTC' as starts,
      (day::timestamp + interval '19 hours') at time zone 'UTC' as ends
    from unnest(${arr(
      keys.map((k) => k.vertical),
      'text[]',
    )}, ${arr(
      keys.map((k) => k.regionId),
      'int[]',
    )}, ${arr(
      keys.map((k) => k.day),
      'date[]',
    )}) as u(vertical, region_id, day))`;
}

/** `from orders o`, restricted to the scope's keys by pickup day. */
function ordersOf(scope: Scope): { withKeys: SQL; from: SQL } {
  if ('all' in scope) return { withKeys: sql``, from: sql`orders o` };
  if ('range' in scope) {
    const r = scope.range;
    return {
      withKeys: sql``,
      from: sql`(select * from orders where vertical = ${r.vertical}
        and pickup >= (${r.from}::date::timestamp - interval '5 hours') at time zone 'UTC'
        and pickup < (${r.to}::date::timestamp + interval '19 hours') at time zone 'UTC') o`,
    };
  }
  return {
    withKeys: sql`with ${keysCte(scope.keys)}`,
    from: sql`orders o join keys k on o.vertical = k.vertical and o.region_id = k.region_id
      and o.pickup >= k.starts and o.pickup < k.ends`,
  };
}

const TABLES = [
  'report_day_states',
  'report_day_minutes',
  'report_day_reasons',
  'report_day_tests',
  'report_day_riders',
  'report_day_ratings',
] as const;

/**
 * The roll-up rows of the scope, straight from the raw tables: per table, its columns and the
 * select that counts them (the recompute inserts it; the bench times it as the floor).
 */
export function rollupSelects(
  scope: Scope,
  model: OnTimeModel,
): { table: (typeof TABLES)[number]; columns: string; select: SQL }[] {
  const { withKeys, from } = ordersOf(scope);
  const minutes = (n: number) => sql`(${n}::float8 * interval '1 minute')`;
  const reachedAt = sql`coalesce(o.reached_at, o.collected_at)`;
  const reachedBy = sql`o.pickup + ${minutes(model.onTimeGraceMinutes)}`;
  const collectedBy = sql`o.pickup + ${minutes(model.onTimeGraceMinutes + model.pickupServiceMinutes)}`;
  // rules/lateness.ts onTimeOutcome's eligible orders: online, not cancelled or unverified.
  const due = sql`o.fulfillment_method = 'online' and o.state not in ('cancelled', 'unverified')`;
  const day = dayOf(sql`o.pickup`);

  // Ratings are keyed by the day they were answered, not by pickup.
  const answered = (at: SQL) => {
    if ('all' in scope) return sql``;
    if ('range' in scope) {
      return sql`and o.vertical = ${scope.range.vertical}
        and ${dayOf(at)} between ${scope.range.from}::date and ${scope.range.to}::date`;
    }
    return sql`join keys k on k.vertical = o.vertical and k.region_id = o.region_id and k.day = ${dayOf(at)}`;
  };
  const withAnswerKeys = 'keys' in scope ? sql`with ${keysCte(scope.keys)}` : sql``;
  return [
    {
      table: 'report_day_states',
      columns:
        'vertical, region_id, day, state, orders, follow_up_orders, follow_ups, tests, revenue_pkr, reached_done, reached_on, reached_open, collected_done, collected_on, collected_open',
      select: sql`${withKeys}
    select o.vertical, o.region_id, ${day}, o.state, count(*)::int,
      count(*) filter (where o.total_follow_ups > 0)::int,
      coalesce(sum(o.total_follow_ups), 0)::int,
      coalesce(sum(t.tests), 0)::int,
      coalesce(sum(coalesce(o.given_value, round(t.gross * (100 - o.discount_percent) / 100))), 0)::int,
      count(*) filter (where ${due} and ${reachedAt} is not null)::int,
      count(*) filter (where ${due} and ${reachedAt} <= ${reachedBy})::int,
      count(*) filter (where ${due} and ${reachedAt} is null)::int,
      count(*) filter (where ${due} and o.collected_at is not null)::int,
      count(*) filter (where ${due} and o.collected_at <= ${collectedBy})::int,
      count(*) filter (where ${due} and o.collected_at is null)::int
    from ${from}
    left join lateral (
      select sum(st.count)::int as tests, sum(st.value * st.count)::float8 as gross
      from order_scan_types st where st.order_id = o.id
    ) t on o.state = 'delivered'
    group by 1, 2, 3, 4`,
    },
    {
      table: 'report_day_minutes',
      columns: 'vertical, region_id, day, step, minutes, orders',
      select: sql`${withKeys}
    -- Step 0: booking -> first assignment; 1: the last (re)assignment -> the last reaching.
    select vertical, region_id, day, step, minutes, count(*)::int from (
      select o.vertical, o.region_id, ${day} as day, 0 as step,
        ${bucket(sql`a.at - o.created`)} as minutes
      from ${from}
      join lateral (select min(created) as at from order_activities
        where order_id = o.id and verb = 'assigned') a on a.at is not null
      union all
      select o.vertical, o.region_id, ${day}, 1,
        ${bucket(sql`r.at - s.at`)}
      from ${from}
      join lateral (select max(created) as at from order_activities
        where order_id = o.id and verb = 'reached') r on r.at is not null
      join lateral (select max(created) as at from order_activities
        where order_id = o.id and verb in ('assigned', 'reassigned') and created <= r.at) s
        on s.at is not null
    ) x group by 1, 2, 3, 4, 5`,
    },
    {
      table: 'report_day_reasons',
      columns: 'vertical, region_id, day, kind, reason, orders',
      select: sql`${withKeys}
    select vertical, region_id, day, kind, reason, count(*)::int from (
      select o.vertical, o.region_id, ${day} as day, 'cancellation' as kind,
        coalesce(l.text, 'Other') as reason
      from ${from} left join lookups l on l.id = o.cancellation_string_id
      where o.state = 'cancelled'
      union all
      select o.vertical, o.region_id, ${day}, 'reschedule', coalesce(l.text, 'Other')
      from ${from}
      join order_activities a on a.order_id = o.id and a.verb = 'rescheduled'
      left join lookups l on l.id = (a.data->>'rescheduleStringId')::int
    ) x group by 1, 2, 3, 4, 5`,
    },
    {
      table: 'report_day_tests',
      columns: 'vertical, region_id, day, scan_type_id, tests, revenue_pkr',
      select: sql`${withKeys}
    select o.vertical, o.region_id, ${day}, st.scan_type_id, sum(st.count)::int,
      sum(round(st.value * st.count * (100 - o.discount_percent) / 100))::int
    from ${from} join order_scan_types st on st.order_id = o.id
    where o.state = 'delivered'
    group by 1, 2, 3, 4`,
    },
    {
      table: 'report_day_riders',
      columns:
        'vertical, region_id, day, rider_id, completed, reached_done, reached_on, reached_open',
      select: sql`${withKeys}
    select o.vertical, o.region_id, ${day}, o.assigned_rider_id,
      count(*) filter (where o.state = 'delivered')::int,
      count(*) filter (where ${due} and ${reachedAt} is not null)::int,
      count(*) filter (where ${due} and ${reachedAt} <= ${reachedBy})::int,
      count(*) filter (where ${due} and ${reachedAt} is null)::int
    from ${from}
    where o.assigned_rider_id is not null
    group by 1, 2, 3, 4`,
    },
    {
      table: 'report_day_ratings',
      columns: 'vertical, region_id, day, source, answered, stars, star_sum, fives',
      select: sql`${withAnswerKeys}
    select o.vertical, o.region_id, ${dayOf(sql`r.submitted_at`)}, 'review', count(*)::int,
      count(r.overall_star_rating)::int, coalesce(sum(r.overall_star_rating), 0)::int,
      count(*) filter (where r.overall_star_rating = 5)::int
    from order_reviews r join orders o on o.id = r.order_id ${answered(sql`r.submitted_at`)}
    where r.submitted_at is not null
    group by 1, 2, 3`,
    },
    {
      table: 'report_day_ratings',
      columns: 'vertical, region_id, day, source, answered, stars, star_sum, fives',
      select: sql`${withAnswerKeys}
    select o.vertical, o.region_id, ${dayOf(sql`i.submitted_at`)}, 'survey',
      count(distinct i.id)::int, count(s.answer)::int, coalesce(sum(s.answer::int), 0)::int,
      count(*) filter (where s.answer = '5')::int
    from feedback_interactions i join orders o on o.id = i.order_id ${answered(sql`i.submitted_at`)}
    left join lateral (
      select a.answer from feedback_answers a
      join feedback_questions q on q.id = a.question_id and q.type = 'STAR_RATING'
      where a.interaction_id = i.id and a.answer in ('1', '2', '3', '4', '5')
    ) s on true
    where i.submitted_at is not null
    group by 1, 2, 3`,
    },
  ];
}

/** Deletes the scope's roll-up rows and writes them again from the raw tables. */
export async function recomputeRollups(db: DbOrTx, scope: Scope, model: OnTimeModel) {
  if ('keys' in scope && scope.keys.length === 0) return;
  if ('range' in scope) throw new Error('a range is read, never written');
  if ('all' in scope) {
    await db.execute(sql.raw(`truncate ${TABLES.join(', ')}`));
  } else {
    for (const table of TABLES) {
      await db.execute(sql`with ${keysCte(scope.keys)}
        delete from ${sql.raw(table)} r using keys k
        where r.vertical = k.vertical and r.region_id = k.region_id and r.day = k.day`);
    }
  }
  for (const s of rollupSelects(scope, model)) {
    await db.execute(sql`insert into ${sql.raw(s.table)} (${sql.raw(s.columns)}) ${s.select}`);
  }
}

type Rows<T> = { rows: T[] };

/**
 * Deletes up to `limit` marks, oldest first (all of them without a limit), and answers their
 * distinct keys. Run in the transaction that recomputes the keys: a mark of a change not yet
 * committed is invisible here and stays for the next run, and every mark taken belongs to a
 * change the recompute's statements see (docs/decisions/0040-report-rollups.md).
 */
export async function takeDirtyMarks(db: DbOrTx, limit?: number): Promise<RollupKey[]> {
  const which = limit
    ? sql`where id in (select id from report_dirty_days order by id limit ${limit})`
    : sql``;
  const result = (await db.execute(sql`
    with taken as (delete from report_dirty_days ${which} returning vertical, region_id, day)
    select distinct vertical, region_id as "regionId", to_char(day, 'YYYY-MM-DD') as day
    from taken`)) as unknown as Rows<RollupKey>;
  return result.rows.map((r) => ({ ...r, regionId: Number(r.regionId) }));
}

/** The on-time model the roll-ups hold, or null before the first build. */
export async function rollupModel(db: DbOrTx): Promise<OnTimeModel | null> {
  const result = (await db.execute(sql`
    select on_time_grace_minutes as "onTimeGraceMinutes",
      pickup_service_minutes as "pickupServiceMinutes"
    from report_rollup_model where id = 1`)) as unknown as Rows<OnTimeModel>;
  return result.rows[0] ?? null;
}

export async function saveRollupModel(db: DbOrTx, model: OnTimeModel) {
  await db.execute(sql`
    insert into report_rollup_model (id, on_time_grace_minutes, pickup_service_minutes, built_at)
    values (1, ${model.onTimeGraceMinutes}, ${model.pickupServiceMinutes}, now())
    on conflict (id) do update set on_time_grace_minutes = excluded.on_time_grace_minutes,
      pickup_service_minutes = excluded.pickup_service_minutes, built_at = now()`);
}
