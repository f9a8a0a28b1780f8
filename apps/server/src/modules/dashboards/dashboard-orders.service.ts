import type { DashboardOrdersQuery, LateOrdersQuery } from '@dastak/core/entities/dashboard';
import type { LateOrder } from '@dastak/core/entities/lookups';
import type { OrderMapItem } from '@dastak/core/entities/orders';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import {
  delayedByMinutes,
  isLate,
  LATE_TRACKED_STATES,
  type OnTimeModel,
} from '@dastak/core/rules/lateness';
import { DASHBOARD_ORDER_STATES, type Gender, type Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../db/client';
import { ageString } from '../../lib/age-string';
import { pickupWindow } from './dashboard-window';
import * as repo from './dashboards.repository';

function toMapItem(r: repo.MapOrderRow): OrderMapItem {
  const p = r.patient;
  const ageUnit = p.age === null ? null : p.ageUnit;
  return {
    id: r.id,
    number: r.number,
    state: r.state,
    pickup: toKarachiIso(new Date(r.pickup)),
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    patient: {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      secondaryPhone: p.secondaryPhone || null,
      email: p.email || null,
      gender: p.gender as Gender,
      age: p.age,
      ageUnit: p.ageUnit,
      ageWithUnit: { age: p.age, ageUnit },
      ageString: ageString(p.age, ageUnit),
      cardNumber: p.cardNumber || null,
      customer: p.customerId,
    },
    scanTypes: r.scanTypes.map(([count, id, name, code, value, isCovid, isAllowed, label]) => ({
      count,
      scanType: { id, name, code, value, isCovid, isAllowed, label },
    })),
    assignedRider: r.rider,
    sampleExpiresAt: r.sampleExpiresAt ? toKarachiIso(new Date(r.sampleExpiresAt)) : null,
  };
}

/** GET /orders/{vertical}/dashboard/: every order marker of the window (not paged). */
export async function listDashboardOrders(
  db: DbOrTx,
  vertical: Vertical,
  q: DashboardOrdersQuery,
  now = new Date(),
): Promise<OrderMapItem[]> {
  const window = pickupWindow(q, now);
  const states = q.states.length ? q.states : DASHBOARD_ORDER_STATES;
  const rows = await repo.listMapOrders(db, { vertical, ...window, regions: q.regions, states });
  return rows.map(toMapItem);
}

/**
 * GET /orders/{vertical}/late-orders/: orders still waiting for their rider at the door past
 * slot start + grace (rules/lateness.ts), most late first. 'Delayed by' counts from slot start.
 */
export async function listLateOrders(
  db: DbOrTx,
  vertical: Vertical,
  q: LateOrdersQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<LateOrder[]> {
  const window = pickupWindow(q, now);
  const rows = await repo.listLateOrders(db, {
    vertical,
    ...window,
    regions: q.regions,
    states: LATE_TRACKED_STATES,
    startedBefore: new Date(now.getTime() - model.onTimeGraceMinutes * 60_000),
  });
  // SQL narrows the candidates; the core rule has the last word on each.
  return rows
    .filter((r) => isLate(r, now, model))
    .map((r) => ({
      id: r.id,
      number: r.number,
      pickup: toKarachiIso(r.pickup),
      assignedRider: r.rider,
      lateTimedelta: delayedByMinutes(r.pickup, now),
    }));
}
