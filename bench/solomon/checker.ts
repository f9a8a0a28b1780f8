import type { SolomonInstance } from './parse';

/**
 * An independent check of a Solomon solution against the README's rules, in exact integer
 * tenths (shares no code with the solver or the adapter): each customer served exactly once,
 * at most VEHICLES routes, load within capacity, service starting within every window (waiting
 * allowed), leaving the depot no earlier than its ready time and back by its due time.
 */
export interface CheckResult {
  ok: boolean;
  distance: number;
  vehicles: number;
  errors: string[];
}

/** Routes list customers by node index (1..n, the file's node id - 1), depot left out. */
export function checkSolution(inst: SolomonInstance, routes: number[][]): CheckResult {
  const n = inst.x.length - 1;
  const errors: string[] = [];
  const tenths = (i: number, j: number) => {
    const dx = inst.x[i]! - inst.x[j]!;
    const dy = inst.y[i]! - inst.y[j]!;
    return Math.floor(Math.sqrt(100 * (dx * dx + dy * dy)));
  };
  const seen = new Array<number>(n + 1).fill(0);
  let total = 0;
  const used = routes.filter((r) => r.length > 0);
  if (used.length > inst.vehicles) errors.push(`${used.length} routes > ${inst.vehicles} vehicles`);
  used.forEach((route, k) => {
    let load = 0;
    let t = inst.ready[0]! * 10;
    let at = 0;
    for (const c of route) {
      if (!Number.isInteger(c) || c < 1 || c > n) {
        errors.push(`route ${k}: no customer ${c}`);
        return;
      }
      seen[c]!++;
      load += inst.demand[c]!;
      const d = tenths(at, c);
      total += d;
      const start = Math.max(t + d, inst.ready[c]! * 10);
      if (start > inst.due[c]! * 10) {
        errors.push(`route ${k}: customer ${c} served at ${start / 10} > due ${inst.due[c]}`);
      }
      t = start + inst.serviceTime * 10;
      at = c;
    }
    const back = tenths(at, 0);
    total += back;
    if (t + back > inst.due[0]! * 10) {
      errors.push(`route ${k}: back at depot ${(t + back) / 10} > due ${inst.due[0]}`);
    }
    if (load > inst.capacity) errors.push(`route ${k}: load ${load} > capacity ${inst.capacity}`);
  });
  for (let c = 1; c <= n; c++) {
    if (seen[c] === 0) errors.push(`customer ${c} not served`);
    else if (seen[c]! > 1) errors.push(`customer ${c} served ${seen[c]} times`);
  }
  return { ok: errors.length === 0, distance: total / 10, vehicles: used.length, errors };
}
