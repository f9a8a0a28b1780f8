import type { DispatchConfig } from './dispatch-config';
import type { Point } from './distance';
import {
  type OrderModel,
  type RiderModel,
  stopLoad,
  stopWindow,
  type TravelFn,
} from './route-plan';

/**
 * The free-sequence solver behind `solveAssignments({ sequence: 'free' })`
 * (docs/decisions/0044-route-model.md): visiting order is part of the answer, every stop keeps
 * its own window, load counts against room in the box, and a route may have to end at a place by
 * a time. Construction is regret-2 insertion at any position; the improvement search is
 * ruin-and-recreate (string removal around a seed order as in SISR, Christiaens & Vanden Berghe
 * 2020, or radial removal of its neighbourhood; greedy reinsertion with blinks) under
 * simulated-annealing acceptance. Every new best, and the construction, get the local
 * operators: intra-route 2-opt and or-opt, inter-route 2-opt* (tail exchange).
 *
 * Times inside are minutes after `now`; a route's feasibility is checked in O(1) per insertion
 * from each stop's departure time and latest feasible service start (computed backwards).
 * Pickups a rider already holds stay with that rider and in their queue order; they may not be
 * made later than they are planned now when already past their window.
 */

export interface SearchOptions {
  /** Wall-clock budget of the improvement search. */
  budgetMs: number;
  /** Same seed and same iterations give the same plan. */
  seed: number;
  /** Stop after this many ruin-and-recreate rounds (the cooling schedule follows them). */
  iterations?: number;
}

export interface FreeProblem {
  orders: readonly OrderModel[];
  riders: readonly RiderModel[];
  now: number;
  travel: TravelFn;
  config: DispatchConfig;
  /** The rules let rider ri take order oi (eligibility, skills, reachable alone). */
  allowed: (oi: number, ri: number) => boolean;
  /** Minutes of preference penalty for giving order oi to rider ri. */
  pairCost: (oi: number, ri: number) => number;
  search?: SearchOptions;
}

export interface RouteAnswer {
  riderId: number;
  /** Held and new pickups in visiting order. */
  orderIds: number[];
}

export interface FreeAnswer {
  routes: RouteAnswer[];
  unassigned: number[];
  /** Travel minutes (including legs to route ends) plus preference penalties. */
  cost: number;
  iterations: number;
}

const MINUTE = 60_000;
const EPS = 1e-6;
/** An order left out costs more than any detour: serving everyone comes first. */
const UNSERVED = 1e6;
/**
 * Annealing from 3 typical legs down to 0.005 of one, measured on Solomon at a 1.5 s budget
 * (0.3 and 1 left more instances in a worse basin; ADR 0044).
 */
const HOT = 3;
const COLD = 0.005;
/** Share of rounds that ruin a whole neighbourhood instead of strings (C2 needed it). */
const RADIAL = 0.3;

