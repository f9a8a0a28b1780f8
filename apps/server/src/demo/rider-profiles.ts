import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { RIDER_STATES, RIDER_TASK_TYPES } from '@dastak/core/states';
import type { Db } from '../db/client';
import { riderTasks } from '../db/schema/orders';
import { riderProfiles } from '../db/schema/riders';
import { refreshQueueSnapshots } from '../modules/dispatch/queue/rider-queue.repository';
import { boundsOf, jitter, nudgeInside, pointInPolygon, randomPointInPolygon } from './geometry';
import { insertRows } from './insert';
import type { ActiveOrder } from './order-rows';
import type { Rng } from './random';
import type { RiderDraft } from './riders';
import type { DemoContext } from './types';
import { DAY, MINUTE } from './types';

export type RiderLive = {
  latitude: number;
  longitude: number;
  isOnline: boolean;
  isOnDuty: boolean;
  /** Set while the rider is on a break right now. */
  breakEndsAt: number | null;
  breakMinutes: number | null;
};

/**
 * Rider profiles written after the orders, so state, duty and position agree with the orders
 * each rider holds; plus the pending task queue of every busy rider.
 */
export async function insertRiderProfiles(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  riders: RiderDraft[],
  active: Map<number, ActiveOrder[]>,
): Promise<Map<number, RiderLive>> {
  const now = ctx.now.getTime();
  const live = new Map<number, RiderLive>();
  const profiles: (typeof riderProfiles.$inferInsert)[] = [];
  const tasks: (typeof riderTasks.$inferInsert)[] = [];
  for (const r of riders) {
    const region = ctx.regions.find((g) => g.id === r.regionId);
    if (!region) continue;
    const held = (active.get(r.id) ?? []).sort((a, b) => a.pickup - b.pickup);
    const pickups = held.filter((o) => o.state !== 'collected');
    const collected = held.filter((o) => o.state === 'collected');
    const busy = held.length > 0;
    const isOnDuty = busy || r.isOnDuty;
    const isOnline = busy || (isOnDuty ? r.isOnline : rng.chance(0.1));
    const state = !busy
      ? RIDER_STATES.IDLE
      : pickups.length === 0
        ? RIDER_STATES.DELIVERING
        : pickups.length >= RIDER_MAX_PICKUPS
          ? RIDER_STATES.PICKING_UP_FULL
          : RIDER_STATES.PICKING_UP_HAS_CAPACITY;

    const reachedOrder = held.find((o) => o.state === 'reached');
    const first = held[0];
    const hotspot = region.hotspots.find((h) => h.id === r.hotspotId) ?? region.hotspots[0];
    let at = reachedOrder
      ? jitter(rng, reachedOrder, 30)
      : first
        ? jitter(rng, first, first.state === 'collected' ? 1500 : 2500)
        : isOnDuty && hotspot
          ? jitter(rng, hotspot, 1200)
          : randomPointInPolygon(rng, region.polygon, boundsOf(region.polygon));
    if (!pointInPolygon(at, region.polygon)) at = nudgeInside(at, region.polygon);

    const onBreak = !busy && isOnDuty && r.allowBreak && rng.chance(0.06);
    const breakMinutes = onBreak ? rng.pick([15, 30, 45, 60]) : null;
    const breakEndsAt = onBreak ? now + rng.int(3, breakMinutes ?? 15) * MINUTE : null;
    live.set(r.id, { ...at, isOnline, isOnDuty, breakEndsAt, breakMinutes });

    profiles.push({
      userId: r.id,
      regionId: r.regionId,
      vertical: r.vertical,
      cellId: r.cellId,
      isOnline,
      isOnDuty,
      state,
      isWildcard: r.isWildcard,
      isCovid: r.isCovid,
      lastKnownLatitude: at.latitude,
      lastKnownLongitude: at.longitude,
      lastSeenAt: new Date(
        isOnline ? now - rng.int(5, 240) * 1000 : now - rng.int(20 * MINUTE, 3 * DAY),
      ),
      battery: isOnline ? rng.int(15, 100) : rng.chance(0.1) ? null : rng.int(3, 100),
      networkState: isOnline ? rng.chance(0.97) : rng.chance(0.5) ? false : null,
      mobileModel: r.mobileModel,
      appVersion: r.appVersion,
      phoneVerified: r.phoneVerified,
      address: r.homeAddress,
      shiftBreakEndTime: breakEndsAt ? new Date(breakEndsAt) : null,
      capacity: RIDER_MAX_PICKUPS,
    });

    let sequence = 0;
    if (breakEndsAt) {
      tasks.push({
        riderId: r.id,
        type: RIDER_TASK_TYPES.BREAK,
        sequence: sequence++,
        deadline: new Date(breakEndsAt),
        breakDurationMins: breakMinutes,
      });
    }
    for (const o of pickups) {
      tasks.push({
        riderId: r.id,
        orderId: o.orderId,
        type: RIDER_TASK_TYPES.PICKUP,
        sequence: sequence++,
        deadline: new Date(o.pickup + o.slotMinutes * MINUTE),
      });
    }
    for (const o of collected) {
      tasks.push({
        riderId: r.id,
        orderId: o.orderId,
        type: RIDER_TASK_TYPES.DELIVERY,
        sequence: sequence++,
        // The sample's expiry, as a real collection queues it (ADR 0048).
        deadline: new Date(o.sampleExpiresAt ?? o.pickup + 3 * 60 * MINUTE),
        collectionCenterId: o.collectionCenterId,
      });
    }
  }
  await insertRows(db, riderProfiles, profiles);
  await insertRows(db, riderTasks, tasks);
  await refreshQueueSnapshots(db);
  return live;
}
