import {
  describeActivity,
  ORDER_TRANSITIONS,
  type OrderAction,
} from '@dastak/core/order-transitions';
import type { OrderState, Vertical } from '@dastak/core/states';
import { formatKarachi } from './order-rows';
import { fitTimes } from './order-timeline';
import type { Rng } from './random';
import type { DemoContext, LookupIds, PlaceRef, RiderRef, StaffRef } from './types';
import { HOUR, MINUTE } from './types';

/** One activity row to be. */
export type Event = {
  verb: string;
  at: number;
  description: string;
  actorId: number | null;
  data?: Record<string, unknown>;
};

export type HistoryInput = {
  now: number;
  created: number;
  pickup: number;
  state: OrderState;
  vertical: Vertical;
  offline: boolean;
  /** Created from an unverified or invalid address, so it began 'unverified'. */
  beganUnverified: boolean;
  creator: StaffRef | null;
  source: string;
  rider: RiderRef | null;
  manual: boolean;
  previousRider: RiderRef | null;
  rescheduled: boolean;
  dispatcher: StaffRef | null;
  staff: StaffRef[];
  lookups: LookupIds;
  centre: PlaceRef | null;
  problemStringId: number | null;
  cancellationStringId: number | null;
};

export type History = { events: Event[]; times: Partial<Record<string, number>> };

const fullName = (p: { firstName: string; lastName: string } | null | undefined) =>
  p ? `${p.firstName} ${p.lastName}` : '';
const SYSTEM = 'Auto-assignment';

/**
 * The activity log of an order, step by step along the transitions of ADR 0003 (verbs and
 * descriptions from core), with times that increase and never pass "now".
 */
