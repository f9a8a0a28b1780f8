import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { solveAssignments } from '../../apps/server/src/modules/dispatch/routing/auto-assign';
import { toSolveInput } from './adapter';
import { checkSolution } from './checker';
import { readSolomon, type SolomonInstance } from './parse';

/** Solves one instance through the production solver and checks it independently. */
export function solveInstance(
  inst: SolomonInstance,
  budgetMs: number,
  seed = 1,
  iterations?: number,
) {
  const t0 = performance.now();
  // Budget 0: the free-sequence construction and local operators alone, no search.
  const search = budgetMs > 0 || iterations ? { budgetMs, seed, iterations } : undefined;
  const result = solveAssignments(toSolveInput(inst, search));
  const ms = performance.now() - t0;
  const routes = (result.routes ?? []).map((r) => r.orderIds);
  return { ms, routes, check: checkSolution(inst, routes) };
}

// A copy of ../shared/benchmarks/solomon-100 (public data; source and rules in its README), so a
// fresh clone runs the benchmark and its tests with nothing beside it.
export const DATA_DIR = join(import.meta.dirname, 'instances');

export function bestKnown(dir = DATA_DIR): Map<string, number> {
  const rows = readFileSync(join(dir, 'best-known.csv'), 'utf8').trim().split('\n').slice(1);
  return new Map(rows.map((r) => r.split(',')).map(([name, , d]) => [name!, Number(d)]));
}

const classOf = (name: string) => name.replace(/\d{2}$/, '');

function main() {
  const budget = Number(process.argv[2] ?? 1500);
  const filter = new RegExp(process.argv[3] ?? '.', 'i');
  const best = bestKnown();
  const files = readdirSync(DATA_DIR)
    .filter((f) => f.endsWith('.vrptw') && filter.test(f))
    .sort();
  type Row = { name: string; ok: boolean; gap: number; ms: number };
  const rows: Row[] = [];
  for (const f of files) {
    const inst = readSolomon(join(DATA_DIR, f));
    const { ms, check } = solveInstance(inst, budget);
    const bk = best.get(inst.name)!;
    const gap = (check.distance - bk) / bk;
    rows.push({ name: inst.name, ok: check.ok, gap, ms });
    console.log(
      `${inst.name.padEnd(6)} ${check.ok ? 'ok  ' : 'FAIL'} ${check.distance.toFixed(1).padStart(7)} vs ${bk.toFixed(1).padStart(7)}  gap ${(gap * 100).toFixed(2).padStart(6)}%  routes ${check.vehicles}/${inst.vehicles}  ${ms.toFixed(0)} ms${check.ok ? '' : `  ${check.errors.slice(0, 2).join('; ')}`}`,
    );
  }
  const line = (label: string, rs: Row[]) => {
    const ok = rs.filter((r) => r.ok);
    const gaps = ok.map((r) => r.gap * 100);
    const mean = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : NaN;
    const worst = gaps.length ? Math.max(...gaps) : NaN;
    const ms = rs.reduce((a, r) => a + r.ms, 0) / rs.length;
    return `${label.padEnd(8)} ${`${ok.length}/${rs.length}`.padStart(6)}  ${mean.toFixed(2).padStart(8)}%  ${worst.toFixed(2).padStart(8)}%  ${ms.toFixed(0).padStart(7)}`;
  };
  console.log(`\nSolomon 100, budget ${budget} ms per instance (gap over feasible and complete)`);
  console.log('class    ok/all  mean gap  worst gap  ms/inst');
  for (const c of ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2']) {
    const rs = rows.filter((r) => classOf(r.name) === c);
    if (rs.length) console.log(line(c, rs));
  }
  console.log(line('all', rows));
  const okAll = rows.every((r) => r.ok);
  const mean = rows.reduce((a, r) => a + r.gap, 0) / rows.length;
  console.log(
    `target 56/56, mean gap <= 3%, <= 2000 ms: ${okAll && mean <= 0.03 ? 'met' : 'MISSED'}`,
  );
  if (!okAll) process.exitCode = 1;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
