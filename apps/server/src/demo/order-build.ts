import type { OrderState, Vertical } from '@dastak/core/states';
import { jitter } from './geometry';
import {
  type ActiveOrder,
  FOLLOW_UP_REASONS,
  formatKarachi,
  NOTES,
  type OrderChunk,
  PRESCRIPTION_DATA_URL,
  PROBLEM_DETAILS,
  type TestPicker,
} from './order-rows';
import { addFeedback, type Questions } from './order-feedback';
import { chooseState, fitTimes } from './order-timeline';
import type { Rng } from './random';
import type { AddressRef, DemoContext, RegionRef, RiderRef } from './types';
import { HOUR, MINUTE } from './types';

export type BuildState = {
  ids: { order: number; scanType: number; activity: number };
  missing: Set<OrderState>;
  active: Map<number, ActiveOrder[]>;
  /** Pickups in hand per rider today, so no rider is given more than the 5 allowed. */
  load: Map<number, number>;
};

export type OrderSeed = {
  id: number;
  number: string;
  vertical: Vertical;
  region: RegionRef;
  address: AddressRef;
  created: number;
  pickup: number;
  slotMinutes: number;
  source: string;
  partialOrderId: number | null;
};

type Event = { verb: string; at: number; description: string; actorId: number | null; data?: Record<string, unknown> };

const RIDER_STATES: readonly OrderState[] = ['assigned', 'reached', 'collected', 'delivered'];
const SYSTEM_SOURCES = new Set(['Website', 'Mobile App']);