/** Static data of one solve: nodes are new orders, held pickups, rider starts and ends. */
class Net {
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
interface Route {
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

function build(net: Net, r: number, seq: number[]): Route {
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

interface Sol {
  routes: Route[];
  /** Route of each new order, -1 when unassigned. */
  where: Int32Array;
  cost: number;
  unserved: number;
}

const objective = (s: Sol) => s.cost + UNSERVED * s.unserved;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Insertion {
  r: number;
  p: number;
  delta: number;
}

/** Cheapest feasible place for order u in route r (skipping positions with chance `blink`). */
function bestIn(
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

function insert(net: Net, sol: Sol, u: number, r: number, p: number): void {
  const old = sol.routes[r]!;
  const seq = old.seq.slice();
  seq.splice(p, 0, u);
  const rt = build(net, r, seq);
  sol.cost += rt.cost - old.cost;
  sol.routes[r] = rt;
  sol.where[u] = r;
  sol.unserved--;
}

/** Regret-2 construction: orders whose second-best rider is much worse go first. */
function construct(net: Net): Sol {
  const { nO, nR } = net;
  const routes = Array.from({ length: nR }, (_, r) => build(net, r, net.held[r]!.slice()));
  const sol: Sol = {
    routes,
    where: new Int32Array(nO).fill(-1),
    cost: routes.reduce((s, rt) => s + rt.cost, 0),
    unserved: nO,
  };
  const cost = new Float64Array(nO * nR);
  const pos = new Int32Array(nO * nR);
  const probe: Insertion = { r: -1, p: -1, delta: Infinity };
  const price = (u: number, r: number) => {
    probe.delta = Infinity;
    probe.r = -1;
    bestIn(net, sol.routes[r]!, r, u, null, 0, probe);
    cost[u * nR + r] = probe.delta;
    pos[u * nR + r] = probe.p;
  };
  const open = new Set<number>();
  for (let u = 0; u < nO; u++) {
    open.add(u);
    for (let r = 0; r < nR; r++) price(u, r);
  }
  for (;;) {
    let pick = -1;
    let pickR = -1;
    let pickRegret = -Infinity;
    for (const u of open) {
      let b1 = Infinity;
      let b2 = Infinity;
      let r1 = -1;
      const seen = new Set<number>();
      for (let r = 0; r < nR; r++) {
        const c = cost[u * nR + r]!;
        if (c === Infinity) continue;
        // Identical empty riders are one option, not several.
        if (sol.routes[r]!.seq.length === 0) {
          if (seen.has(net.group[r]!)) continue;
          seen.add(net.group[r]!);
        }
        if (c < b1) {
          b2 = b1;
          b1 = c;
          r1 = r;
        } else if (c < b2) b2 = c;
      }
      if (r1 < 0) continue;
      const regret = b2 === Infinity ? 1e9 - b1 : b2 - b1;
      if (regret > pickRegret) [pick, pickR, pickRegret] = [u, r1, regret];
    }
    if (pick < 0) break;
    open.delete(pick);
    insert(net, sol, pick, pickR, pos[pick * nR + pickR]!);
    for (const u of open) price(u, pickR);
  }
  return sol;
}

const clone = (s: Sol): Sol => ({
  routes: s.routes.slice(),
  where: s.where.slice(),
  cost: s.cost,
  unserved: s.unserved,
});

/** Ruin-and-recreate under simulated annealing, from a constructed plan, within the budget. */
function improve(
  net: Net,
  start: Sol,
  opts: SearchOptions,
  deadline: number,
): { best: Sol; iterations: number } {
  const { nO, nR } = net;
  const rng = mulberry32(opts.seed);
  const t0 = performance.now();
  const maxIter = opts.iterations ?? Infinity;
  // Nearest other orders first: removals cluster where a better route is likely.
  const near: Int32Array[] = [];
  for (let u = 0; u < nO; u++) {
    const others = Array.from({ length: nO }, (_, v) => v);
    others.sort((a, b) => net.d(u, a) - net.d(u, b) || a - b);
    near.push(Int32Array.from(others));
  }
  const startFar = Float64Array.from({ length: nO }, (_, u) => net.d(net.start[0] ?? 0, u));
  // Temperatures scale with a typical leg so the same schedule fits minutes and benchmark units.
  const served = nO - start.unserved;
  const avgLeg = served > 0 ? start.cost / (served + 1) : 1;
  const hot = HOT * avgLeg;
  const cold = COLD * avgLeg;
  const C_BAR = 10;
  const L_MAX = 10;
  const BLINK = 0.01;
  let cur = start;
  let best = start;
  let iter = 0;
  const removed: number[] = [];
  const probe: Insertion = { r: -1, p: -1, delta: Infinity };
  const triedEmpty = new Int32Array(nR);
  let stamp = 0;
  const budget = Math.max(0, deadline - t0);
  for (; iter < maxIter; iter++) {
    const elapsed = performance.now() - t0;
    if (elapsed >= budget) break;
    const progress = Math.max(elapsed / budget, maxIter === Infinity ? 0 : iter / maxIter);
    const temp = hot * (cold / hot) ** progress;
    const cand = clone(cur);
    removed.length = 0;
    // Ruin: strings of consecutive stops from routes near a random seed order.
    let used = 0;
    for (const rt of cand.routes) if (rt.count > 0) used++;
    const avgLen = used > 0 ? (nO - cand.unserved) / used : 1;
    const lsMax = Math.min(L_MAX, avgLen);
    const ksMax = (4 * C_BAR) / (1 + lsMax) - 1;
    const ks = Math.floor(rng() * ksMax) + 1;
    // Half the time ruin around an order nobody took yet: room has to be made near it.
    let seed = Math.floor(rng() * nO);
    if (cur.unserved > 0 && rng() < 0.5) {
      let k = Math.floor(rng() * cur.unserved);
      for (let u = 0; u < nO; u++) if (cur.where[u]! < 0 && k-- === 0) seed = u;
    }
    const ruined = new Set<number>();
    if (rng() < RADIAL) {
      // Radial: a whole neighbourhood at once, so a cluster can change rider in one move.
      const m = Math.min(nO, 5 + Math.floor(rng() * 26));
      const touched = new Set<number>();
      for (let k = 0; k < m; k++) {
        const c = near[seed]![k]!;
        const r = cand.where[c]!;
        if (r < 0) continue;
        touched.add(r);
        cand.where[c] = -2; // marked; routes rebuilt below
      }
      for (const r of touched) {
        const rt = cand.routes[r]!;
        const keep: number[] = [];
        for (const v of rt.seq) {
          if (v < nO && cand.where[v] === -2) {
            removed.push(v);
            cand.where[v] = -1;
            cand.unserved++;
          } else keep.push(v);
        }
        const nrt = build(net, r, keep);
        cand.cost += nrt.cost - rt.cost;
        cand.routes[r] = nrt;
      }
    } else
      for (const c of near[seed]!) {
        if (ruined.size >= ks) break;
        const r = cand.where[c]!;
        if (r < 0 || ruined.has(r)) continue;
        ruined.add(r);
        const rt = cand.routes[r]!;
        const n = rt.seq.length;
        const len = Math.floor(rng() * Math.min(n, lsMax)) + 1;
        const at = rt.seq.indexOf(c);
        const from = Math.max(0, Math.min(n - len, at - Math.floor(rng() * len)));
        const keep: number[] = [];
        for (let k = 0; k < n; k++) {
          const v = rt.seq[k]!;
          if (k >= from && k < from + len && v < nO) {
            removed.push(v);
            cand.where[v] = -1;
            cand.unserved++;
          } else keep.push(v);
        }
        const nrt = build(net, r, keep);
        cand.cost += nrt.cost - rt.cost;
        cand.routes[r] = nrt;
      }
    // Recreate in one of SISR's orders: random, largest load, farthest, closest; orders left
    // out before go first, while the routes still have room.
    const how = rng();
    if (how < 0.36) shuffle(removed, rng);
    else if (how < 0.72) removed.sort((a, b) => net.q[b]! - net.q[a]! || a - b);
    else if (how < 0.91) removed.sort((a, b) => startFar[b]! - startFar[a]! || a - b);
    else removed.sort((a, b) => startFar[a]! - startFar[b]! || a - b);
    const waiting: number[] = [];
    for (let u = 0; u < nO; u++) if (cur.where[u]! < 0) waiting.push(u);
    if (waiting.length > 0) removed.unshift(...waiting);
    for (const u of removed) {
      probe.delta = Infinity;
      probe.r = -1;
      stamp++;
      for (let r = 0; r < nR; r++) {
        const rt = cand.routes[r]!;
        if (rt.seq.length === 0) {
          // Identical empty riders are one option: trying each would only cost time.
          if (triedEmpty[net.group[r]!] === stamp) continue;
          triedEmpty[net.group[r]!] = stamp;
        }
        bestIn(net, rt, r, u, rng, BLINK, probe);
      }
      if (probe.r >= 0) insert(net, cand, u, probe.r, probe.p);
    }
    const value = objective(cand);
    if (value < objective(cur) - temp * Math.log(rng())) {
      cur = cand;
      if (value < objective(best) - EPS) {
        // A new best gets the local operators: cheap now that they run rarely.
        localSearch(net, cand);
        best = cand;
      }
    }
  }
  return { best, iterations: iter };
}

function shuffle(a: number[], rng: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}

/** 2-opt* between routes, then 2-opt and or-opt inside each, until neither finds a gain. */
function localSearch(net: Net, sol: Sol): void {
  do polish(net, sol);
  while (twoOptStar(net, sol));
}

/**
 * Intra-route 2-opt and or-opt (segments of 1-3) until no move shortens a route. Each move is
 * priced in O(1) from the changed edges first; only a shorter one is built and checked.
 */
function polish(net: Net, sol: Sol): void {
  for (let r = 0; r < net.nR; r++) {
    if (sol.routes[r]!.seq.length < 2 || net.held[r]!.length > 0) continue; // held queues keep their order
    while (improveRoute(net, sol, r)) {}
  }
}

function improveRoute(net: Net, sol: Sol, r: number): boolean {
  const rt = sol.routes[r]!;
  const seq = rt.seq;
  const n = seq.length;
  const node = (k: number) => (k < 0 ? net.start[r]! : k >= n ? net.end[r]! : seq[k]!);
  const edge = (x: number, y: number) => net.d(x, y);
  const accept = (next: number[]) => {
    const nrt = build(net, r, next);
    if (nrt.cost >= rt.cost - EPS || !feasible(net, r, nrt)) return false;
    sol.cost += nrt.cost - rt.cost;
    sol.routes[r] = nrt;
    return true;
  };
  // 2-opt: reverse seq[i..j]; inner edges change too when travel is not symmetric.
  for (let i = 0; i < n - 1; i++) {
    const prev = node(i - 1);
    let fwd = 0;
    let back = 0;
    for (let j = i + 1; j < n; j++) {
      fwd += edge(seq[j - 1]!, seq[j]!);
      back += edge(seq[j]!, seq[j - 1]!);
      const next = node(j + 1);
      const delta =
        edge(prev, seq[j]!) +
        edge(seq[i]!, next) -
        edge(prev, seq[i]!) -
        edge(seq[j]!, next) +
        back -
        fwd;
      if (delta >= -EPS) continue;
      if (accept([...seq.slice(0, i), ...seq.slice(i, j + 1).reverse(), ...seq.slice(j + 1)]))
        return true;
    }
  }
  // Or-opt: move seq[i..i+len) between two other neighbours.
  for (let len = 1; len <= 3; len++) {
    for (let i = 0; i + len <= n; i++) {
      const first = seq[i]!;
      const last = seq[i + len - 1]!;
      const before = node(i - 1);
      const after = node(i + len);
      const gain = edge(before, first) + edge(last, after) - edge(before, after);
      for (let p = -1; p < n; p++) {
        // insert between node(p) and node(p+1), both outside the segment
        if (p >= i - 1 && p < i + len) continue;
        const x = node(p);
        const y = node(p + 1);
        const delta = edge(x, first) + edge(last, y) - edge(x, y) - gain;
        if (delta >= -EPS) continue;
        const seg = seq.slice(i, i + len);
        const rest = [...seq.slice(0, i), ...seq.slice(i + len)];
        const at = p < i ? p + 1 : p + 1 - len;
        if (accept([...rest.slice(0, at), ...seg, ...rest.slice(at)])) return true;
      }
    }
  }
  return false;
}

/**
 * Inter-route 2-opt*: swap the tails of two routes where that shortens them, until none does.
 * Only between interchangeable riders holding nothing yet (same start, end, room and rules), so
 * each tail's latest start still holds behind the other head and the check is O(1) a move.
 */
function twoOptStar(net: Net, sol: Sol): boolean {
  let changed = false;
  for (let again = true; again; ) {
    again = false;
    for (let a = 0; a < net.nR && !again; a++) {
      for (let b = a + 1; b < net.nR && !again; b++) {
        if (net.group[a] !== net.group[b] || net.held[a]!.length + net.held[b]!.length > 0)
          continue;
        const A = sol.routes[a]!;
        const B = sol.routes[b]!;
        if (A.count + B.count === 0) continue;
        again = tailSwap(net, sol, a, b, A, B);
      }
    }
    changed ||= again;
  }
  return changed;
}

function tailSwap(net: Net, sol: Sol, a: number, b: number, A: Route, B: Route): boolean {
  const nA = A.seq.length;
  const nB = B.seq.length;
  const start = net.start[a]!;
  const end = net.end[a]!;
  const room = net.room[a]!;
  const node = (R: Route, k: number) => (k < 0 ? start : k >= R.seq.length ? end : R.seq[k]!);
  const dep = (R: Route, k: number) => (k < 0 ? net.t0[a]! : R.dep[k]!);
  const ls = (R: Route, k: number) => (k >= R.seq.length ? net.endLatest[a]! : R.ls[k]!);
  let loadA = 0;
  for (let i = -1; i < nA; i++) {
    if (i >= 0) loadA += net.q[A.seq[i]!]!;
    const ai = node(A, i);
    const ai1 = node(A, i + 1);
    let loadB = 0;
    for (let j = -1; j < nB; j++) {
      if (j >= 0) loadB += net.q[B.seq[j]!]!;
      if (i === nA - 1 && j === nB - 1) continue;
      if (i === -1 && j === -1) continue;
      const bj = node(B, j);
      const bj1 = node(B, j + 1);
      const delta = net.d(ai, bj1) + net.d(bj, ai1) - net.d(ai, ai1) - net.d(bj, bj1);
      if (delta > -EPS) continue;
      if (loadA + (B.load - loadB) > room + EPS || loadB + (A.load - loadA) > room + EPS) continue;
      if (dep(A, i) + net.d(ai, bj1) > ls(B, j + 1) + EPS) continue;
      if (dep(B, j) + net.d(bj, ai1) > ls(A, i + 1) + EPS) continue;
      const sa = [...A.seq.slice(0, i + 1), ...B.seq.slice(j + 1)];
      const sb = [...B.seq.slice(0, j + 1), ...A.seq.slice(i + 1)];
      const ra = build(net, a, sa);
      const rb = build(net, b, sb);
      sol.cost += ra.cost + rb.cost - A.cost - B.cost;
      sol.routes[a] = ra;
      sol.routes[b] = rb;
      for (const u of sa) if (u < net.nO) sol.where[u] = a;
      for (const u of sb) if (u < net.nO) sol.where[u] = b;
      return true;
    }
  }
  return false;
}

/** Whether every stop of a built route meets its window and the route end its time. */
function feasible(net: Net, r: number, rt: Route): boolean {
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

export function solveFree(problem: FreeProblem): FreeAnswer {
  const began = performance.now();
  const net = new Net(problem);
  let sol = construct(net);
  localSearch(net, sol);
  let iterations = 0;
  // Nothing to move with no orders or no riders: the search would only spin.
  if (problem.search && net.nO > 0 && net.nR > 0) {
    // The budget covers the whole solve: construction came out of it, the polish keeps a share.
    const deadline = began + problem.search.budgetMs * 0.95;
    const out = improve(net, sol, problem.search, deadline);
    sol = clone(out.best);
    iterations = out.iterations;
  }
  localSearch(net, sol);
  const routes: RouteAnswer[] = [];
  sol.routes.forEach((rt, r) => {
    if (rt.seq.length === 0) return;
    routes.push({ riderId: problem.riders[r]!.id, orderIds: rt.seq.map((u) => net.ids[u]!) });
  });
  const unassigned: number[] = [];
  sol.where.forEach((r, u) => {
    if (r < 0) unassigned.push(net.ids[u]!);
  });
  return { routes, unassigned, cost: sol.cost, iterations };
}
