import type { DispatchConfig } from '../dispatch-config';
import { type CellContext, drainsCell, hasSkills, preGroup } from '../suggested/scoring';
import {
  type OrderModel,
  planRoute,
  type RiderModel,
  routeCost,
  stopLoad,
  stopWindow,
  type TravelFn,
} from './route-plan';
import type { RouteAnswer, SearchOptions } from './route-problem';
import { solveFree } from './route-search';

/**
 * The auto-assignment solver: regret-2 insertion followed by relocate/swap local search
 * (docs/decisions/0009-dispatch.md). Pure: the job loads the models and applies the answer.
 *
 * Why not one-by-one: the nearest rider for the first order is often the only rider who can
 * reach the second on time. Regret insertion places first the orders whose second-best option is
 * much worse than their best (or who have only one), so scarce riders go where they are
 * irreplaceable. Why not the Hungarian algorithm: a rider's cost for a second new order depends
 * on the first (the route changes), which a fixed cost matrix cannot express; insertion
 * re-prices a rider's column after every placement.
 *
 * Hard rules: every added pickup is within its window, no held pickup becomes late (or later),
 * load fits the box, the route end (when set) is reached in time, covid and region rules hold.
 * Objective: minutes on the road added, plus small penalties (drained hyperlocal cell, covid
 * rider on a normal order, borrowed wildcard).
 *
 * Scarce riders: fasting orders go before the non-fasting ones of their slot (ADR 0047).
 *
 * `sequence: 'slot'` (the default, what the job uses) visits a rider's stops in slot order.
 * `sequence: 'free'` makes the visiting order part of the answer and runs route-search.ts, with
 * an improvement search when `search` gives it a time budget (docs/decisions/0044-route-model.md).
 */

export interface SolveInput {
  orders: readonly OrderModel[];
  riders: readonly RiderModel[];
  now: number;
  travel: TravelFn;
  config: DispatchConfig;
  cells: CellContext;
  /** 'slot' visits stops in slot order (today's rule); 'free' lets the solver order them. */
  sequence?: 'slot' | 'free';
  /** Improvement search within a time budget (implies the free sequence). */
  search?: SearchOptions;
}

export interface Assignment {
  orderId: number;
  riderId: number;
}

export interface SolveResult {
  assignments: Assignment[];
  /** Orders nobody can reach on time (yet). */
  unassigned: number[];
  /** Free sequence only: each used rider's stops (held and new) in visiting order. */
  routes?: RouteAnswer[];
}

/** Whether the rules let this rider take this order at all (before time and capacity). */
export function eligible(order: OrderModel, rider: RiderModel): boolean {
  return rider.position !== null && preGroup(order, rider) === null && hasSkills(order, rider);
}

/**
 * A rider who cannot reach the door in time even riding straight there can never take the
 * order: queued stops only add time (triangle inequality). Pruning these pairs first keeps the
 * search to the riders that matter.
 */
function canReachAlone(input: SolveInput, o: OrderModel, r: RiderModel): boolean {
  const { now, travel, config } = input;
  const start = Math.max(now, r.availableFrom);
  const leg = travel(r.position!, o.point);
  return start + leg.minutes * 60_000 <= stopWindow(o, config)[1];
}

/** Per-rider state of a plan being built, with its objective kept up to date. */
export class PlanBook {
  readonly added: OrderModel[][];
  readonly value: number[];
  private readonly leaving = new Map<number, number>();
  private readonly indexOf: Map<RiderModel, number>;
  /** Minutes late the rider's held pickups already are without new work. */
  private readonly heldLate: number[];

  constructor(readonly input: SolveInput) {
    const { now, travel, config } = input;
    this.indexOf = new Map(input.riders.map((r, i) => [r, i]));
    this.heldLate = input.riders.map((r) => planRoute(r, [], now, travel, config).lateExisting);
    this.added = input.riders.map(() => []);
    this.value = input.riders.map((r) => this.objective(r, []));
  }

  /** Route cost of the rider doing `set` on top of the queue; Infinity when a rule breaks. */
  objective(rider: RiderModel, set: readonly OrderModel[]): number {
    const { config, now, travel, cells } = this.input;
    let load = rider.inHand;
    for (const o of set) load += stopLoad(o);
    if (load > rider.capacity) return Infinity;
    const plan = planRoute(rider, set, now, travel, config);
    if (plan.lateAdded > 0) return Infinity;
    // New work never makes a held pickup late (or later than it already is): a patient told a
    // rider is coming keeps that rider's time. The simulated day found that trading one held
    // pickup's lateness for one new order on time was the joint solver's largest loss (ADR 0044).
    if (set.length > 0 && plan.lateExisting > (this.heldLate[this.indexOf.get(rider)!] ?? 0) + 1e-9)
      return Infinity;
    // The route end bounds new work; a queue that already misses it gets nothing more.
    if (set.length > 0 && plan.endLateMinutes > 0) return Infinity;
    let cost = routeCost(plan, config);
    let leaves = false;
    for (const o of set) {
      if (rider.isCovid && !o.isCovid) cost += config.covidRiderOnNormalOrderMinutes;
      if (rider.regionId !== o.regionId) cost += config.wildcardFromOtherRegionMinutes;
      if (o.cellId !== rider.cellId) leaves = true;
    }
    if (leaves && rider.cellId !== null) {
      const others = (this.leaving.get(rider.cellId) ?? 0) - (this.isLeaving(rider) ? 1 : 0);
      const probe = set.find((o) => o.cellId !== rider.cellId) as OrderModel;
      if (drainsCell(probe, rider, cells, others)) cost += config.cellDeficitPenaltyMinutes;
    }
    return cost;
  }

