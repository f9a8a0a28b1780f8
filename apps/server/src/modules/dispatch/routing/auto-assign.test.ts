import { describe, expect, it } from 'vitest';
import {
  bruteForceOptimum,
  evaluatePlan,
  greedyCheapestOnTime,
  greedyNearest,
} from './assignment-baselines';
import { solveAssignments } from './auto-assign';
import { input, MIN, now, on, order, rider } from './street-models';

const pairs = (r: { assignments: { orderId: number; riderId: number }[] }) =>
  Object.fromEntries(r.assignments.map((a) => [a.orderId, a.riderId]));

describe('solveAssignments', () => {
  // Rider 1 is nearest to both orders but can reach only one in time; rider 2 reaches only
  // order 1. One by one, order 1 takes rider 1 and order 2 is lost; together, both are served.
  const instance = () =>
    input([order(1, 74.3), order(2, 74.34)], [rider(1, 74.33), rider(2, 74.25)]);

  it('solves the batch jointly where one-by-one greedy loses an order', () => {
    const joint = solveAssignments(instance());
    expect(pairs(joint)).toEqual({ 1: 2, 2: 1 });
    expect(joint.unassigned).toEqual([]);
    const greedy = greedyCheapestOnTime(instance());
    expect(greedy.assignments).toHaveLength(1);
    expect(evaluatePlan(instance(), joint).onTime).toBe(2);
    expect(evaluatePlan(instance(), greedyNearest(instance())).onTime).toBe(1);
  });

  it('matches the enumerated optimum on the small instance', () => {
    const best = bruteForceOptimum(instance());
    expect(pairs(best)).toEqual(pairs(solveAssignments(instance())));
  });

  it('keeps capacity, covid and region rules, and leaves what nobody reaches in time', () => {
    const orders = [
      order(1, 74.3),
      order(2, 74.301, { pickup: now + 90 * MIN }),
      order(3, 74.302, { isCovid: true }),
      order(4, 75.5),
    ];
    const riders = [
      rider(1, 74.3, { inHand: 4, state: 1 }),
      rider(2, 74.31, { regionId: 2 }),
      rider(3, 74.305, { isCovid: true }),
    ];
    const r = solveAssignments(input(orders, riders));
    const p = pairs(r);
    expect(p[3]).toBe(3);
    expect(Object.values(p).filter((id) => id === 1).length).toBeLessThanOrEqual(1);
    expect(Object.values(p)).not.toContain(2);
    expect(r.unassigned).toContain(4);
  });

  it('never makes a pickup a rider already holds late to take a new order', () => {
    // Rider 1 holds a pickup at 74.30 (due in 20 minutes, reached in about 10). A new order next
    // door, due in 10, fits only before it, and the held patient would then wait past the grace.
    const held = { orderId: 9, point: on(74.3), pickup: now + 20 * MIN };
    const busy = rider(1, 74.33, { pickups: [held], inHand: 1, state: 1 });
    const fresh = order(1, 74.34, { pickup: now + 10 * MIN });
    const alone = solveAssignments(input([fresh], [busy]));
    expect(alone.assignments).toEqual([]);
    expect(alone.unassigned).toEqual([1]);
    // A free rider who reaches it on time gets it instead.
    const helped = solveAssignments(input([fresh], [busy, rider(2, 74.36)]));
    expect(pairs(helped)).toEqual({ 1: 2 });
  });

  it('serves at least as many orders on time as the greedy rules on random batches', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 20; k++) {
      const orders = Array.from({ length: 6 }, (_, i) =>
        order(i + 1, 74.25 + rnd() * 0.2, { pickup: now + (15 + rnd() * 60) * MIN }),
      );
      const riders = Array.from({ length: 5 }, (_, i) => rider(i + 1, 74.25 + rnd() * 0.2));
      const inst = input(orders, riders);
      const ours = evaluatePlan(inst, solveAssignments(inst)).onTime;
      expect(ours).toBeGreaterThanOrEqual(evaluatePlan(inst, greedyCheapestOnTime(inst)).onTime);
      expect(ours).toBeGreaterThanOrEqual(evaluatePlan(inst, greedyNearest(inst)).onTime);
    }
  });
});
