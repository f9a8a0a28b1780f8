import { ORDER_STATES, type OrderState, VERTICALS, type Vertical } from '@dastak/core/states';
import type { Db } from '../db/client';
import {
  feedbackAnswers,
  feedbackInteractions,
  orderReviews,
  publicLinks,
  riderToPatientFeedback,
} from '../db/schema/feedback';
import {
  orderActivities,
  orderScanTypes,
  orders,
  orderTubes,
  partialOrders,
} from '../db/schema/orders';
import { insertRows, maxId } from './insert';
import { type BuildState, buildOrder } from './order-build';
import type { Questions } from './order-feedback';
import {
  type ActiveOrder,
  emptyChunk,
  karachiDate,
  type OrderChunk,
  orderNumber,
  slotLabel,
  TestPicker,
} from './order-rows';
import {
  MIN_ASSIGNED_AHEAD_PER_VERTICAL,
  MIN_DELIVERING_RIDERS_PER_VERTICAL,
  MIN_LATE_PER_VERTICAL,
  MIN_PER_STATE,
  MIN_UNVERIFIED_TODAY_PER_VERTICAL,
  NEAR_NOW_KINDS,
  NEAR_NOW_PICKUPS,
  type NearNowKind,
  type NearNowWindows,
  nearNowWindows,
  nextSlot,
  pickupInWindow,
  REQUIRED_STATES,
} from './order-timeline';
import type { Rng } from './random';
import type { DemoContext, RegionRef } from './types';
import { DAY, HOUR, MINUTE } from './types';

export type OrdersResult = {
  active: Map<number, ActiveOrder[]>;
  /** Last sequence per `${vertical}|${yyyy-MM-dd}`, for order_number_counters. */
  counters: Map<string, number>;
  states: Record<OrderState, number>;
};

const CHUNK = 2_500;
const HISTORY_DAYS = 60;
/** Bookings per hour of the Karachi day: the call centre and the apps take orders all night too. */
const BOOKING_HOURS: readonly (readonly [number, number])[] = [
  [0, 0.15],
  [1, 0.1],
  [2, 0.08],
  [3, 0.08],
  [4, 0.08],
  [5, 0.1],
  [6, 0.2],
  [7, 0.35],
  [8, 0.6],
  [9, 1],
  [10, 1.3],
  [11, 1.4],
  [12, 1.2],
  [13, 1],
  [14, 1],
  [15, 1.1],
  [16, 1.1],
  [17, 1],
  [18, 0.9],
  [19, 0.8],
  [20, 0.7],
  [21, 0.5],
  [22, 0.35],
  [23, 0.25],
];
const SOURCES: readonly (readonly [string, number])[] = [
  ['Call Center', 45],
  ['WhatsApp', 18],
  ['Website', 15],
  ['Mobile App', 12],
  ['Hospital Referral', 6],
  ['Corporate Client', 4],
];

/**
 * Orders booked over the last 60 days and today, generated in booking order (so ids and
 * numbers follow creation time) and inserted in chunks; memory stays flat for a million.
 */