/** One order with its tests, activity history and feedback, consistent with its state. */
export function buildOrder(
  ctx: DemoContext,
  rng: Rng,
  tests: TestPicker,
  questions: Questions,
  st: BuildState,
  chunk: OrderChunk,
  seed: OrderSeed,
): { state: OrderState; testNames: string[] } {
  const now = ctx.now.getTime();
  const { vertical, region, address } = seed;
  const todayEnd = ctx.todayStart + 24 * HOUR;
  let offline = seed.source === 'Hospital Referral' && rng.chance(0.6);
  const state = chooseState(rng, seed.pickup, now, offline, todayEnd, st.missing);
  if (state === 'offlineInProgress') offline = true;

  const lk = ctx.lookups;
  const agents = ctx.staff.filter((s) => s.role === 'agent');
  const dispatcher = ctx.staff.find((s) => s.role === 'dispatcher') ?? ctx.staff[0];
  const creator = SYSTEM_SOURCES.has(seed.source) ? null : rng.chance(0.12) ? dispatcher : rng.pick(agents.length ? agents : ctx.staff);
  const name = (p?: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}` : 'System');

  const chosen = tests.pick(rng, vertical, vertical === 'blood' && rng.chance(0.03));
  const isCovid = chosen.some((t) => t.isCovid);
  const total = chosen.reduce((sum, t) => sum + t.value, 0);
  const discount = rng.weighted([
    [0, 72],
    [5, 10],
    [10, 10],
    [15, 5],
    [20, 3],
  ] as const);
  const givenValue = Math.round(total - (total * discount) / 100);
  const pin = { latitude: address.latitude, longitude: address.longitude };

  // Who holds the order.
  const withRider =
    !offline &&
    (RIDER_STATES.includes(state) ||
      (state === 'problem' && rng.chance(0.6)) ||
      (state === 'cancelled' && seed.pickup < now && rng.chance(0.25)));
  const rider = withRider ? pickRider(rng, region, isCovid, seed.pickup, now, st.load) : null;
  const manual = !!rider && rng.chance(0.3);
  const selfBooked = SYSTEM_SOURCES.has(seed.source) || seed.source === 'WhatsApp';
  const wasUnverified = state === 'unverified' || rng.chance(selfBooked ? 0.5 : 0.05);

  // Timeline.
  const events: Event[] = [];
  const sourceText = seed.source;
  events.push({
    verb: 'created',
    at: seed.created,
    actorId: creator?.id ?? null,
    description: `Order created by ${name(creator)} via ${sourceText}`,
    data: { pickup: new Date(seed.pickup).toISOString(), tests: chosen.map((t) => t.code) },
  });
  const times: Record<string, number> = {};
  const plan: string[] = [];
  if (wasUnverified && state !== 'unverified' && !(state === 'cancelled' && rng.chance(0.3))) plan.push('verified');
  if (rng.chance(0.04) && seed.pickup - seed.created > 3 * HOUR) plan.push('rescheduled');
  if (offline && state !== 'scheduled' && state !== 'cancelled') plan.push('offline-in-progress');
  if (rider) {
    if (rng.chance(0.06) && region.riders.length > 1) plan.push('first-assigned', 'reassigned');
    else plan.push('assigned');
  }
  if (!offline && (state === 'reached' || state === 'collected' || state === 'delivered')) plan.push('reached');
  if (state === 'collected' || state === 'delivered') plan.push('collected');
  if (state === 'delivered') plan.push('delivered');
  if (state === 'problem') plan.push('problem');
  if (state === 'cancelled') plan.push('cancelled');
  const desired = plan.map((step) => {
    const p = seed.pickup;
    switch (step) {
      case 'verified':
        return seed.created + rng.int(5, 90) * MINUTE;
      case 'rescheduled':
        return seed.created + rng.int(20, 180) * MINUTE;
      case 'first-assigned':
        return p - rng.int(90, 180) * MINUTE;
      case 'assigned':
      case 'reassigned':
        return p - rng.int(20, 120) * MINUTE;
      case 'offline-in-progress':
        return p - rng.int(0, 30) * MINUTE;
      case 'reached':
        return p + Math.round(rng.normal(4, 12, -20, 75)) * MINUTE;
      case 'collected':
        return p + rng.int(10, 40) * MINUTE;
      case 'delivered':
        return p + rng.int(60, 200) * MINUTE;
      case 'problem':
        return p + rng.int(-20, 40) * MINUTE;
      default:
        return Math.min(p + rng.int(-600, 30) * MINUTE, now);
    }
  });
  const fitted = fitTimes(desired, seed.created, Math.min(now - MINUTE, Math.max(...desired, seed.created + plan.length * 2 * MINUTE)));
  plan.forEach((step, i) => {
    times[step] = fitted[i] as number;
  });

  const riderName = rider ? name(rider) : '';
  const centre = (state === 'delivered' || offline) && region.collectionCenters.length ? rng.pick(region.collectionCenters) : null;
  const problemStringId = state === 'problem' ? (rider ? rng.pick(lk.problem[vertical]) : lk.noRiderProblem) : null;
  const cancellationStringId = state === 'cancelled' ? rng.pick(lk.cancellation[vertical]) : null;
  const reached = times.reached !== undefined ? jitter(rng, pin, 60) : null;
  // Offline orders are collected at the hospital, recorded at the patient's pin.
  const collected = times.collected !== undefined ? (reached ? jitter(rng, reached, 15) : pin) : null;
  for (const step of plan) {
    const at = times[step] as number;
    const actor = (id: number | null | undefined) => id ?? null;
    switch (step) {
      case 'verified':
        events.push({ verb: 'verified', at, actorId: actor(rng.pick(ctx.staff).id), description: 'Order verified: address and tests confirmed with the customer' });
        break;
      case 'rescheduled': {
        const from = seed.pickup - rng.int(1, 26) * HOUR;
        const stringId = rng.pick(lk.reschedule);
        events.push({
          verb: 'rescheduled',
          at,
          actorId: actor(rng.pick(ctx.staff).id),
          description: `Rescheduled from ${formatKarachi(from)} to ${formatKarachi(seed.pickup)}: ${lk.text.get(stringId)}`,
          data: { from: new Date(from).toISOString(), to: new Date(seed.pickup).toISOString(), rescheduleStringId: stringId },
        });
        break;
      }
      case 'first-assigned': {
        const other = rng.pick(region.riders.filter((r) => r.id !== rider?.id));
        events.push({ verb: 'assigned', at, actorId: null, description: `Assigned to ${name(other)} (auto-assignment)`, data: { riderId: other?.id } });
        break;
      }
      case 'reassigned': {
        const stringId = rng.pick(lk.reassignment);
        events.push({
          verb: 'reassigned',
          at,
          actorId: dispatcher?.id ?? null,
          description: `Re-assigned to ${riderName}: ${lk.text.get(stringId)}`,
          data: { riderId: rider?.id, reassignmentStringId: stringId },
        });
        break;
      }
      case 'assigned':
        events.push({
          verb: 'assigned',
          at,
          actorId: manual ? (dispatcher?.id ?? null) : null,
          description: `Assigned to ${riderName}${manual ? '' : ' (auto-assignment)'}`,
          data: { riderId: rider?.id },
        });
        break;
      case 'offline-in-progress':
        events.push({ verb: 'offline-in-progress', at, actorId: dispatcher?.id ?? null, description: 'Order marked in progress (fulfilled at the hospital)' });
        break;
      case 'reached':
        events.push({ verb: 'reached', at, actorId: rider?.id ?? null, description: `${riderName} reached the patient's location` });
        break;
      case 'collected':
        events.push({
          verb: 'collected',
          at,
          actorId: rider?.id ?? dispatcher?.id ?? null,
          description: offline ? 'Sample collected at the hospital' : vertical === 'blood' ? 'Sample collected' : 'X-ray taken at home',
        });
        break;
      case 'delivered':
        events.push({
          verb: 'delivered',
          at,
          actorId: rider?.id ?? dispatcher?.id ?? null,
          description: `Delivered to ${centre?.name ?? 'the lab'}`,
          data: { collectionCenterId: centre?.id },
        });
        break;
      case 'problem':
        events.push({ verb: 'problem', at, actorId: rider?.id ?? null, description: `Problem: ${lk.text.get(problemStringId ?? 0)}`, data: { problemStringId } });
        break;
      case 'cancelled':
        events.push({ verb: 'cancelled', at, actorId: rng.pick(ctx.staff).id, description: `Cancelled: ${lk.text.get(cancellationStringId ?? 0)}`, data: { cancellationStringId } });
        break;
    }
  }

  // Follow-ups only once the pickup time has passed.
  let followUps = 0;
  if (seed.pickup < now && !offline) {
    const p = state === 'problem' ? 0.45 : state === 'cancelled' ? 0.15 : 0.06;
    if (rng.chance(p)) followUps = rng.int(1, 3);
    for (let f = 0; f < followUps; f++) {
      const at = Math.min(now - MINUTE, seed.pickup + rng.int(5, 180) * MINUTE);
      events.push({ verb: 'follow-up', at, actorId: rng.pick(ctx.staff).id, description: `Follow-up: ${rng.pick(FOLLOW_UP_REASONS)}` });
    }
  }
  events.sort((a, b) => a.at - b.at);
  const modified = events[events.length - 1]?.at ?? seed.created;

  const isActive = state === 'assigned' || state === 'reached' || state === 'collected';
  if (rider && isActive) {
    const list = st.active.get(rider.id) ?? [];
    list.push({ orderId: seed.id, state, pickup: seed.pickup, slotMinutes: seed.slotMinutes, collectionCenterId: region.collectionCenters[0]?.id ?? null, ...pin });
    st.active.set(rider.id, list);
  }

  chunk.orders.push({
    id: seed.id,
    number: seed.number,
    vertical,
    state,
    pickup: new Date(seed.pickup),
    timeSlotMinutes: seed.slotMinutes,
    regionId: region.id,
    customerId: address.customerId,
    patientId: rng.chance(0.6) ? (address.patientIds[0] as number) : rng.pick(address.patientIds),
    customerAddressId: address.id,
    address: address.address,
    latitude: address.latitude,
    longitude: address.longitude,
    addressTypeId: address.addressTypeId,
    assignedRiderId: rider?.id ?? null,
    additionalNotes: rng.chance(0.15) ? rng.pick(NOTES) : '',
    urgentDelivery: rng.chance(0.05),
    isFasting: chosen.some((t) => t.requiresFasting) && rng.chance(0.85),
    isMedicineAndSpecificTime: rng.chance(0.04),
    needsReview: rng.chance(state === 'problem' ? 0.2 : 0.03),
    isFollowUpAddressed: followUps > 0 && rng.chance(0.55),
    allowManualAssignment: !offline && rng.chance(0.97),
    isUnverified: state === 'unverified' || (state === 'cancelled' && wasUnverified && !times.verified),
    wasAutoAssigned: !!rider && !manual,
    wasManualAssigned: manual,
    isCovid,
    isUnverifiedByRider: !!reached && rng.chance(0.02),
    isExternal: seed.source === 'Corporate Client',
    partialOrderId: seed.partialOrderId,
    fulfillmentMethod: offline ? 'offline' : 'online',
    orderType: seed.source === 'Hospital Referral' ? 2 : 1,
    orderSourceId: lk.orderSource[seed.source] ?? null,
    hearAboutId: address.hearAboutId,
    givenValue,
    discountPercent: discount,
    totalFollowUps: followUps,
    assignedAt: rider ? new Date((times.assigned ?? times.reassigned) as number) : null,
    expectedReachAt: state === 'assigned' ? new Date(seed.pickup + rng.int(-10, 25) * MINUTE) : null,
    reachedAt: times.reached ? new Date(times.reached) : null,
    collectedAt: times.collected ? new Date(times.collected) : null,
    deliveredAt: times.delivered ? new Date(times.delivered) : null,
    cancelledAt: times.cancelled ? new Date(times.cancelled) : null,
    reachedThresholdDistance: reached ? 200 : null,
    riderReachedLatitude: reached?.latitude ?? null,
    riderReachedLongitude: reached?.longitude ?? null,
    riderCollectionLatitude: collected?.latitude ?? (times.collected ? pin.latitude : null),
    riderCollectionLongitude: collected?.longitude ?? (times.collected ? pin.longitude : null),
    prescriptionImage: rng.chance(0.03) ? PRESCRIPTION_DATA_URL : null,
    prescriptionFiles: rng.chance(0.02)
      ? [{ url: PRESCRIPTION_DATA_URL, name: 'prescription.svg', contentType: 'image/svg+xml' }]
      : null,
    problemStringId,
    problemReason: problemStringId ? rng.pick(PROBLEM_DETAILS) : null,
    cancellationStringId,
    cancellationReason: cancellationStringId ? 'Customer informed on call' : null,
    collectionCenterId: state === 'delivered' ? (centre?.id ?? null) : null,
    createdById: creator?.id ?? null,
    created: new Date(seed.created),
    modified: new Date(modified),
  });
  for (const t of chosen) chunk.scanTypes.push({ id: ++st.ids.scanType, orderId: seed.id, scanTypeId: t.id, count: 1, value: t.value });
  for (const e of events) {
    chunk.activities.push({ id: ++st.ids.activity, orderId: seed.id, verb: e.verb, description: e.description, actorId: e.actorId, data: e.data ?? null, created: new Date(e.at) });
  }
  addFeedback(ctx, rng, questions, chunk, { orderId: seed.id, customerId: address.customerId, state, riderId: rider?.id ?? null, deliveredAt: times.delivered ?? times.collected ?? null, followUps, offline });
  return { state, testNames: chosen.map((t) => t.name) };
}

function pickRider(
  rng: Rng,
  region: RegionRef,
  isCovid: boolean,
  pickup: number,
  now: number,
  load: Map<number, number>,
): RiderRef | null {
  let pool = region.riders;
  if (isCovid && pool.some((r) => r.isCovid)) pool = pool.filter((r) => r.isCovid);
  const live = Math.abs(pickup - now) < 12 * HOUR;
  if (live) {
    const onDuty = pool.filter((r) => r.isOnDuty && (load.get(r.id) ?? 0) < 5);
    if (onDuty.length) pool = onDuty;
  }
  if (pool.length === 0) return null;
  const rider = rng.pick(pool);
  if (live) load.set(rider.id, (load.get(rider.id) ?? 0) + 1);
  return rider;
}
