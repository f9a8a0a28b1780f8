import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { RIDER_STATES } from '@dastak/core/states';
import { ordersToEscalate, waitingWindow } from '../../apps/server/src/jobs/auto-assignment-rules';
import { DISPATCH_DEFAULTS } from '../../apps/server/src/modules/dispatch/dispatch-config';
import type { SolveInput } from '../../apps/server/src/modules/dispatch/routing/auto-assign';
import { type Point, roadLeg } from '../../apps/server/src/modules/dispatch/routing/distance';
import {
  type OrderModel,
  planRoute,
  type RiderModel,
  type Stop,
} from '../../apps/server/src/modules/dispatch/routing/route-plan';
import { groupRiders } from '../../apps/server/src/modules/dispatch/suggested/scoring';
import { EventQueue } from './clock';
import type { Policy } from './policies';
import {
  bySlot,
  lerp,
  noiseFactor,
  type OrderRecord,
  type RiderRecord,
  type SimOptions,
  type SimResult,
} from './records';
import { DAY_START, type Day, type SimOrder } from './world';

/**
 * The simulated day: a discrete-event loop on a virtual clock. Every job period the policy
 * solves the waiting orders against models built from the riders' true state (as the job builds
 * them from the database); riders then ride at street speed with noise, wait for slots, spend
 * their service time, deliver to the nearest collection centre, break down or drop out. What the
 * road and the patients did is judged against the slots, not against the plan.
 */

const MIN = 60_000;
/** A patient who is not home: the rider waits this long before leaving. */
const PATIENT_WAIT_MIN = 10;
/** Handing the box over at the collection centre. */
const HANDOVER_MIN = 5;
/** A rider heads for the centre with this many samples, or once the oldest is this old. */
const DELIVER_AT_SAMPLES = 3;
const DELIVER_AT_AGE_MIN = 90;
/** Past this age the rider delivers even if it makes the next pickup late. */
const MUST_DELIVER_AGE_MIN = 150;
/** A dispatcher takes this long to act on an escalated order. */
const DISPATCHER_DELAY_MIN = 5;
/** Slots end by then; riders finish their queues, the clock runs at most this much longer. */
const OVERTIME_MIN = 180;

type Event =
  | { k: 'book'; order: SimOrder }
  | { k: 'online' | 'shiftEnd' | 'problem' | 'repair' | 'wake'; rider: RiderRecord }
  | { k: 'arrive'; rider: RiderRecord; version: number }
  | { k: 'doorDone' | 'handedOver'; rider: RiderRecord }
  | { k: 'tick' };