export async function insertOrders(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  total: number,
  questions: Questions,
  { history }: { history: boolean },
): Promise<OrdersResult> {
  const now = ctx.now.getTime();
  const st: BuildState = {
    ids: {
      order: await maxId(db, orders),
      scanType: await maxId(db, orderScanTypes),
      activity: await maxId(db, orderActivities),
    },
    missing: new Map(REQUIRED_STATES.map((s) => [s, MIN_PER_STATE])),
    floors: {
      delivering: new Map(VERTICALS.map((v) => [v, MIN_DELIVERING_RIDERS_PER_VERTICAL])),
      late: new Map(VERTICALS.map((v) => [v, MIN_LATE_PER_VERTICAL])),
      ahead: new Map(VERTICALS.map((v) => [v, MIN_ASSIGNED_AHEAD_PER_VERTICAL])),
      unverifiedToday: new Map(VERTICALS.map((v) => [v, MIN_UNVERIFIED_TODAY_PER_VERTICAL])),
    },
    active: new Map(),
    load: new Map(),
  };
  let partialId = await maxId(db, partialOrders);
  questions.lastInteractionId = await maxId(db, feedbackInteractions);
  const tests = new TestPicker(ctx.scanTypes);
  const counters = new Map<string, number>();
  const states = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
  const regionsBy: Record<Vertical, RegionRef[]> = {
    blood: ctx.regions.filter((r) => r.vertical === 'blood' && r.addresses.length > 0),
    xray: ctx.regions.filter((r) => r.vertical === 'xray' && r.addresses.length > 0),
  };

  const perDay = apportion(total, dayWeights(ctx));
  const windows = nearNowWindows(now, ctx.lateFrom, ctx.lateAfterMinutes, ctx.todayStart);
  const nearNow = {
    left: new Map(VERTICALS.map((v) => [v, { ...NEAR_NOW_PICKUPS }])),
    taken: new Set<string>(),
  };
  let chunk = emptyChunk();
  let pending: Promise<void> = Promise.resolve();
  let done = 0;
  let nextLog = total / 10;
  for (let d = -HISTORY_DAYS; d <= 0; d++) {
    const count = perDay[d + HISTORY_DAYS] ?? 0;
    const dayStart = ctx.todayStart + d * DAY;
    const latest = d === 0 ? now - 5 * MINUTE : dayStart + DAY;
    const bookings: number[] = [];
    for (let k = 0; k < count; k++) bookings.push(bookingTime(rng, dayStart, latest));
    bookings.sort((a, b) => a - b);
    for (const created of bookings) {
      const vertical: Vertical = rng.chance(0.8) || regionsBy.xray.length === 0 ? 'blood' : 'xray';
      const region = rng.weighted(regionsBy[vertical].map((r) => [r, r.weight] as const));
      const address = rng.pickSkewed(region.addresses, 1.5);
      const source = rng.weighted(SOURCES);
      const slotMinutes = rng.chance(0.65) ? 60 : 30;
      const lead = rng.weighted([
        [rng.int(60, 300) * MINUTE, 35],
        [rng.int(14, 30) * HOUR, 45],
        [rng.int(38, 54) * HOUR, 15],
        [rng.int(62, 78) * HOUR, 5],
      ] as const);
      const placed = nearNowPickup(rng, nearNow, st, vertical, region.id, windows, created, ctx, {
        slotMinutes,
      });
      const pickup = placed?.pickup ?? nextSlot(created + lead, ctx.todayStart, slotMinutes, rng);
      const day = karachiDate(created);
      const key = `${vertical}|${day}`;
      const seq = (counters.get(key) ?? 0) + 1;
      counters.set(key, seq);
      const fromPartial = (source === 'Website' || source === 'WhatsApp') && rng.chance(0.1);
      const id = ++st.ids.order;
      const built = buildOrder(ctx, rng, tests, questions, st, chunk, {
        id,
        number: orderNumber(vertical, day, seq),
        vertical,
        region,
        address,
        created,
        pickup,
        slotMinutes,
        source,
        placed: placed?.kind ?? null,
        partialOrderId: fromPartial ? partialId + 1 : null,
      });
      states[built.state]++;
      if (fromPartial) {
        const requested = new Date(created - rng.int(10, 120) * MINUTE);
        chunk.partials.push({
          id: ++partialId,
          cityId: region.cityId,
          name: address.customerName,
          phone: address.phone,
          address: address.address,
          latitude: address.latitude,
          longitude: address.longitude,
          state: 'CONVERTED',
          date: karachiDate(pickup),
          timeSlot: slotLabel(pickup, slotMinutes),
          pickup: new Date(pickup),
          tests: built.testNames,
          source: source === 'Website' ? 'website' : 'whatsapp',
          created: requested,
          modified: new Date(created),
        });
      }
      if (chunk.orders.length >= CHUNK) {
        // The database writes one chunk while the next is generated (PostgreSQL runs apart).
        await pending;
        pending = flush(db, chunk, history);
        pending.catch(() => {});
        chunk = emptyChunk();
      }
      if (++done >= nextLog) {
        ctx.log(`orders: ${done}/${total}`);
        nextLog += total / 10;
      }
    }
  }
  await pending;
  await flush(db, chunk, history);
  return { active: st.active, counters, states };
}