export function buildHistory(rng: Rng, h: HistoryInput): History {
  const steps: string[] = [];
  const { state, offline, rider, pickup: p } = h;
  const delivered = state === 'delivered';
  if (h.beganUnverified && state !== 'unverified' && !(state === 'cancelled' && rng.chance(0.3))) {
    steps.push('verify');
  }
  if (h.rescheduled) steps.push('reschedule');
  if (offline && (state === 'offlineInProgress' || delivered)) steps.push('offlineInProgress');
  if (rider) {
    if (h.previousRider) steps.push('assign-previous', 'reassign');
    else steps.push('assign');
  }
  if (rider && (state === 'reached' || state === 'collected' || delivered)) steps.push('reached');
  if (rider && (state === 'collected' || delivered)) steps.push('collected');
  if (delivered) steps.push(offline ? 'deliver' : 'delivered');
  if (state === 'problem' && !rider) steps.push('assignmentFailed');
  if (state === 'problem') steps.push('problem');
  if (state === 'cancelled') steps.push('cancel');

  // Collection follows the rider's arrival by the minutes at the door, so the demo's on-time
  // rates (ADR 0025: reach by slot start + 10, collect 10 later) read like a working service's.
  let reachedAt = p;
  const desired = steps.map((step) => {
    switch (step) {
      case 'verify':
        return h.created + rng.int(5, 90) * MINUTE;
      case 'reschedule':
        return h.created + rng.int(20, 180) * MINUTE;
      case 'assign-previous':
        return p - rng.int(90, 180) * MINUTE;
      case 'assign':
      case 'reassign':
        return p - rng.int(20, 110) * MINUTE;
      case 'offlineInProgress':
        return p - rng.int(0, 30) * MINUTE;
      case 'reached':
        reachedAt = p + Math.round(rng.normal(0, 9, -20, 75)) * MINUTE;
        return reachedAt;
      case 'collected':
        return reachedAt + rng.int(4, 14) * MINUTE;
      case 'delivered':
      case 'deliver':
        return p + rng.int(60, 200) * MINUTE;
      case 'assignmentFailed':
        return p - rng.int(20, 60) * MINUTE;
      case 'problem':
        return p + rng.int(-15, 30) * MINUTE;
      default:
        return Math.min(p + rng.int(-600, 30) * MINUTE, h.now);
    }
  });
  const upper = Math.min(
    h.now - MINUTE,
    Math.max(h.created + (steps.length + 1) * MINUTE, ...desired),
  );
  const fitted = fitTimes(desired, h.created, upper);
  const times: Partial<Record<string, number>> = {};
  steps.forEach((step, i) => {
    times[step] = fitted[i];
  });

  const actorName = (s: StaffRef | null) => fullName(s) || SYSTEM;
  const someStaff = () => rng.pick(h.staff);
  const describe = (action: OrderAction, values: Record<string, string>) =>
    describeActivity(action, values);
  const verb = (action: OrderAction) => ORDER_TRANSITIONS[action].verb;
  const events: Event[] = [
    {
      verb: verb('create'),
      at: h.created,
      actorId: h.creator?.id ?? null,
      description: describe('create', { actor: h.creator ? fullName(h.creator) : h.source }),
      data: { source: h.source, pickup: new Date(p).toISOString() },
    },
  ];
  for (const step of steps) {
    const at = times[step] as number;
    const push = (
      action: OrderAction,
      actorId: number | null,
      values: Record<string, string>,
      data?: Record<string, unknown>,
    ) =>
      events.push({
        verb: verb(action),
        at,
        actorId,
        description: describe(action, values),
        ...(data ? { data } : {}),
      });
    const staffer = someStaff();
    switch (step) {
      case 'verify':
        push('verify', staffer?.id ?? null, { actor: actorName(staffer ?? null) });
        break;
      case 'reschedule': {
        const stringId = rng.pick(h.lookups.reschedule);
        const from = p - rng.int(1, 26) * HOUR;
        push(
          'reschedule',
          staffer?.id ?? null,
          {
            pickup: formatKarachi(p),
            actor: actorName(staffer ?? null),
            reason: h.lookups.text.get(stringId) ?? '',
          },
          {
            from: new Date(from).toISOString(),
            to: new Date(p).toISOString(),
            rescheduleStringId: stringId,
          },
        );
        break;
      }
      case 'assign-previous':
        push(
          'assign',
          null,
          { rider: fullName(h.previousRider), actor: SYSTEM },
          { riderId: h.previousRider?.id },
        );
        break;
      case 'reassign': {
        const stringId = rng.pick(h.lookups.reassignment);
        push(
          'reassign',
          h.dispatcher?.id ?? null,
          {
            previousRider: fullName(h.previousRider),
            rider: fullName(rider),
            actor: actorName(h.dispatcher),
            reason: h.lookups.text.get(stringId) ?? '',
          },
          {
            riderId: rider?.id,
            previousRiderId: h.previousRider?.id,
            reassignmentStringId: stringId,
          },
        );
        break;
      }
      case 'assign':
        push(
          'assign',
          h.manual ? (h.dispatcher?.id ?? null) : null,
          { rider: fullName(rider), actor: h.manual ? actorName(h.dispatcher) : SYSTEM },
          { riderId: rider?.id },
        );
        break;
      case 'offlineInProgress':
        push('offlineInProgress', h.dispatcher?.id ?? null, { actor: actorName(h.dispatcher) });
        break;
      case 'reached':
        push('reached', rider?.id ?? null, { rider: fullName(rider) });
        break;
      case 'collected':
        push('collected', rider?.id ?? null, { rider: fullName(rider) });
        break;
      case 'delivered':
        push(
          'delivered',
          rider?.id ?? null,
          { rider: fullName(rider), collectionCenter: h.centre?.name ?? 'the lab' },
          { collectionCenterId: h.centre?.id },
        );
        break;
      case 'deliver':
        push(
          'deliver',
          h.dispatcher?.id ?? null,
          { actor: actorName(h.dispatcher) },
          { collectionCenterId: h.centre?.id },
        );
        break;
      case 'assignmentFailed':
        push('assignmentFailed', null, {
          reason: `no ${h.vertical === 'blood' ? 'phlebotomist' : 'technician'} free before the pickup`,
        });
        break;
      case 'problem':
        push(
          'problem',
          rider?.id ?? null,
          {
            actor: rider ? fullName(rider) : SYSTEM,
            reason: h.lookups.text.get(h.problemStringId ?? 0) ?? '',
          },
          { problemStringId: h.problemStringId },
        );
        break;
      case 'cancel':
        push(
          'cancel',
          staffer?.id ?? null,
          {
            actor: actorName(staffer ?? null),
            reason: h.lookups.text.get(h.cancellationStringId ?? 0) ?? '',
          },
          { cancellationStringId: h.cancellationStringId },
        );
        break;
    }
  }
  return { events, times };
}

/** A staff edit that changes no state still writes its activity row (ADR 0003). */
export function flagEvent(
  events: Event[],
  rng: Rng,
  ctx: DemoContext,
  verb: string,
  text: string,
  after: number,
  now: number,
) {
  const staffer = rng.pick(ctx.staff);
  events.push({
    verb,
    at: Math.min(now - MINUTE, after + rng.int(2, 120) * MINUTE),
    actorId: staffer.id,
    description: `${text} by ${staffer.firstName} ${staffer.lastName}`,
  });
}
