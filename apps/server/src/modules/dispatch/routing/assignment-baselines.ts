import {
  type Assignment,
  eligible,
  PlanBook,
  type SolveInput,
  type SolveResult,
} from './auto-assign';
import { haversineMetres } from './distance';
import { type OrderModel, planRoute } from './route-plan';

/**
 * Yardsticks for the solver (bench/assignment-quality.bench.ts and tests): two one-by-one
 * greedy rules and the exact optimum by enumeration, all priced by the same route model.
 */

/** Each order in slot order takes the nearest rider with room, late or not. */
export function greedyNearest(input: SolveInput): SolveResult {
  const { orders, riders } = input;
  const load = riders.map((r) => r.inHand);
  const assignments: Assignment[] = [];
  const unassigned: number[] = [];
  for (const o of [...orders].sort((a, b) => a.pickup - b.pickup)) {
    let best = -1;
    let bestD = Infinity;
    riders.forEach((r, i) => {
      if (!eligible(o, r) || load[i]! >= r.capacity || !r.position) return;
      const d = haversineMetres(r.position, o.point);
      if (d < bestD) [best, bestD] = [i, d];
    });
    if (best < 0) unassigned.push(o.orderId);
    else {
      load[best]!++;
      assignments.push({ orderId: o.orderId, riderId: riders[best]!.id });
    }
  }
  return { assignments, unassigned };
}

/** Each order in slot order takes the cheapest rider who still makes it on time. */
export function greedyCheapestOnTime(input: SolveInput): SolveResult {
  const book = new PlanBook(input);
  const assignments: Assignment[] = [];
  const unassigned: number[] = [];
  for (const o of [...input.orders].sort((a, b) => a.pickup - b.pickup)) {
    let best = -1;
    let bestC = Infinity;
    input.riders.forEach((r, i) => {
      if (!eligible(o, r)) return;
      const c = book.insertionDelta(i, o);
      if (c < bestC) [best, bestC] = [i, c];
    });
    if (best < 0) unassigned.push(o.orderId);
    else {
      book.set(best, [...book.added[best]!, o]);
      assignments.push({ orderId: o.orderId, riderId: input.riders[best]!.id });
    }
  }
  return { assignments, unassigned };
}

/** Serving an order always beats any travel saving. */
const UNSERVED_PENALTY = 1e5;

/**
 * The exact optimum of the solver's objective (most orders served, then least cost) by
 * depth-first enumeration with bounding. Exponential: for instances of about 6 x 6.
 */
export function bruteForceOptimum(input: SolveInput): SolveResult {
  const { orders, riders } = input;
  const book = new PlanBook(input);
  const choice: number[] = orders.map(() => -1);
  let best = Infinity;
  let bestChoice = [...choice];
  const base = book.value.reduce((a, b) => a + b, 0);
  const walk = (k: number, acc: number) => {
    if (acc >= best) return;
    if (k === orders.length) {
      best = acc;
      bestChoice = [...choice];
      return;
    }
    const o = orders[k]!;
    for (let ri = 0; ri < riders.length; ri++) {
      if (!eligible(o, riders[ri]!)) continue;
      const delta = book.insertionDelta(ri, o);
      if (delta === Infinity) continue;
      const prev = book.added[ri]!;
      book.set(ri, [...prev, o]);
      choice[k] = ri;
      walk(k + 1, acc + delta);
      book.set(ri, prev);
    }
    choice[k] = -1;
    walk(k + 1, acc + UNSERVED_PENALTY);
  };
  walk(0, base);
  const assignments: Assignment[] = [];
  const unassigned: number[] = [];
  bestChoice.forEach((ri, k) => {
    const id = orders[k]!.orderId;
    if (ri < 0) unassigned.push(id);
    else assignments.push({ orderId: id, riderId: riders[ri]!.id });
  });
  return { assignments, unassigned };
}

export interface PlanQuality {
  orders: number;
  served: number;
  onTime: number;
  /** Road km the new pickups add to the riders' routes. */
  addedKm: number;
  /** Minutes of lateness over all pickups (new and already held) of the riders used. */
  lateMinutes: number;
}

/** Prices any assignment with the route model: who is on time, how far everyone rides. */
export function evaluatePlan(input: SolveInput, result: SolveResult): PlanQuality {
  const { riders, now, travel, config } = input;
  const byId = new Map(input.orders.map((o) => [o.orderId, o]));
  const perRider = new Map<number, OrderModel[]>();
  for (const a of result.assignments) {
    const list = perRider.get(a.riderId) ?? [];
    list.push(byId.get(a.orderId)!);
    perRider.set(a.riderId, list);
  }
  const q: PlanQuality = {
    orders: input.orders.length,
    served: result.assignments.length,
    onTime: 0,
    addedKm: 0,
    lateMinutes: 0,
  };
  for (const r of riders) {
    const set = perRider.get(r.id);
    if (!set) continue;
    const before = planRoute(r, [], now, travel, config);
    const after = planRoute(r, set, now, travel, config);
    q.addedKm += (after.travelMetres - before.travelMetres) / 1000;
    q.lateMinutes += after.lateAdded + after.lateExisting;
    for (const o of set) {
      const t = planRoute(r, set, now, travel, config, o.orderId).target;
      if (t && t.lateMinutes === 0) q.onTime++;
    }
  }
  return q;
}
