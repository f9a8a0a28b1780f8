import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSolution } from './checker';
import { readSolomon } from './parse';
import { bestKnown, DATA_DIR, solveInstance } from './run';

const load = (name: string) => readSolomon(join(DATA_DIR, name));
const c101 = load('C101.100.10.vrptw');
// Tests run the search for a fixed number of iterations, not a time budget, so a busy machine
// gets the same plan (the time cap only guards a hang).
const CAP_MS = 60_000;
// A known-feasible C101 plan for the checker tests, solved once.
const good = solveInstance(c101, CAP_MS, 1, 1000);
const routesOf = () => good.routes.map((r) => [...r]);

describe('Solomon parser', () => {
  it('reads the header, depot and customers as the file states them', () => {
    expect(c101.name).toBe('C101');
    expect(c101.vehicles).toBe(10);
    expect(c101.capacity).toBe(200);
    expect(c101.serviceTime).toBe(90);
    expect(c101.x).toHaveLength(101);
    expect([c101.x[0], c101.y[0], c101.ready[0], c101.due[0]]).toEqual([40, 50, 0, 1236]);
    // File node 2 is customer 1: (45, 68), demand 10, window [912, 967].
    expect([c101.x[1], c101.y[1], c101.demand[1], c101.ready[1], c101.due[1]]).toEqual([
      45, 68, 10, 912, 967,
    ]);
    expect(bestKnown().get('C101')).toBe(827.3);
  });
});

describe('Solomon checker', () => {
  it('accepts the solver plan and recomputes its distance', () => {
    expect(good.check.errors).toEqual([]);
    expect(good.check.ok).toBe(true);
    expect(good.check.distance).toBeGreaterThan(800);
  });

  it('catches a missing customer', () => {
    const routes = routesOf();
    const dropped = routes[0]!.pop()!;
    const out = checkSolution(c101, routes);
    expect(out.ok).toBe(false);
    expect(out.errors).toContain(`customer ${dropped} not served`);
  });

  it('catches a violated window', () => {
    const routes = routesOf();
    routes[0]!.reverse();
    const out = checkSolution(c101, routes);
    expect(out.ok).toBe(false);
    expect(out.errors.some((e) => /served at .* > due/.test(e))).toBe(true);
  });

  it('catches capacity exceeded and too many vehicles', () => {
    const merged = routesOf();
    merged[0]!.push(...merged.pop()!);
    expect(checkSolution(c101, merged).errors.some((e) => /capacity 200/.test(e))).toBe(true);
    const split = routesOf();
    split.push([split[0]!.pop()!]);
    expect(checkSolution(c101, split).errors.some((e) => /11 routes > 10/.test(e))).toBe(true);
  });

  it('catches a late return to the depot', () => {
    const early = { ...c101, due: [c101.due[0]! - 400, ...c101.due.slice(1)] };
    const out = checkSolution(early, routesOf());
    expect(out.errors.some((e) => /back at depot/.test(e))).toBe(true);
  });
});

describe('Solomon through the production solver', () => {
  for (const [file, within] of [
    ['C101.100.10.vrptw', 0.01],
    ['R101.100.20.vrptw', 0.03],
  ] as const) {
    it(`${file.split('.')[0]} is feasible, complete and within ${within * 100}% of best known`, () => {
      const inst = load(file);
      const { check } = solveInstance(inst, CAP_MS, 1, 3000);
      expect(check.errors).toEqual([]);
      expect(check.distance).toBeLessThanOrEqual(bestKnown().get(inst.name)! * (1 + within));
    });
  }
});
