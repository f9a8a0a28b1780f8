import {
  bruteForceOptimum,
  evaluatePlan,
  greedyCheapestOnTime,
  greedyNearest,
} from '../apps/server/src/modules/dispatch/routing/assignment-baselines';
import type { SolveResult } from '../apps/server/src/modules/dispatch/routing/auto-assign';
import {
  type SolveInput,
  solveAssignments,
} from '../apps/server/src/modules/dispatch/routing/auto-assign';
import { type InstanceSpec, instance } from './instances';

/**
 * Assignment quality on seeded instances: the solver against a greedy nearest-rider rule, a
 * greedy cheapest-on-time insertion (one order at a time), and, on instances small enough to
 * enumerate, the exact optimum of the same objective. All priced by one route model.
 */
type Solver = (i: SolveInput) => SolveResult;
const SOLVERS: [string, Solver][] = [
  ['greedy nearest rider', greedyNearest],
  ['greedy on-time insertion', greedyCheapestOnTime],
  ['joint (regret + local search)', solveAssignments],
];

function table(title: string, spec: InstanceSpec, seeds: number, withOptimum: boolean) {
  const solvers: [string, Solver][] = withOptimum
    ? [...SOLVERS, ['exact optimum (enumeration)', bruteForceOptimum]]
    : SOLVERS;
  const sums = solvers.map(() => ({ onTime: 0, served: 0, km: 0, orders: 0, ms: 0 }));
  let equalToOptimum = 0;
  for (let s = 0; s < seeds; s++) {
    const input = instance(5000 + s, spec);
    const onTimes: number[] = [];
    solvers.forEach(([, solve], k) => {
      const t0 = performance.now();
      const result = solve(input);
      sums[k]!.ms += performance.now() - t0;
      const q = evaluatePlan(input, result);
      sums[k]!.onTime += q.onTime;
      sums[k]!.served += q.served;
      sums[k]!.km += q.addedKm;
      sums[k]!.orders += q.orders;
      onTimes.push(q.onTime);
    });
    if (withOptimum && onTimes[2] === onTimes[3]) equalToOptimum++;
  }
  console.log(`\n${title} (${seeds} seeded instances)`);
  console.log(
    '  solver                          on-time   km added / order on time   ms / instance',
  );
  solvers.forEach(([name], k) => {
    const x = sums[k]!;
    const rate = ((100 * x.onTime) / x.orders).toFixed(1).padStart(5);
    const km = (x.km / Math.max(1, x.onTime)).toFixed(2).padStart(6);
    console.log(
      `  ${name.padEnd(31)} ${rate} %   ${km} km                    ${(x.ms / seeds).toFixed(2)}`,
    );
  });
  if (withOptimum) {
    console.log(
      `  joint solver serves as many on time as the optimum on ${equalToOptimum}/${seeds}`,
    );
  }
}

table(
  'small: 6 orders x 6 riders, pickups 15-45 min, 6 km square',
  { orders: 6, riders: 6, halfKm: 4, pickupMinutes: [15, 45], busyShare: 0.5 },
  200,
  true,
);
table(
  'tight: 60 orders x 25 riders, pickups 15-90 min, 12 km square',
  { orders: 60, riders: 25, halfKm: 6, pickupMinutes: [15, 90], busyShare: 0.5 },
  30,
  false,
);
table(
  'busy hour: 100 orders x 300 riders, pickups 15-120 min',
  { orders: 100, riders: 300, halfKm: 6, pickupMinutes: [15, 120], busyShare: 0.5 },
  10,
  false,
);