  private isLeaving(rider: RiderModel): boolean {
    const i = this.indexOf.get(rider) ?? -1;
    return (this.added[i] ?? []).some((o) => o.cellId !== rider.cellId);
  }

  /** Replaces rider i's added set; returns the cells whose leaving count changed. */
  set(i: number, orders: OrderModel[]): number | null {
    const rider = this.input.riders[i]!;
    const wasLeaving = this.isLeaving(rider);
    this.added[i] = orders;
    this.value[i] = this.objective(rider, orders);
    const nowLeaving = this.isLeaving(rider);
    if (rider.cellId === null || wasLeaving === nowLeaving) return null;
    this.leaving.set(rider.cellId, (this.leaving.get(rider.cellId) ?? 0) + (nowLeaving ? 1 : -1));
    return rider.cellId;
  }

  /** Extra objective of giving order o to rider i now. */
  insertionDelta(i: number, o: OrderModel): number {
    const rider = this.input.riders[i]!;
    return this.objective(rider, [...this.added[i]!, o]) - this.value[i]!;
  }
}

export function solveAssignments(input: SolveInput): SolveResult {
  if (input.sequence === 'free' || input.search) return solveFreeSequence(input);
  const plain = solveSlotSequence(input, false);
  // Fasting priority (docs/decisions/0047-fasting-priority.md): a fasting patient waits at home
  // hungry, so when riders are scarce (a fasting order is left unplaced) the batch is solved
  // again placing fasting orders before the non-fasting ones of their slot, and that answer is
  // kept if it serves more fasting patients. With riders enough, nothing changes.
  const fastingLeft = (r: SolveResult) => {
    const left = new Set(r.unassigned);
    return input.orders.filter((o) => o.fasting && left.has(o.orderId)).length;
  };
  if (fastingLeft(plain) === 0) return plain;
  const fastingFirst = solveSlotSequence(input, true);
  return fastingLeft(fastingFirst) < fastingLeft(plain) ? fastingFirst : plain;
}

/** Regret insertion over the slot sequence; `fastingFirst` holds back non-fasting orders of a
 * slot while a fasting order of that slot can still be placed. */
function solveSlotSequence(input: SolveInput, fastingFirst: boolean): SolveResult {
  const { orders, riders } = input;
  const nR = riders.length;
  const book = new PlanBook(input);
  const ok = orders.map((o) => riders.map((r) => eligible(o, r) && canReachAlone(input, o, r)));
  const cost = new Float64Array(orders.length * nR).fill(Infinity);
  const price = (oi: number, ri: number) => {
    cost[oi * nR + ri] = ok[oi]![ri] ? book.insertionDelta(ri, orders[oi]!) : Infinity;
  };
  const open = new Set(orders.map((_, i) => i));
  for (const oi of open) for (let ri = 0; ri < nR; ri++) price(oi, ri);

  // Slot starts with an open fasting order that some rider can still take.
  const placeableFastingSlots = () => {
    const slots = new Set<number>();
    for (const oi of open) {
      if (!orders[oi]!.fasting || slots.has(orders[oi]!.pickup)) continue;
      for (let ri = 0; ri < nR; ri++) {
        if (cost[oi * nR + ri]! < Infinity) {
          slots.add(orders[oi]!.pickup);
          break;
        }
      }
    }
    return slots;
  };

  const insertAll = () => {
    for (;;) {
      let pick = -1;
      let pickRider = -1;
      let pickRegret = -Infinity;
      const fastingSlots = fastingFirst ? placeableFastingSlots() : null;
      for (const oi of open) {
        if (fastingSlots && !orders[oi]!.fasting && fastingSlots.has(orders[oi]!.pickup)) continue;
        let b1 = Infinity;
        let b2 = Infinity;
        let r1 = -1;
        for (let ri = 0; ri < nR; ri++) {
          const c = cost[oi * nR + ri]!;
          if (c < b1) {
            b2 = b1;
            b1 = c;
            r1 = ri;
          } else if (c < b2) b2 = c;
        }
        if (r1 < 0) continue;
        // Only one rider can make it: place this order before anyone takes that rider.
        const regret = b2 === Infinity ? 1e9 - b1 : b2 - b1;
        const better =
          regret > pickRegret ||
          (regret === pickRegret && orders[oi]!.pickup < orders[pick]!.pickup);
        if (better) [pick, pickRider, pickRegret] = [oi, r1, regret];
      }
      if (pick < 0) return;
      open.delete(pick);
      const cell = book.set(pickRider, [...book.added[pickRider]!, orders[pick]!]);
      for (const oi of open) price(oi, pickRider);
      if (cell !== null) {
        // A rider leaving a cell changes its cell-mates' prices.
        riders.forEach((r, ri) => {
          if (r.cellId === cell && ri !== pickRider) for (const oi of open) price(oi, ri);
        });
      }
    }
  };

  insertAll();
  if (improve(book, ok)) {
    for (const oi of open) for (let ri = 0; ri < nR; ri++) price(oi, ri);
    insertAll();
  }
  const assignments: Assignment[] = [];
  book.added.forEach((set, ri) => {
    for (const o of set) assignments.push({ orderId: o.orderId, riderId: riders[ri]!.id });
  });
  return { assignments, unassigned: [...open].map((oi) => orders[oi]!.orderId) };
}

