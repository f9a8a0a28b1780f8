import type {
  followUpsReportSchema,
  onTimeByDayReportSchema,
  ordersByDayReportSchema,
  ReportKind,
  ReportQuery,
  reasonsReportSchema,
  revenueReportSchema,
  ridersReportSchema,
  satisfactionReportSchema,
  timingsReportSchema,
} from '@dastak/core/entities/reports';
import { type OnTimeModel, onTimePercentage } from '@dastak/core/rules/lateness';
import { ORDER_STATES, type OrderState, type Vertical } from '@dastak/core/states';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { countOnTime } from '../dashboards/public';
import * as repo from './reports.repository';

/**
 * The reporting dashboard's figures (docs/decisions/0040-report-rollups.md): sums of
 * the daily roll-ups over the range; every by-day list has each day of the range.
 */

type OrdersByDayReport = z.infer<typeof ordersByDayReportSchema>;
type OnTimeByDayReport = z.infer<typeof onTimeByDayReportSchema>;
type TimingsReport = z.infer<typeof timingsReportSchema>;
type ReasonsReport = z.infer<typeof reasonsReportSchema>;
type FollowUpsReport = z.infer<typeof followUpsReportSchema>;
type RevenueReport = z.infer<typeof revenueReportSchema>;
type RidersReport = z.infer<typeof ridersReportSchema>;
type SatisfactionReport = z.infer<typeof satisfactionReportSchema>;

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

