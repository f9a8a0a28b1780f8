import { improve, localSearch } from './route-improve';
import { bestIn, build, clone, type Insertion, insert, Net, type Sol } from './route-network';
import type { FreeAnswer, FreeProblem, RouteAnswer } from './route-problem';

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
