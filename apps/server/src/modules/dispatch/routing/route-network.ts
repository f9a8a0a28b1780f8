import type { Point } from './distance';
import { stopLoad, stopWindow } from './route-plan';
import type { FreeProblem } from './route-problem';

/**
 * The free-sequence solver's bookkeeping (see route-search.ts): the static network of one solve,
 * routes with their departure and latest-start times, the O(1) insertion check and pricing, and
 * the full feasibility check of a built route.
 */

const MINUTE = 60_000;
export const EPS = 1e-6;
/** An order left out costs more than any detour: serving everyone comes first. */
const UNSERVED = 1e6;

/** Static data of one solve: nodes are new orders, held pickups, rider starts and ends. */
export class Net {
  readonly nO: number;
  readonly nR: number;
  readonly e: Float64Array;
  readonly l: Float64Array;
  readonly q: Float64Array;
  readonly s: number;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly t0: Float64Array;
  readonly endLatest: Float64Array;
  readonly room: Float64Array;
  readonly held: number[][];
  readonly pinnedFirst: boolean[];
  /** Riders that are interchangeable when empty share a group: only one empty one is tried. */
  readonly group: Int32Array;
  readonly ok: Uint8Array;
  readonly pair: Float64Array;
  readonly ids: number[];
  private readonly pts: Point[] = [];
  private readonly n: number;
  private readonly m: Float64Array;

  constructor(readonly p: FreeProblem) {
    const { orders, riders, now, config } = p;
    const rel = (t: number) => (t - now) / MINUTE;
    this.nO = orders.length;
    this.nR = riders.length;
    const e: number[] = [];
    const l: number[] = [];
    const q: number[] = [];
    this.ids = [];
    for (const o of orders) {
      const [a, b] = stopWindow(o, config);
      this.pts.push(o.point);
      e.push(rel(a));
      l.push(rel(b));
      q.push(stopLoad(o));
      this.ids.push(o.orderId);
    }
    this.held = riders.map((r) =>
      r.pickups.map((h) => {
        const [a, b] = stopWindow(h, config);
        this.pts.push(h.point);
        e.push(rel(a));
        l.push(rel(b));
        q.push(0); // already counted in the rider's inHand
        this.ids.push(h.orderId);
        return this.pts.length - 1;
      }),
    );
    this.pinnedFirst = riders.map((r) => r.pickups[0]?.pinned === true);
    this.start = new Int32Array(
      riders.map((r) => this.push(r.position ?? { latitude: 0, longitude: 0 }, e, l, q)),
    );
    this.end = new Int32Array(riders.map((r) => (r.end ? this.push(r.end.point, e, l, q) : -1)));
    this.e = Float64Array.from(e);
    this.l = Float64Array.from(l);
    this.q = Float64Array.from(q);
    this.s = config.pickupServiceMinutes;
    this.t0 = Float64Array.from(riders.map((r) => rel(Math.max(now, r.availableFrom))));
    this.endLatest = Float64Array.from(riders.map((r) => (r.end ? rel(r.end.latest) : Infinity)));
    this.room = Float64Array.from(riders.map((r) => r.capacity - r.inHand));
    this.n = this.pts.length;
    this.m = new Float64Array(this.n * this.n).fill(-1);
    const keys = new Map<string, number>();
    this.group = Int32Array.from(
      riders.map((r) => {
        const k = [
          r.position?.latitude,
          r.position?.longitude,
          r.availableFrom,
          r.capacity - r.inHand,
          r.end?.point.latitude,
          r.end?.point.longitude,
          r.end?.latest,
          r.regionId,
          r.cityId,
          r.isCovid,
          r.isWildcard,
          r.cellId,
          r.pickups.length,
        ].join();
        if (!keys.has(k)) keys.set(k, keys.size);
        return keys.get(k)!;
      }),
    );
    this.ok = new Uint8Array(this.nO * this.nR);
    this.pair = new Float64Array(this.nO * this.nR);
    for (let o = 0; o < this.nO; o++) {
      for (let r = 0; r < this.nR; r++) {
        this.ok[o * this.nR + r] = p.allowed(o, r) ? 1 : 0;
        this.pair[o * this.nR + r] = p.pairCost(o, r);
      }
    }
    this.relaxHeld();
  }

  private push(pt: Point, e: number[], l: number[], q: number[]): number {
    this.pts.push(pt);
    e.push(-Infinity);
    l.push(Infinity);
    q.push(0);
    return this.pts.length - 1;
  }

  /** Travel minutes from node i to node j; a missing end (-1) costs nothing. */
  d(i: number, j: number): number {
    if (j < 0) return 0;
    const k = i * this.n + j;
    let v = this.m[k]!;
    if (v < 0) {
      v = this.p.travel(this.pts[i]!, this.pts[j]!).minutes;
      this.m[k] = v;
    }
    return v;
  }

