import type { AtRiskOrder, LateOrdersQuery } from '@dastak/core/entities/dashboard';
import { DASHBOARD_MESSAGES } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { onTimeDeadline } from '@dastak/core/rules/lateness';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import { type DispatchConfig, planRoute, type RiderModel, roadLeg } from '../dispatch/public';
import { pickupWindow } from './dashboard-window';
import * as repo from './dashboards.repository';
import { riderName, riderRouteModel } from './rider-route-model';

const MINUTE = 60_000;

/** 'Rider is 3.4 km away': one decimal under 10 km, whole kilometres past it. */
const km = (metres: number) => {
  const k = metres / 1000;
  return k < 10 ? Math.round(k * 10) / 10 : Math.round(k);
};

/**
 * GET /orders/{vertical}/at-risk-orders/ (beyond the spec, ADR 0025): assigned orders not late
 * yet whose rider, walking the queue by the route model of ADR 0009, reaches the door after slot
 * start + grace. Most late (estimated) first. Riders with no reported position cannot be
 * estimated and are left out.
 */
export async function listAtRiskOrders(
  db: DbOrTx,
  vertical: Vertical,
  q: LateOrdersQuery,
  config: DispatchConfig,
  now = new Date(),
): Promise<AtRiskOrder[]> {
  const window = pickupWindow(q, now);
  const t = now.getTime();
  const candidates = await repo.listAtRiskCandidates(db, {
    vertical,
    ...window,
    regions: q.regions,
    // Past pickup + grace the order is late, and on the late list instead.
    startedAfter: new Date(t - config.onTimeGraceMinutes * MINUTE),
  });
  const models = new Map<number, RiderModel>();
  const travel = (a: Parameters<typeof roadLeg>[0], b: Parameters<typeof roadLeg>[1]) =>
    roadLeg(a, b, config);
  const atRisk: AtRiskOrder[] = [];
  for (const c of candidates) {
    let rider = models.get(c.rider.id);
    if (!rider) {
      rider = riderRouteModel(c.rider, t);
      models.set(c.rider.id, rider);
    }
    const stop = {
      orderId: c.id,
      point: { latitude: c.latitude, longitude: c.longitude },
      pickup: c.pickup.getTime(),
    };
    const queued = rider.pickups.findIndex((p) => p.orderId === c.id);
    // An assignment whose task is missing from the snapshot is priced as if added now.
    const plan = planRoute(rider, queued < 0 ? [stop] : [], t, travel, config, c.id);
    if (!plan.target) continue;
    const deadline = onTimeDeadline(c.pickup, 'reached', config);
    if (plan.target.arrival <= deadline || t > deadline) continue;
    const pickupsBefore =
      queued < 0 ? rider.pickups.filter((p) => p.pickup < stop.pickup).length : queued;
    const cause =
      pickupsBefore > 0
        ? DASHBOARD_MESSAGES.atRiskPickupsBefore(pickupsBefore)
        : rider.availableFrom > t
          ? DASHBOARD_MESSAGES.atRiskOnBreak(
              toKarachiIso(new Date(rider.availableFrom)).slice(11, 16),
            )
          : DASHBOARD_MESSAGES.atRiskDistance(km(plan.target.metres));
    atRisk.push({
      id: c.id,
      number: c.number,
      pickup: toKarachiIso(c.pickup),
      assignedRider: { id: c.rider.id, name: riderName(c.rider) },
      estimatedArrival: toKarachiIso(new Date(Math.round(plan.target.arrival / 1000) * 1000)),
      minutesLate: Math.max(1, Math.ceil(plan.target.lateMinutes)),
      pickupsBefore,
      roadMetres: Math.round(plan.target.metres),
      cause,
    });
  }
  return atRisk.sort((a, b) => b.minutesLate - a.minutesLate || a.id - b.id);
}
