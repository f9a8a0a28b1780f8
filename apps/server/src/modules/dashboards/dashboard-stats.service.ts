import { ON_TIME_RATE_DAYS } from '@dastak/core/constants';
import type { DailyOrderStatsQuery, OrderStatsQuery } from '@dastak/core/entities/dashboard';
import type { DashboardStats, OnTimeRate, OrderStats } from '@dastak/core/entities/lookups';
import { DASHBOARD_MESSAGES } from '@dastak/core/messages';
import {
  endOfKarachiDay,
  karachiDateString,
  parseKarachi,
  startOfKarachiDay,
} from '@dastak/core/rules/karachi-time';
import { type OnTimeModel, onTimePercentage } from '@dastak/core/rules/lateness';
import { orderStatsOf } from '@dastak/core/rules/order-stats';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import { invalid } from '../../lib/domain-errors';
import { pickupWindow } from './dashboard-window';
import * as repo from './dashboards.repository';

const DAY_MS = 24 * 60 * 60_000;
const regionsOf = (regionId: number | undefined) => (regionId ? [regionId] : []);

/** GET /stats/{vertical}/orders/: the Orders panel's counts (rules/order-stats.ts). */
export async function orderStats(
  db: DbOrTx,
  vertical: Vertical,
  q: OrderStatsQuery,
  now = new Date(),
): Promise<OrderStats> {
  const window = pickupWindow(q, now);
  return orderStatsOf(
    await repo.countByState(db, { vertical, ...window, regions: regionsOf(q.regionId) }),
  );
}

/** GET /stats/{vertical}/dashboard/: the graph panel's table, Reached and Collected on time. */
export async function onTimeStats(
  db: DbOrTx,
  vertical: Vertical,
  q: OrderStatsQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<DashboardStats> {
  const window = pickupWindow(q, now);
  const [c] = await repo.countOnTime(
    db,
    { vertical, ...window, regions: regionsOf(q.regionId), now, byDay: false },
    model,
  );
  return {
    onTimeReachedPercentage: onTimePercentage(c?.reachedOn ?? 0, c?.reachedDue ?? 0),
    onTimeCollectedPercentage: onTimePercentage(c?.collectedOn ?? 0, c?.collectedDue ?? 0),
  };
}

/**
 * GET /stats/daily-order-stats/: the on-time collection rate of each Karachi day from `date`
 * (default six days back), ON_TIME_RATE_DAYS days, not past today; a day with nothing due is 0.
 */
export async function dailyOrderStats(
  db: DbOrTx,
  q: DailyOrderStatsQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<OnTimeRate[]> {
  const today = karachiDateString(now);
  // Noon keeps day arithmetic clear of midnight whatever the offset.
  const noon = (day: string) => new Date(`${day}T12:00:00+05:00`).getTime();
  const first =
    q.date ?? karachiDateString(new Date(noon(today) - (ON_TIME_RATE_DAYS - 1) * DAY_MS));
  if (first > today) {
    throw invalid(DASHBOARD_MESSAGES.DATE_IN_FUTURE, {
      date: [DASHBOARD_MESSAGES.DATE_IN_FUTURE],
    });
  }
  const days: string[] = [];
  for (let i = 0; i < ON_TIME_RATE_DAYS; i++) {
    const day = karachiDateString(new Date(noon(first) + i * DAY_MS));
    if (day > today) break;
    days.push(day);
  }
  const last = days[days.length - 1] ?? first;
  const vertical = q.region
    ? ((await repo.regionVertical(db, q.region)) ?? q.vertical)
    : q.vertical;
  const counts = await repo.countOnTime(
    db,
    {
      vertical,
      from: startOfKarachiDay(parseKarachi(first) as Date),
      to: endOfKarachiDay(parseKarachi(last) as Date),
      regions: regionsOf(q.region),
      now,
      byDay: true,
    },
    model,
  );
  const byDay = new Map(counts.map((c) => [c.day, c]));
  return days.map((date) => {
    const c = byDay.get(date);
    return {
      date,
      percentageOnTimeCollections: onTimePercentage(c?.collectedOn ?? 0, c?.collectedDue ?? 0),
    };
  });
}