/** Every Karachi day from `from` to `to`, inclusive. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const startOf = (day: string) => new Date(`${day}T00:00:00+05:00`);
const endOf = (day: string) => new Date(`${day}T23:59:59.999+05:00`);
const round2 = (n: number) => Math.round(n * 100) / 100;

const filterOf = (vertical: Vertical, q: ReportQuery): repo.RangeFilter => ({
  vertical,
  from: q.dateFrom,
  to: q.dateTo,
  regions: q.regions ?? [],
});

function groupBy<T extends { day: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.day);
    if (list) list.push(r);
    else map.set(r.day, [r]);
  }
  return map;
}
const sum = <T>(rows: readonly T[] | undefined, pick: (r: T) => number) =>
  (rows ?? []).reduce((n, r) => n + pick(r), 0);

export async function ordersByDay(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<OrdersByDayReport> {
  const byDay = groupBy(await repo.stateDays(db, filterOf(vertical, q)));
  return daysOf(q.dateFrom, q.dateTo).map((date) => {
    const byState = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<
      OrderState,
      number
    >;
    for (const r of byDay.get(date) ?? []) byState[r.state as OrderState] = r.orders;
    return { date, total: sum(byDay.get(date), (r) => r.orders), byState };
  });
}

/** The last Karachi day whose on-time deadlines have all passed (slots end by midnight). */
function settledUntil(model: OnTimeModel, now: Date): string {
  const lastDeadline = (model.onTimeGraceMinutes + model.pickupServiceMinutes) * MINUTE;
  return new Date(now.getTime() - lastDeadline + 5 * 3_600_000 - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The dashboards' on-time figures per day (rules/lateness.ts onTimeOutcome). An order whose
 * milestone has not happened counts due once its deadline passed: for a day whose every
 * deadline has passed that is the roll-up's `open` count; the days still open to that (today,
 * and yesterday near midnight) are counted live by the dashboards' own statement.
 */
export async function onTimeByDay(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<OnTimeByDayReport> {
  const f = filterOf(vertical, q);
  const days = daysOf(q.dateFrom, q.dateTo);
  const lastDeadline = (model.onTimeGraceMinutes + model.pickupServiceMinutes) * MINUTE;
  const live = days.filter((d) => endOf(d).getTime() + lastDeadline >= now.getTime());
  const [rolled, counted] = await Promise.all([
    repo.stateDays(db, f),
    live.length
      ? countOnTime(
          db,
          {
            vertical,
            from: startOf(live[0] as string),
            to: endOf(live[live.length - 1] as string),
            regions: f.regions,
            now,
            byDay: true,
          },
          model,
        )
      : Promise.resolve([]),
  ]);
  const byDay = groupBy(rolled);
  const liveByDay = new Map(counted.map((c) => [c.day, c]));
  const liveDays = new Set(live);
  return days.map((date) => {
    let reachedDue: number;
    let reachedOn: number;
    let collectedDue: number;
    let collectedOn: number;
    if (liveDays.has(date)) {
      const c = liveByDay.get(date);
      reachedDue = c?.reachedDue ?? 0;
      reachedOn = c?.reachedOn ?? 0;
      collectedDue = c?.collectedDue ?? 0;
      collectedOn = c?.collectedOn ?? 0;
    } else {
      const rows = byDay.get(date);
      reachedDue = sum(rows, (r) => r.reachedDone + r.reachedOpen);
      reachedOn = sum(rows, (r) => r.reachedOn);
      collectedDue = sum(rows, (r) => r.collectedDone + r.collectedOpen);
      collectedOn = sum(rows, (r) => r.collectedOn);
    }
    return {
      date,
      // Orders counted in either figure: every order due to be collected was due to be reached.
      due: Math.max(reachedDue, collectedDue),
      reachedOnTime: reachedOn,
      collectedOnTime: collectedOn,
      reachedPercentage: onTimePercentage(reachedOn, reachedDue),
      collectedPercentage: onTimePercentage(collectedOn, collectedDue),
    };
  });
}

export async function timings(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<TimingsReport> {
  const medians = await repo.timingMedians(db, filterOf(vertical, q));
  const of = (day: string | null, step: number) => {
    const m = medians.find((r) => r.day === day && Number(r.step) === step);
    return m && m.median !== null ? round2(Number(m.median)) : null;
  };
  return {
    bookingToAssignmentMedianMinutes: of(null, 0),
    assignmentToReachedMedianMinutes: of(null, 1),
    byDay: daysOf(q.dateFrom, q.dateTo).map((date) => ({
      date,
      bookingToAssignmentMedianMinutes: of(date, 0),
      assignmentToReachedMedianMinutes: of(date, 1),
    })),
  };
}

export async function reasons(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<ReasonsReport> {
  const rows = await repo.reasonCounts(db, filterOf(vertical, q));
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ reason: r.reason, count: r.count }));
  return { cancellations: of('cancellation'), reschedules: of('reschedule') };
}

export async function followUps(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<FollowUpsReport> {
  const rows = await repo.stateDays(db, filterOf(vertical, q));
  const byDay = groupBy(rows);
  const orders = sum(rows, (r) => r.orders);
  const count = sum(rows, (r) => r.followUps);
  return {
    orders,
    ordersWithFollowUp: sum(rows, (r) => r.followUpOrders),
    followUps: count,
    perOrder: orders ? round2(count / orders) : 0,
    byDay: daysOf(q.dateFrom, q.dateTo).map((date) => ({
      date,
      orders: sum(byDay.get(date), (r) => r.orders),
      followUps: sum(byDay.get(date), (r) => r.followUps),
    })),
  };
}

export async function revenue(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<RevenueReport> {
  const f = filterOf(vertical, q);
  const [rows, byTest] = await Promise.all([repo.stateDays(db, f), repo.testCounts(db, f)]);
  const delivered = rows.filter((r) => r.state === 'delivered');
  const byDay = groupBy(delivered);
  return {
    totalPkr: sum(delivered, (r) => r.revenuePkr),
    tests: sum(delivered, (r) => r.tests),
    byDay: daysOf(q.dateFrom, q.dateTo).map((date) => ({
      date,
      orders: sum(byDay.get(date), (r) => r.orders),
      tests: sum(byDay.get(date), (r) => r.tests),
      revenuePkr: sum(byDay.get(date), (r) => r.revenuePkr),
    })),
    byTest,
  };
}

/**
 * One row per rider with orders or shifts in the range. On-time is the reached figure of the
 * rider's orders (one not yet reached counts late once its day's deadlines have all passed); attendance is present shifts over the
 * shifts that have started, null where the rider had none.
 */
export async function riders(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<RidersReport> {
  const rows = await repo.riderRows(db, filterOf(vertical, q), now, settledUntil(model, now));
  return rows.map((r) => {
    const due = r.reachedDone + r.reachedOpen;
    return {
      rider: { id: r.id, name: `${r.firstName} ${r.lastName}`.trim() },
      completed: r.completed,
      onTimePercentage: due ? onTimePercentage(r.reachedOn, due) : null,
      distanceKm: round2(Number(r.metres) / 1000),
      shifts: r.shifts,
      attendancePercentage: r.shiftsDue ? onTimePercentage(r.present, r.shiftsDue) : null,
    };
  });
}

/** Average stars to 2 decimals; the share of 5s in percent to 2 decimals; null with no stars. */
export async function satisfaction(
  db: DbOrTx,
  vertical: Vertical,
  q: ReportQuery,
): Promise<SatisfactionReport> {
  const rows = await repo.ratingDays(db, filterOf(vertical, q));
  const figures = (source: string) => {
    const of = rows.filter((r) => r.source === source);
    const stars = sum(of, (r) => r.stars);
    return {
      answered: sum(of, (r) => r.answered),
      averageStars: stars ? round2(sum(of, (r) => r.starSum) / stars) : null,
      fiveShare: stars
        ? onTimePercentage(
            sum(of, (r) => r.fives),
            stars,
          )
        : null,
    };
  };
  const byDay = groupBy(rows);
  return {
    orderReviews: figures('review'),
    surveys: figures('survey'),
    byDay: daysOf(q.dateFrom, q.dateTo).map((date) => {
      const of = byDay.get(date);
      const stars = sum(of, (r) => r.stars);
      return {
        date,
        answered: sum(of, (r) => r.answered),
        averageStars: stars ? round2(sum(of, (r) => r.starSum) / stars) : null,
      };
    }),
  };
}

/** Each report's figures by its kind, for the routes and the CSV. */
export function reportOf(
  db: DbOrTx,
  kind: ReportKind,
  vertical: Vertical,
  q: ReportQuery,
  model: OnTimeModel,
) {
  switch (kind) {
    case 'orders-by-day':
      return ordersByDay(db, vertical, q);
    case 'on-time-by-day':
      return onTimeByDay(db, vertical, q, model);
    case 'timings':
      return timings(db, vertical, q);
    case 'reasons':
      return reasons(db, vertical, q);
    case 'follow-ups':
      return followUps(db, vertical, q);
    case 'revenue':
      return revenue(db, vertical, q);
    case 'riders':
      return riders(db, vertical, q, model);
    case 'satisfaction':
      return satisfaction(db, vertical, q);
  }
}
