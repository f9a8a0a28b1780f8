import {
  bestIn,
  build,
  clone,
  EPS,
  feasible,
  type Insertion,
  insert,
  type Net,
  objective,
  type Route,
  type Sol,
} from './route-network';
import type { SearchOptions } from './route-problem';

/**
 * The free-sequence solver's improvement (see route-search.ts): ruin-and-recreate under
 * simulated annealing, and the local operators (intra-route 2-opt and or-opt, inter-route 2-opt*).
 */

/**
 * Annealing from 3 typical legs down to 0.005 of one, measured on Solomon at a 1.5 s budget
 * (0.3 and 1 left more instances in a worse basin; ADR 0044).
 */
const HOT = 3;
const COLD = 0.005;
/** Share of rounds that ruin a whole neighbourhood instead of strings (C2 needed it). */
const RADIAL = 0.3;

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

/** Ruin-and-recreate under simulated annealing, from a constructed plan, within the budget. */
export function improve(
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
export function localSearch(net: Net, sol: Sol): void {
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