  /**
   * A held pickup already doomed to be late may stay as late as it is planned now, no later;
   * the same for a route end the held queue already misses. Keeps the start feasible.
   */
  private relaxHeld(): void {
    for (let r = 0; r < this.nR; r++) {
      let t = this.t0[r]!;
      let at = this.start[r]!;
      for (const h of this.held[r]!) {
        const start = Math.max(this.e[h]!, t + this.d(at, h));
        if (start > this.l[h]!) this.l[h] = start;
        t = start + this.s;
        at = h;
      }
      const end = this.end[r]!;
      if (end >= 0) this.endLatest[r] = Math.max(this.endLatest[r]!, t + this.d(at, end));
    }
  }
}

/** One rider's route with its timing: immutable, rebuilt when changed. */
export interface Route {
  seq: number[];
  /** Departure from each stop after service. */
  dep: number[];
  /** Latest feasible service start at each stop, given the rest of the route. */
  ls: number[];
  load: number;
  cost: number;
  /** New orders on the route. */
  count: number;
}

export function build(net: Net, r: number, seq: number[]): Route {
  const n = seq.length;
  const dep = new Array<number>(n);
  const ls = new Array<number>(n);
  let t = net.t0[r]!;
  let at = net.start[r]!;
  let cost = 0;
  let load = 0;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const u = seq[k]!;
    const dd = net.d(at, u);
    cost += dd;
    t = Math.max(net.e[u]!, t + dd) + net.s;
    dep[k] = t;
    at = u;
    load += net.q[u]!;
    if (u < net.nO) {
      cost += net.pair[u * net.nR + r]!;
      count++;
    }
  }
  const end = net.end[r]!;
  cost += net.d(at, end);
  let next = end;
  let lsNext = net.endLatest[r]!;
  for (let k = n - 1; k >= 0; k--) {
    const u = seq[k]!;
    const v = Math.min(net.l[u]!, lsNext - net.s - net.d(u, next));
    ls[k] = v;
    lsNext = v;
    next = u;
  }
  return { seq, dep, ls, load, cost, count };
}

export interface Sol {
  routes: Route[];
  /** Route of each new order, -1 when unassigned. */
  where: Int32Array;
  cost: number;
  unserved: number;
}

export const objective = (s: Sol) => s.cost + UNSERVED * s.unserved;

export interface Insertion {
  r: number;
  p: number;
  delta: number;
}

/** Cheapest feasible place for order u in route r (skipping positions with chance `blink`). */
export function bestIn(
  net: Net,
  rt: Route,
  r: number,
  u: number,
  rng: (() => number) | null,
  blink: number,
  best: Insertion,
): void {
  if (!net.ok[u * net.nR + r]) return;
  if (rt.load + net.q[u]! > net.room[r]! + EPS) return;
  const { seq, dep, ls } = rt;
  const n = seq.length;
  const eu = net.e[u]!;
  const lu = net.l[u]!;
  const extra = net.pair[u * net.nR + r]!;
  for (let p = net.pinnedFirst[r] ? 1 : 0; p <= n; p++) {
    const depA = p === 0 ? net.t0[r]! : dep[p - 1]!;
    if (depA > lu + EPS) break; // every later position departs later still
    if (rng && rng() < blink) continue;
    const a = p === 0 ? net.start[r]! : seq[p - 1]!;
    const dau = net.d(a, u);
    const st = Math.max(eu, depA + dau);
    if (st > lu + EPS) continue;
    const b = p === n ? net.end[r]! : seq[p]!;
    const lsB = p === n ? net.endLatest[r]! : ls[p]!;
    const dub = net.d(u, b);
    if (st + net.s + dub > lsB + EPS) continue;
    const delta = dau + dub - net.d(a, b) + extra;
    if (delta < best.delta) {
      best.delta = delta;
      best.r = r;
      best.p = p;
    }
  }
}

export function insert(net: Net, sol: Sol, u: number, r: number, p: number): void {
  const old = sol.routes[r]!;
  const seq = old.seq.slice();
  seq.splice(p, 0, u);
  const rt = build(net, r, seq);
  sol.cost += rt.cost - old.cost;
  sol.routes[r] = rt;
  sol.where[u] = r;
  sol.unserved--;
}

export const clone = (s: Sol): Sol => ({
  routes: s.routes.slice(),
  where: s.where.slice(),
  cost: s.cost,
  unserved: s.unserved,
});

/** Whether every stop of a built route meets its window and the route end its time. */
export function feasible(net: Net, r: number, rt: Route): boolean {
  let t = net.t0[r]!;
  let at = net.start[r]!;
  for (const u of rt.seq) {
    const st = Math.max(net.e[u]!, t + net.d(at, u));
    if (st > net.l[u]! + EPS) return false;
    t = st + net.s;
    at = u;
  }
  return t + net.d(at, net.end[r]!) <= net.endLatest[r]! + EPS;
}