async function flush(db: Db, c: OrderChunk, history: boolean): Promise<void> {
  await insertRows(db, partialOrders, c.partials);
  await insertRows(db, orders, c.orders);
  await insertRows(db, orderScanTypes, c.scanTypes);
  if (history) await insertRows(db, orderActivities, c.activities);
  await insertRows(db, orderTubes, c.tubes);
  await insertRows(db, publicLinks, c.links);
  await insertRows(db, orderReviews, c.reviews);
  await insertRows(db, riderToPatientFeedback, c.riderFeedback);
  await insertRows(db, feedbackInteractions, c.interactions);
  await insertRows(db, feedbackAnswers, c.answers);
}

/**
 * Some bookings of the last three days take a pickup around now (NEAR_NOW_PICKUPS): one just
 * past whose sample a rider is carrying to the lab while the vertical still owes delivering
 * riders, then a late one and then a soon one, until the vertical has its quota; null leaves the
 * booking to the usual lead. One such pickup per region and hour, so a night slot's few riders
 * are not all booked by them and the slot stays on offer.
 */
function nearNowPickup(
  rng: Rng,
  nearNow: {
    left: Map<Vertical, Record<Exclude<NearNowKind, 'collected'>, number>>;
    taken: Set<string>;
  },
  st: BuildState,
  vertical: Vertical,
  regionId: number,
  windows: NearNowWindows,
  created: number,
  ctx: DemoContext,
  { slotMinutes }: { slotMinutes: number },
): { pickup: number; kind: NearNowKind } | null {
  const left = nearNow.left.get(vertical);
  const now = ctx.now.getTime();
  // X-ray has a fifth of the bookings: all of its recent ones are offered a placement.
  if (!left || created < now - 72 * HOUR || !rng.chance(vertical === 'xray' ? 1 : 0.6)) return null;
  // The delivering floor is counted down when a rider takes the order (order-build.ts).
  const wanted = { collected: st.floors.delivering.get(vertical) ?? 0, ...left };
  for (const kind of NEAR_NOW_KINDS) {
    if (wanted[kind] <= 0) continue;
    const pickup = pickupInWindow(rng, windows[kind], created, ctx.todayStart, slotMinutes);
    if (pickup === null) continue;
    // Keyed by the hour: a 60-minute slot overlaps both half-hours.
    const key = `${regionId}|${Math.floor(pickup / HOUR)}`;
    if (nearNow.taken.has(key)) continue;
    nearNow.taken.add(key);
    if (kind !== 'collected') left[kind]--;
    return { pickup, kind };
  }
  return null;
}

/** Slow growth over the two months, quieter Sundays, and today only up to now. */
function dayWeights(ctx: DemoContext): number[] {
  const now = ctx.now.getTime();
  const weights: number[] = [];
  const totalMass = BOOKING_HOURS.reduce((s, [, w]) => s + w, 0);
  for (let d = -HISTORY_DAYS; d <= 0; d++) {
    const dayStart = ctx.todayStart + d * DAY;
    const sunday = new Date(dayStart + 12 * HOUR).getUTCDay() === 0;
    let w = (1 + (0.25 * (d + HISTORY_DAYS)) / HISTORY_DAYS) * (sunday ? 0.7 : 1);
    if (d === 0) {
      const hoursNow = (now - 5 * MINUTE - dayStart) / HOUR;
      let mass = 0;
      for (const [h, hw] of BOOKING_HOURS) mass += hw * Math.max(0, Math.min(1, hoursNow - h));
      w *= mass / totalMass;
    }
    weights.push(w);
  }
  return weights;
}

/** Integer counts proportional to weights that sum exactly to total (largest remainder). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

function bookingTime(rng: Rng, dayStart: number, latest: number): number {
  for (let tries = 0; tries < 30; tries++) {
    const hour = rng.weighted(BOOKING_HOURS.map(([h, w]) => [h, w] as const));
    const t = dayStart + hour * HOUR + rng.int(0, HOUR - 1);
    if (t <= latest) return t;
  }
  return latest - rng.int(0, 30) * MINUTE;
}
