import { describe, expect, it } from 'vitest';
import { solveAssignments } from './auto-assign';
import { roadLeg } from './distance';
import { type OrderModel, planRoute, type RiderModel } from './route-plan';
import { config, input, MIN, now, on, order, rider } from './street-models';

describe('free visiting order', () => {
  // Order 1 books early but accepts a wide window far out; order 2 is near with a tight one.
  // Slot order rides out to 1 first and reaches 2 late; the free order serves 2 on the way.
  const orders = () => [
    order(1, 74.4, { pickup: now + 20 * MIN, latest: now + 120 * MIN }),
    order(2, 74.32, { pickup: now + 30 * MIN }),
  ];

  it('serves both orders where slot order loses one', () => {
    const slot = solveAssignments(input(orders(), [rider(1, 74.3)]));
    expect(slot.unassigned).toHaveLength(1);
    const free = solveAssignments(input(orders(), [rider(1, 74.3)], { sequence: 'free' }));
    expect(free.unassigned).toEqual([]);
    expect(free.routes).toEqual([{ riderId: 1, orderIds: [2, 1] }]);
  });

  it('answers an empty batch at once, search or not', () => {
    const search = { budgetMs: 5_000, seed: 1 };
    const t0 = performance.now();
    expect(solveAssignments(input([], [rider(1, 74.3)], { search }))).toEqual({
      assignments: [],
      unassigned: [],
      routes: [],
    });
    expect(solveAssignments(input([order(1, 74.31)], [], { search })).unassigned).toEqual([1]);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it('counts load against the room left in the box', () => {
    const full = rider(1, 74.3, { inHand: 3 });
    for (const sequence of ['slot', 'free'] as const) {
      const heavy = solveAssignments(input([order(1, 74.31, { load: 3 })], [full], { sequence }));
      expect(heavy.unassigned).toEqual([1]);
      const light = solveAssignments(input([order(1, 74.31, { load: 2 })], [full], { sequence }));
      expect(light.assignments).toEqual([{ orderId: 1, riderId: 1 }]);
    }
  });

  it('prices the leg to the route end and keeps its deadline', () => {
    const centre = on(74.5);
    const tight = rider(1, 74.3, { end: { point: centre, latest: now + 60 * MIN } });
    const loose = rider(1, 74.3, { end: { point: centre, latest: now + 300 * MIN } });
    for (const sequence of ['slot', 'free'] as const) {
      expect(solveAssignments(input([order(1, 74.31)], [tight], { sequence })).unassigned).toEqual([
        1,
      ]);
      expect(solveAssignments(input([order(1, 74.31)], [loose], { sequence })).unassigned).toEqual(
        [],
      );
    }
    const open = planRoute(rider(1, 74.3), [order(1, 74.31)], now, input([], []).travel, config);
    const closed = planRoute(loose, [order(1, 74.31)], now, input([], []).travel, config);
    expect(closed.travelMinutes).toBeGreaterThan(open.travelMinutes + 60);
    expect(closed.endLateMinutes).toBe(0);
  });

  it('keeps held pickups with their rider and never later than planned', () => {
    const held = { orderId: 9, point: on(74.31), pickup: now + 5 * MIN };
    const r = rider(1, 74.3, { pickups: [held], inHand: 1 });
    const out = solveAssignments(
      input([order(1, 74.35, { pickup: now + 25 * MIN })], [r], { sequence: 'free' }),
    );
    expect(out.routes?.[0]?.orderIds).toEqual([9, 1]);
    expect(out.assignments).toEqual([{ orderId: 1, riderId: 1 }]);
  });

  const batch = (latestMinutes: number) => {
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const orders = Array.from({ length: 30 }, (_, i) =>
      order(i + 1, 0, {
        point: { latitude: 31.4 + rnd() * 0.2, longitude: 74.2 + rnd() * 0.3 },
        pickup: now + (15 + rnd() * 150) * MIN,
        latest: now + latestMinutes * MIN,
      }),
    );
    const riders = Array.from({ length: 4 }, (_, i) => rider(i + 1, 74.3, { capacity: 12 }));
    return { orders, riders };
  };
  const search = { budgetMs: 10_000, seed: 3, iterations: 300 };

  it('serves orders the construction leaves out, the same plan for the same seed', () => {
    const { orders, riders } = batch(240);
    const base = solveAssignments(input(orders, riders, { sequence: 'free' }));
    const a = solveAssignments(input(orders, riders, { search }));
    const b = solveAssignments(input(orders, riders, { search }));
    expect(a.routes).toEqual(b.routes);
    expect(base.unassigned.length).toBeGreaterThan(0);
    expect(a.unassigned).toEqual([]);
  });

  it('never rides more than the construction when both serve everyone', () => {
    const { orders, riders } = batch(600);
    const base = solveAssignments(input(orders, riders, { sequence: 'free' }));
    const a = solveAssignments(input(orders, riders, { search }));
    expect(base.unassigned).toEqual([]);
    expect(a.unassigned).toEqual([]);
    const minutes = (r: typeof a) =>
      riders.reduce((sum, rd) => {
        const ids = r.routes?.find((x) => x.riderId === rd.id)?.orderIds ?? [];
        return sum + routeMinutes(rd, ids, orders);
      }, 0);
    expect(minutes(a)).toBeLessThanOrEqual(minutes(base) + 1e-6);
  });
});

/** Minutes of riding along a route in the given order (the test's own walk, not the solver's). */
function routeMinutes(r: RiderModel, ids: number[], orders: OrderModel[]): number {
  let at = r.position!;
  let total = 0;
  for (const id of ids) {
    const o = orders.find((x) => x.orderId === id)!;
    total += roadLeg(at, o.point, config).minutes;
    at = o.point;
  }
  return total;
}
