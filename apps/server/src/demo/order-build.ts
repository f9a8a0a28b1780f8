import { AUTO_ASSIGN_HORIZON_MINUTES, RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { describeActivity, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { orderTotal } from '@dastak/core/rules/order-total';
import { sampleExpiry } from '@dastak/core/rules/sample-stability';
import type { OrderState, Vertical } from '@dastak/core/states';
import { jitter } from './geometry';
import { addFeedback, type Questions } from './order-feedback';
import { buildHistory, flagEvent } from './order-history';
import {
  type ActiveOrder,
  FOLLOW_UP_REASONS,
  NOTES,
  type OrderChunk,
  PRESCRIPTION_DATA_URL,
  PROBLEM_DETAILS,
  type TestPicker,
} from './order-rows';
import { chooseState, type NearNowFloors, type NearNowKind } from './order-timeline';
import type { Rng } from './random';
import { pickRider } from './riders';
import type { AddressRef, DemoContext, RegionRef, RiderRef } from './types';
import { DAY, MINUTE } from './types';

export type BuildState = {
  ids: { order: number; scanType: number; activity: number };
  missing: Map<OrderState, number>;
  /** Late orders, delivering riders and more each vertical still needs (order-timeline.ts). */
  floors: NearNowFloors;
  active: Map<number, ActiveOrder[]>;
  /** Pickups in hand per rider around now, so no rider gets more than the 5 allowed. */
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
  /** The near-now placement that chose the pickup, if any (orders.ts). */
  placed: NearNowKind | null;
};

/** States in which the order holds a rider (problem and cancel release it, ADR 0003). */
const HOLDS_RIDER: readonly OrderState[] = ['assigned', 'reached', 'collected', 'delivered'];
const SELF_SERVICE = new Set(['Website', 'Mobile App']);

/**
 * On-duty riders of the region free to carry a collected sample to the lab alone: holding no
 * pickup, and not the region's only rider on duty (who stays free for the slots on offer).
 */
function freeToDeliver(st: BuildState, region: RegionRef, isCovid: boolean): RiderRef[] {
  const onDuty = region.riders.filter((r) => r.isOnDuty);
  if (onDuty.length < 2) return [];
  return onDuty.filter(
    (r) =>
      (!isCovid || r.isCovid) &&
      (st.load.get(r.id) ?? 0) < RIDER_MAX_PICKUPS &&
      (st.active.get(r.id) ?? []).every((o) => o.state === 'collected'),
  );
}

/**
 * A rider carrying this collected order's sample to the lab and nothing else
 * (MIN_DELIVERING_RIDERS_PER_VERTICAL): marked full, so no later order near now gives them a
 * pickup, and the rider profile says delivering (rider-profiles.ts).
 */
function deliveringRider(rng: Rng, st: BuildState, free: RiderRef[], vertical: Vertical) {
  const rider = rng.pick(free);
  st.load.set(rider.id, RIDER_MAX_PICKUPS);
  st.floors.delivering.set(vertical, (st.floors.delivering.get(vertical) ?? 1) - 1);
  return rider;
}

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
  const { vertical, region, address, pickup } = seed;
  const picked = tests.pick(rng, vertical, vertical === 'blood' && rng.chance(0.03));
  const isCovid = picked.some((t) => t.isCovid);
  const deliverers = seed.placed === 'collected' ? freeToDeliver(st, region, isCovid) : [];
  const chosen = chooseState(
    rng,
    {
      pickup,
      now,
      vertical,
      offline: seed.source === 'Hospital Referral' && rng.chance(vertical === 'blood' ? 0.6 : 0.25),
      lateSlot: pickup >= ctx.lateFrom && pickup < now - ctx.lateAfterMinutes * MINUTE,
      aheadSlot: pickup > now && pickup <= now + AUTO_ASSIGN_HORIZON_MINUTES * MINUTE,
      todaySlot: pickup >= ctx.todayStart && pickup < ctx.todayStart + DAY,
      collectedSlot: deliverers.length > 0,
      placed: seed.placed,
    },
    st.missing,
    st.floors,
  );
  const { state, offline } = chosen;

  const agents = ctx.staff.filter((s) => s.role === 'agent');
  const dispatcher = ctx.staff.find((s) => s.role === 'dispatcher') ?? null;
  const creator = SELF_SERVICE.has(seed.source)
    ? null
    : rng.chance(0.12) || agents.length === 0
      ? dispatcher
      : rng.pick(agents);

  const values = picked.map((t) => t.value);
  const discount = rng.weighted([
    [0, 72],
    [5, 10],
    [10, 10],
    [15, 5],
    [20, 3],
  ] as const);
  const pin = { latitude: address.latitude, longitude: address.longitude };

  // A rider once held the order if it got as far as assigned (or was assigned, then released).
  const hadRider =
    !offline &&
    (HOLDS_RIDER.includes(state) ||
      (state === 'problem' && rng.chance(0.6)) ||
      (state === 'cancelled' && pickup < now && rng.chance(0.25)));
  const rider = !hadRider
    ? null
    : state === 'collected' && !offline && deliverers.length > 0
      ? deliveringRider(rng, st, deliverers, vertical)
      : pickRider(rng, region, isCovid, pickup, now, st.load);
  const manual = !!rider && rng.chance(0.3);
  const others = rider ? region.riders.filter((r) => r.id !== rider.id) : [];
  const previousRider = rider && others.length && rng.chance(0.06) ? rng.pick(others) : null;
  const centre =
    state === 'delivered' && region.collectionCenters.length
      ? rng.pick(region.collectionCenters)
      : null;
  const problemStringId =
    state === 'problem'
      ? rider
        ? rng.pick(ctx.lookups.problem[vertical])
        : ctx.lookups.noRiderProblem
      : null;
  const cancellationStringId =
    state === 'cancelled' ? rng.pick(ctx.lookups.cancellation[vertical]) : null;

  const { events, times } = buildHistory(rng, {
    now,
    created: seed.created,
    pickup,
    state,
    vertical,
    offline,
    beganUnverified: state === 'unverified' || !address.verified,
    creator,
    source: seed.source,
    rider,
    manual,
    previousRider,
    rescheduled: rng.chance(0.04) && pickup - seed.created > 3 * 60 * MINUTE,
    dispatcher,
    staff: ctx.staff,
    lookups: ctx.lookups,
    centre,
    problemStringId,
    cancellationStringId,
  });
  const deliveredAt = times.delivered ?? times.deliver;
  // Offline samples are handed over at the hospital: collected when delivered, at the pin.
  const collectedAt = times.collected ?? (offline ? deliveredAt : undefined);
  // As markCollected stamps it: collection + the shortest window of the tests (ADR 0048). An
  // offline sample is handed over at the hospital and never travels with a rider.
  const sampleExpiresAt = times.collected ? sampleExpiry(new Date(times.collected), picked) : null;

  // Follow-ups happen while the order is still cancellable and its pickup time has passed.
  const followUpEnd = Math.min(now, times.collected ?? times.cancel ?? deliveredAt ?? now);
  let followUps = 0;
  if (followUpEnd - pickup > 10 * MINUTE) {
    const p = state === 'problem' ? 0.45 : state === 'cancelled' ? 0.15 : 0.08;
    if (rng.chance(p)) followUps = rng.int(1, 3);
  }
  let lastFollowUp = 0;
  for (let f = 0; f < followUps; f++) {
    const at = rng.int(pickup + 5 * MINUTE, followUpEnd - MINUTE);
    lastFollowUp = Math.max(lastFollowUp, at);
    const staffer = rng.pick(ctx.staff);
    const actor = `${staffer.firstName} ${staffer.lastName}`;
    events.push({
      verb: ORDER_TRANSITIONS.followUp.verb,
      at,
      actorId: staffer.id,
      description: describeActivity('followUp', { actor, reason: rng.pick(FOLLOW_UP_REASONS) }),
    });
  }
  const isFollowUpAddressed = followUps > 0 && rng.chance(0.55);
  if (isFollowUpAddressed) {
    flagEvent(
      events,
      rng,
      ctx,
      'followUpAddressed',
      'Follow up marked as addressed',
      lastFollowUp,
      now,
    );
  }
  const needsReview = rng.chance(state === 'problem' ? 0.2 : 0.03);
  if (needsReview)
    flagEvent(events, rng, ctx, 'reviewed', 'Marked as needing review', seed.created, now);
  events.sort((a, b) => a.at - b.at);

  const holds = rider && HOLDS_RIDER.includes(state) ? rider : null;
  if (holds && state !== 'delivered') {
    const list = st.active.get(holds.id) ?? [];
    const collectionCenterId = region.collectionCenters[0]?.id ?? null;
    list.push({
      orderId: seed.id,
      state,
      pickup,
      slotMinutes: seed.slotMinutes,
      collectionCenterId,
      sampleExpiresAt: sampleExpiresAt?.getTime() ?? null,
      ...pin,
    });
    st.active.set(holds.id, list);
  }
  const reachedAt = times.reached;
  const reachedPin = reachedAt ? jitter(rng, pin, 60) : null;
  const collectionPin = collectedAt ? (reachedPin ? jitter(rng, reachedPin, 15) : pin) : null;
  const file = rng.chance(0.02);

  chunk.orders.push({
    id: seed.id,
    number: seed.number,
    vertical,
    state,
    pickup: new Date(pickup),
    timeSlotMinutes: seed.slotMinutes,
    regionId: region.id,
    customerId: address.customerId,
    patientId: rng.chance(0.6) ? (address.patientIds[0] as number) : rng.pick(address.patientIds),
    customerAddressId: address.id,
    address: address.address,
    latitude: address.latitude,
    longitude: address.longitude,
    addressTypeId: address.addressTypeId,
    assignedRiderId: holds?.id ?? null,
    additionalNotes: rng.chance(0.15) ? rng.pick(NOTES) : '',
    urgentDelivery: rng.chance(0.05),
    isFasting: picked.some((t) => t.requiresFasting) && rng.chance(0.85),
    isMedicineAndSpecificTime: rng.chance(0.04),
    needsReview,
    isFollowUpAddressed,
    allowManualAssignment: !offline && rng.chance(0.97),
    isUnverified: state === 'unverified',
    wasAutoAssigned: !!rider && !manual,
    wasManualAssigned: manual,
    isCovid,
    isUnverifiedByRider: !!reachedPin && rng.chance(0.02),
    isExternal: seed.source === 'Corporate Client',
    partialOrderId: seed.partialOrderId,
    fulfillmentMethod: offline ? 'offline' : 'online',
    orderType: seed.source === 'Hospital Referral' ? 2 : 1,
    orderSourceId: ctx.lookups.orderSource[seed.source] ?? null,
    hearAboutId: address.hearAboutId,
    // Priced as the server prices a booking (ADR 0016); self-service orders came without one.
    givenValue: SELF_SERVICE.has(seed.source) ? null : orderTotal(values, discount),
    discountPercent: discount,
    totalFollowUps: followUps,
    assignedAt: rider ? new Date((times.assign ?? times.reassign) as number) : null,
    expectedReachAt: state === 'assigned' ? new Date(pickup + rng.int(-10, 25) * MINUTE) : null,
    reachedAt: reachedAt ? new Date(reachedAt) : null,
    collectedAt: collectedAt ? new Date(collectedAt) : null,
    sampleExpiresAt,
    deliveredAt: deliveredAt ? new Date(deliveredAt) : null,
    cancelledAt: times.cancel ? new Date(times.cancel) : null,
    reachedThresholdDistance: reachedPin ? 200 : null,
    riderReachedLatitude: reachedPin?.latitude ?? null,
    riderReachedLongitude: reachedPin?.longitude ?? null,
    riderCollectionLatitude: collectionPin?.latitude ?? null,
    riderCollectionLongitude: collectionPin?.longitude ?? null,
    prescriptionImage: !file && rng.chance(0.03) ? PRESCRIPTION_DATA_URL : null,
    prescriptionFiles: file ? [{ url: PRESCRIPTION_DATA_URL, kind: 'image' }] : [],
    problemStringId,
    problemReason: problemStringId ? rng.pick(PROBLEM_DETAILS) : null,
    cancellationStringId,
    cancellationReason: cancellationStringId ? 'Customer informed on call' : null,
    collectionCenterId: centre?.id ?? null,
    createdById: creator?.id ?? null,
    created: new Date(seed.created),
    modified: new Date(events[events.length - 1]?.at ?? seed.created),
  });
  for (const t of picked) {
    chunk.scanTypes.push({
      id: ++st.ids.scanType,
      orderId: seed.id,
      scanTypeId: t.id,
      count: 1,
      value: t.value,
    });
  }
  // A rider-collected blood sample carries 1–3 tubes labelled after the order (ADR 0062), from
  // the id and not the rng, so the rest of the demo stays as it was; delivered ones handed over.
  if (vertical === 'blood' && times.collected && !offline) {
    for (let i = 1; i <= 1 + (seed.id % 3); i++) {
      chunk.tubes.push({
        orderId: seed.id,
        label: `${seed.number}-${i}`,
        collectedAt: new Date(times.collected),
        collectedById: rider?.id ?? null,
        handedOverAt: state === 'delivered' && deliveredAt ? new Date(deliveredAt) : null,
      });
    }
  }
  for (const e of events) {
    chunk.activities.push({
      id: ++st.ids.activity,
      orderId: seed.id,
      verb: e.verb,
      description: e.description,
      actorId: e.actorId,
      data: e.data ?? null,
      created: new Date(e.at),
    });
  }
  addFeedback(ctx, rng, questions, chunk, {
    orderId: seed.id,
    customerId: address.customerId,
    state,
    riderId: holds?.id ?? null,
    deliveredAt: deliveredAt ?? collectedAt ?? null,
    followUps,
    offline,
  });
  return { state, testNames: picked.map((t) => t.name) };
}