/**
 * The same rules and prices over a free visiting order. The drained-cell penalty depends on the
 * whole plan, not one pair, so this path leaves it out (the job keeps the slot sequence).
 */
function solveFreeSequence(input: SolveInput): SolveResult {
  const { orders, riders, config } = input;
  const answer = solveFree({
    orders,
    riders,
    now: input.now,
    travel: input.travel,
    config,
    search: input.search,
    allowed: (oi, ri) =>
      eligible(orders[oi]!, riders[ri]!) && canReachAlone(input, orders[oi]!, riders[ri]!),
    pairCost: (oi, ri) => {
      const o = orders[oi]!;
      const r = riders[ri]!;
      return (
        (r.isCovid && !o.isCovid ? config.covidRiderOnNormalOrderMinutes : 0) +
        (r.regionId !== o.regionId ? config.wildcardFromOtherRegionMinutes : 0)
      );
    },
  });
  const fresh = new Set(orders.map((o) => o.orderId));
  const assignments: Assignment[] = [];
  for (const route of answer.routes) {
    for (const id of route.orderIds) {
      if (fresh.has(id)) assignments.push({ orderId: id, riderId: route.riderId });
    }
  }
  return { assignments, unassigned: answer.unassigned, routes: answer.routes };
}

/** Relocate and swap moves between riders while they lower the total; a few passes at most. */
function improve(book: PlanBook, ok: boolean[][], maxPasses = 3): boolean {
  const { orders, riders } = book.input;
  const index = new Map(orders.map((o, i) => [o, i]));
  let changed = false;
  for (let pass = 0; pass < maxPasses; pass++) {
    let improved = false;
    for (let a = 0; a < riders.length; a++) {
      for (const o of [...book.added[a]!]) {
        const oi = index.get(o)!;
        const withoutA = book.added[a]!.filter((x) => x !== o);
        const gainA = book.value[a]! - book.objective(riders[a]!, withoutA);
        for (let b = 0; b < riders.length; b++) {
          if (b === a) continue;
          // Relocate o from a to b.
          if (ok[oi]![b]) {
            const delta = book.insertionDelta(b, o) - gainA;
            if (delta < -1e-6) {
              book.set(a, withoutA);
              book.set(b, [...book.added[b]!, o]);
              improved = true;
              break;
            }
          }
          // Swap o with each order p of b.
          if (book.added[b]!.length === 0) continue;
          const swapped = trySwap(book, ok, index, a, b, o, withoutA);
          if (swapped) {
            improved = true;
            break;
          }
        }
      }
    }
    if (!improved) break;
    changed = true;
  }
  return changed;
}

function trySwap(
  book: PlanBook,
  ok: boolean[][],
  index: Map<OrderModel, number>,
  a: number,
  b: number,
  o: OrderModel,
  withoutA: OrderModel[],
): boolean {
  if (!book.added[a]!.includes(o)) return false;
  const { riders } = book.input;
  for (const p of book.added[b]!) {
    if (!ok[index.get(p)!]![a] || !ok[index.get(o)!]![b]) continue;
    const newA = [...withoutA, p];
    const newB = [...book.added[b]!.filter((x) => x !== p), o];
    const before = book.value[a]! + book.value[b]!;
    const after = book.objective(riders[a]!, newA) + book.objective(riders[b]!, newB);
    if (after < before - 1e-6) {
      book.set(a, newA);
      book.set(b, newB);
      return true;
    }
  }
  return false;
}