export function simulateDay(day: Day, policy: Policy, opts: SimOptions = {}): SimResult {
  const config = { ...DISPATCH_DEFAULTS, ...opts.config, ...policy.config };
  const travel = (a: Point, b: Point) => roadLeg(a, b, config);
  const endMinutes = opts.sliceMinutes ?? day.spec.endMinutes;
  const dayEnd = DAY_START + endMinutes * MIN;
  const hardEnd = dayEnd + OVERTIME_MIN * MIN;
  const q = new EventQueue<Event>(DAY_START);
  const records = new Map<number, OrderRecord>();
  const riders: RiderRecord[] = [];
  const dispatcherPool = new Map<number, number>(); // order id -> escalated at
  let solveMs = 0;
  let dispatchRuns = 0;

  for (const o of day.orders) {
    if (o.bookedAt >= dayEnd || o.pickup >= dayEnd) continue;
    records.set(o.id, {
      order: o,
      status: 'future',
      riderId: null,
      reachedAt: null,
      collectedAt: null,
      deliveredAt: null,
      escalated: false,
      riderProblem: false,
      assignedLate: false,
      bumped: null,
    });
    q.push(o.bookedAt, { k: 'book', order: o });
  }
  for (const s of day.riders) {
    const rider: RiderRecord = {
      sim: s,
      present: false,
      gone: false,
      dropped: false,
      pos: s.hotspot,
      leg: null,
      queue: [],
      sequence: null,
      atDoor: null,
      carried: [],
      brokenUntil: 0,
      handingOver: false,
      version: 0,
      legs: 0,
      metres: 0,
      onAt: 0,
      offAt: null,
    };
    riders.push(rider);
    if (s.onlineAt !== null && s.onlineAt < dayEnd) q.push(s.onlineAt, { k: 'online', rider });
  }
  q.push(DAY_START, { k: 'tick' });

  const onShift = (r: RiderRecord) => r.present && !r.dropped && q.now < r.sim.shiftEnd;

  /** Where the rider is now; a leg under way is cut here, counting the road covered. */
  const stopHere = (r: RiderRecord) => {
    if (!r.leg) return;
    const { from, to, depart, arrive, metres } = r.leg;
    const f = arrive > depart ? Math.min(1, (q.now - depart) / (arrive - depart)) : 1;
    r.pos = lerp(from, to, f);
    r.metres += metres * f;
    r.leg = null;
    r.version++;
  };

  const positionOf = (r: RiderRecord): Point => {
    if (!r.leg) return r.pos;
    const { from, to, depart, arrive } = r.leg;
    const f = arrive > depart ? Math.min(1, (q.now - depart) / (arrive - depart)) : 1;
    return lerp(from, to, f);
  };

  const ride = (r: RiderRecord, to: Point, orderId: number | null) => {
    const est = travel(r.pos, to);
    const minutes = est.minutes * noiseFactor(r.sim.noiseSeed, r.legs++);
    r.leg = {
      from: r.pos,
      to,
      depart: q.now,
      arrive: q.now + minutes * MIN,
      metres: est.metres,
      orderId,
    };
    r.version++;
    q.push(r.leg.arrive, { k: 'arrive', rider: r, version: r.version });
  };

  const nearestCentre = (p: Point) =>
    day.centres.reduce((best, c) => (travel(p, c).minutes < travel(p, best).minutes ? c : best));

  /** The rider's pickups in the order the plan visits them: its sequence, else slot order. */
  const inPlanOrder = (r: RiderRecord, held: readonly OrderRecord[]): OrderRecord[] => {
    const seq = r.sequence;
    if (!seq) return [...held].sort(bySlot);
    const rank = (o: OrderRecord) => {
      const i = seq.indexOf(o.order.id);
      return i < 0 ? seq.length : i;
    };
    return [...held].sort((a, b) => rank(a) - rank(b) || bySlot(a, b));
  };

  /** Whether the rider should head to a centre now, given the next pickup (if any). */
  const shouldDeliver = (r: RiderRecord, next: OrderRecord | undefined): boolean => {
    if (r.carried.length === 0) return false;
    const oldest = Math.min(...r.carried.map((o) => o.collectedAt!));
    const age = (q.now - oldest) / MIN;
    if (age >= MUST_DELIVER_AGE_MIN) return true;
    const want = r.carried.length >= DELIVER_AT_SAMPLES || age >= DELIVER_AT_AGE_MIN || !onShift(r);
    if (!want) return false;
    if (!next) return true;
    // A detour only when the next pickup is still reached on time after it (planned times).
    const c = nearestCentre(r.pos);
    const back =
      q.now + (travel(r.pos, c).minutes + HANDOVER_MIN + travel(c, next.order.point).minutes) * MIN;
    return back <= next.order.pickup + config.onTimeGraceMinutes * MIN;
  };

  /** The rider picks the next thing to do, following the plan's visiting order (slot order). */
  const advance = (r: RiderRecord) => {
    if (!r.present || r.gone || r.atDoor || r.handingOver || r.leg || r.brokenUntil > q.now) return;
    const next = inPlanOrder(r, r.queue)[0];
    if (shouldDeliver(r, next)) {
      ride(r, nearestCentre(r.pos), null);
      return;
    }
    if (next) {
      ride(r, next.order.point, next.order.id);
      return;
    }
    if (r.carried.length > 0) {
      // Idle with samples: look again when the oldest reaches the delivery age.
      const oldest = Math.min(...r.carried.map((o) => o.collectedAt!));
      const at = Math.max(q.now + MIN, oldest + DELIVER_AT_AGE_MIN * MIN);
      q.push(at, { k: 'wake', rider: r });
      return;
    }
    if (!onShift(r)) {
      r.gone = true;
      r.offAt = q.now;
    }
  };

  /** After the queue changed: ride to the plan's first stop if that is not where the rider goes. */
  const retarget = (r: RiderRecord) => {
    if (r.leg && r.leg.orderId !== null) {
      const first = inPlanOrder(r, r.queue)[0];
      if (first && first.order.id === r.leg.orderId) return;
      stopHere(r);
    }
    advance(r);
  };

  const toOrderModel = (o: OrderRecord): OrderModel => ({
    orderId: o.order.id,
    point: o.order.point,
    pickup: o.order.pickup,
    regionId: 1,
    cityId: 1,
    isCovid: o.order.isCovid,
    cellId: null,
    assignedRiderId: o.riderId,
  });
  const stopOf = (o: OrderRecord, pinned = false): Stop => ({
    orderId: o.order.id,
    point: o.order.point,
    pickup: o.order.pickup,
    pinned,
  });

  /** The rider as the job would load it; `held` are the queued pickups left in its plan. */
  const riderModel = (r: RiderRecord, held: readonly OrderRecord[]): RiderModel => {
    const pickups = [
      ...(r.atDoor ? [stopOf(r.atDoor, true)] : []),
      ...inPlanOrder(r, held).map((o) => stopOf(o)),
    ];
    const inHand = pickups.length + r.carried.length;
    const delivering = r.handingOver || (r.leg !== null && r.leg.orderId === null);
    return {
      id: r.sim.id,
      regionId: 1,
      cityId: 1,
      position: positionOf(r),
      isOnDuty: onShift(r),
      isOnline: true,
      state: delivering
        ? RIDER_STATES.DELIVERING
        : inHand >= RIDER_MAX_PICKUPS
          ? RIDER_STATES.PICKING_UP_FULL
          : pickups.length > 0
            ? RIDER_STATES.PICKING_UP_HAS_CAPACITY
            : RIDER_STATES.IDLE,
      isWildcard: false,
      isCovid: r.sim.isCovid,
      capacity: RIDER_MAX_PICKUPS,
      cellId: null,
      availableFrom: r.brokenUntil > q.now ? r.brokenUntil : 0,
      pickups,
      inHand,
      outsideHomeRegion: false,
    };
  };

  /**
   * Re-prices a rider's plan after `added` joined it and notes which pickups it now reaches late:
   * an added one late from the start, or a held one on time without the additions and late with
   * them (one already late before is the road's doing, not the assignment's).
   */
  const notePlan = (r: RiderRecord, added: ReadonlySet<OrderRecord>, by: 'job' | 'dispatcher') => {
    const lateIn = (queue: readonly OrderRecord[]) => {
      const model = riderModel(r, queue);
      const late = new Set<OrderRecord>();
      for (const o of queue) {
        const t = planRoute(model, [], q.now, travel, config, o.order.id).target;
        if (t && t.lateMinutes > 0) late.add(o);
      }
      return late;
    };
    const before = lateIn(r.queue.filter((o) => !added.has(o)));
    const after = lateIn(r.queue);
    for (const o of r.queue) {
      if (!after.has(o)) continue;
      if (added.has(o)) o.assignedLate = true;
      else if (!before.has(o)) o.bumped ??= by;
    }
  };

  const assign = (o: OrderRecord, r: RiderRecord) => {
    o.status = 'assigned';
    o.riderId = r.sim.id;
    r.queue.push(o);
  };

  const dispatch = () => {
    const win = waitingWindow(q.now, config);
    const waiting = [...records.values()].filter(
      (o) => o.status === 'waiting' && o.order.pickup >= win.from && o.order.pickup <= win.to,
    );
    const active = riders.filter((r) => r.present && !r.gone);
    const hasHeld = policy.replansHeld && active.some((r) => r.queue.length > 1);
    if (waiting.length === 0 && dispatcherPool.size === 0 && !hasHeld) return;
    // Re-planning: pickups not started (not at the door, not ridden to) go back in.
    const started = (r: RiderRecord, o: OrderRecord) => r.leg?.orderId === o.order.id;
    const kept = new Map<RiderRecord, OrderRecord[]>();
    const reopened: OrderRecord[] = [];
    for (const r of active) {
      if (!policy.replansHeld) kept.set(r, r.queue);
      else {
        kept.set(
          r,
          r.queue.filter((o) => started(r, o)),
        );
        reopened.push(...r.queue.filter((o) => !started(r, o)));
      }
    }
    const byId = new Map(active.map((r) => [r.sim.id, r]));
    const recordOf = new Map([...waiting, ...reopened].map((o) => [o.order.id, o]));
    const solve = (open: readonly OrderRecord[]) => {
      const input: SolveInput = {
        orders: open.map(toOrderModel),
        riders: active.map((r) => riderModel(r, kept.get(r)!)),
        now: q.now,
        travel,
        config,
        cells: { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() },
      };
      const t0 = performance.now();
      const res = open.length > 0 ? policy.solve(input) : { assignments: [], unassigned: [] };
      solveMs += performance.now() - t0;
      dispatchRuns++;
      return res;
    };
    let open = [...reopened];
    let result = solve([...waiting, ...open]);
    // A held pickup nobody takes on time stays with its rider; the others must be planned
    // around it, so they are solved again with it pinned in that rider's plan.
    for (;;) {
      const stuck = new Set(result.unassigned);
      const staying = open.filter((o) => stuck.has(o.order.id));
      if (staying.length === 0) break;
      for (const o of staying) kept.get(byId.get(o.riderId!)!)!.push(o);
      open = open.filter((o) => !stuck.has(o.order.id));
      result = solve([...waiting, ...open]);
    }

    const previous = new Map(reopened.map((o) => [o, byId.get(o.riderId!)!]));
    const added = new Map<RiderRecord, Set<OrderRecord>>();
    for (const r of active) {
      r.queue = [...kept.get(r)!];
      added.set(r, new Set());
    }
    for (const a of result.assignments) {
      const o = recordOf.get(a.orderId)!;
      const r = byId.get(a.riderId)!;
      // A pickup staying with its rider is not a new assignment.
      if (previous.get(o) !== r) added.get(r)!.add(o);
      assign(o, r);
    }
    // A solver that orders the stops hands each used rider's visiting order back: ride it.
    for (const route of result.routes ?? []) byId.get(route.riderId)!.sequence = route.orderIds;
    const unassigned = new Set(result.unassigned);
    for (const [o, r] of previous) if (unassigned.has(o.order.id)) assign(o, r);

    const unplaced = waiting
      .filter((o) => unassigned.has(o.order.id))
      .map((o) => ({ id: o.order.id, pickup: new Date(o.order.pickup), state: 'scheduled' }));
    for (const e of ordersToEscalate(unplaced, q.now, config, 'blood')) {
      const o = records.get(e.id)!;
      o.status = 'problem';
      o.escalated = true;
      dispatcherPool.set(o.order.id, q.now);
    }
    for (const r of active) {
      const fresh = added.get(r)!;
      if (fresh.size > 0 || policy.replansHeld) notePlan(r, fresh, 'job');
    }
    handleProblems(active);
    for (const r of active) retarget(r);
  };

  /** A dispatcher works the 'problem' orders: the top suggested rider, on time if anyone is. */
  const handleProblems = (active: RiderRecord[]) => {
    const due = [...dispatcherPool]
      .filter(([, at]) => q.now - at >= DISPATCHER_DELAY_MIN * MIN)
      .map(([id]) => records.get(id)!)
      .sort(bySlot);
    for (const o of due) {
      const models = active.map((r) => riderModel(r, r.queue));
      const ctx = {
        now: q.now,
        travel,
        config,
        cells: { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() },
      };
      const groups = groupRiders(toOrderModel(o), models, ctx);
      const best = groups.availableRiders[0] ?? groups.lateRiders[0];
      if (!best) continue;
      const r = active.find((x) => x.sim.id === best.riderId)!;
      dispatcherPool.delete(o.order.id);
      assign(o, r);
      // The suggestion priced the slot order; the rider rides that from now on.
      r.sequence = null;
      notePlan(r, new Set([o]), 'dispatcher');
    }
  };

  const dropOut = (r: RiderRecord) => {
    stopHere(r);
    r.dropped = true;
    r.gone = true;
    r.offAt = q.now;
    // Held pickups go to the dispatchers as problems; the box is handed to a colleague.
    for (const o of r.queue) {
      o.status = 'problem';
      o.riderId = null;
      o.riderProblem = true;
      dispatcherPool.set(o.order.id, q.now - DISPATCHER_DELAY_MIN * MIN);
    }
    r.queue = [];
    for (const o of r.carried) {
      o.status = 'delivered';
      o.deliveredAt = q.now;
    }
    r.carried = [];
  };

  for (let ev = q.pop(); ev && q.now <= hardEnd; ev = q.pop()) {
    switch (ev.k) {
      case 'book': {
        const o = records.get(ev.order.id)!;
        o.status = 'waiting';
        break;
      }
      case 'tick': {
        dispatch();
        const next = q.now + config.periodMs;
        if (next < dayEnd) q.push(next, { k: 'tick' });
        break;
      }
      case 'online': {
        const r = ev.rider;
        r.present = true;
        r.onAt = q.now;
        q.push(Math.max(q.now, r.sim.shiftEnd), { k: 'shiftEnd', rider: r });
        const p = r.sim.problem;
        if (p && p.at >= q.now) q.push(p.at, { k: 'problem', rider: r });
        break;
      }
      case 'shiftEnd':
        advance(ev.rider);
        break;
      case 'problem': {
        const r = ev.rider;
        const p = r.sim.problem!;
        if (r.gone) break;
        if (r.atDoor || r.handingOver) {
          q.push(q.now + 15 * MIN, { k: 'problem', rider: r });
          break;
        }
        for (const o of r.queue) o.riderProblem = true;
        if (p.dropsOut) dropOut(r);
        else {
          stopHere(r);
          r.brokenUntil = q.now + p.minutes * MIN;
          q.push(r.brokenUntil, { k: 'repair', rider: r });
        }
        break;
      }
      case 'repair':
      case 'wake':
        advance(ev.rider);
        break;
      case 'arrive': {
        const r = ev.rider;
        if (ev.version !== r.version || !r.leg) break;
        const leg = r.leg;
        r.pos = leg.to;
        r.metres += leg.metres;
        r.leg = null;
        r.version++;
        if (leg.orderId === null) {
          r.handingOver = true;
          q.push(q.now + HANDOVER_MIN * MIN, { k: 'handedOver', rider: r });
          break;
        }
        const o = records.get(leg.orderId)!;
        r.queue = r.queue.filter((x) => x !== o);
        r.atDoor = o;
        o.status = 'reached';
        o.reachedAt = q.now;
        const done = o.order.patientAway
          ? q.now + PATIENT_WAIT_MIN * MIN
          : Math.max(q.now, o.order.pickup) + o.order.serviceMinutes * MIN;
        q.push(done, { k: 'doorDone', rider: r });
        break;
      }
      case 'doorDone': {
        const r = ev.rider;
        const o = r.atDoor!;
        r.atDoor = null;
        if (o.order.patientAway) o.status = 'patientAway';
        else {
          o.status = 'collected';
          o.collectedAt = q.now;
          r.carried.push(o);
        }
        advance(r);
        break;
      }
      case 'handedOver': {
        const r = ev.rider;
        r.handingOver = false;
        for (const o of r.carried) {
          o.status = 'delivered';
          o.deliveredAt = q.now;
        }
        r.carried = [];
        advance(r);
        break;
      }
    }
  }

  let metres = 0;
  let hours = 0;
  for (const r of riders) {
    if (r.leg) stopHere(r);
    metres += r.metres;
    if (r.present) hours += ((r.offAt ?? q.now) - r.onAt) / (60 * MIN);
  }
  return {
    policy: policy.name,
    orders: [...records.values()],
    riderKm: metres / 1000,
    riderHours: hours,
    solveMs,
    dispatchRuns,
  };
}
