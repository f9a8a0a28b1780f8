import { atRiskOrderSchema } from '@dastak/core/entities/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dashboardToken,
  get,
  insertOrder,
  queuePickups,
  windowAround,
} from '../../test/fixtures/dashboards.fixtures';
import { createFixtures, createRider, type Fixtures } from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';

// Route model defaults (ADR 0009): 20 km/h, detour 1.35, 10 min at each door, 10 min grace.
let f: Fixtures;
let call: ReturnType<typeof get>;
const now = Date.now();
const ids: Record<string, number> = {};

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = get(f, await dashboardToken(f));
  const o = (name: string, spec: Parameters<typeof insertOrder>[2]) =>
    insertOrder(f, now, spec).then((r) => {
      ids[name] = r.id;
      return r.id;
    });
  // A rider next to three doors with the same slot, 15 minutes ahead: the first waits for the
  // slot and leaves at +25, the second is reached at +25 (its deadline), the third at +35.
  const busy = await createRider(f);
  const queue = [];
  for (const n of [1, 2, 3])
    queue.push(await o(`queued${n}`, { state: 'assigned', pickupIn: 15, riderId: busy.id }));
  await queuePickups(f, busy.id, queue);
  // A rider 20 km (27 km of road, 81 minutes) from a door booked 20 minutes ahead.
  const far = await createRider(f);
  const farPin = { latitude: 31.52 + 20 / 111.32, longitude: 74.35 };
  await queuePickups(f, far.id, [
    await o('far', { state: 'assigned', pickupIn: 20, riderId: far.id, pin: farPin }),
  ]);
  // Already late (on the late list instead), and an easy one on time.
  const late = await createRider(f);
  await queuePickups(f, late.id, [
    await o('late', { state: 'assigned', pickupIn: -30, riderId: late.id, pin: farPin }),
  ]);
  const easy = await createRider(f);
  await queuePickups(f, easy.id, [
    await o('easy', { state: 'assigned', pickupIn: 20, riderId: easy.id }),
  ]);
  ids.busy = busy.id;
  ids.farRider = far.id;
});
afterAll(() => f.t.close());

describe('GET /orders/{vertical}/at-risk-orders/', () => {
  it("lists assigned orders the rider's queue brings to the door after slot start + grace, with the cause", async () => {
    const res = await call('/orders/blood/at-risk-orders/', {
      ...windowAround(now),
      regions: f.bloodRegion,
    });
    expect(res.status).toBe(200);
    const rows = z.array(atRiskOrderSchema).parse(res.body);
    expect(rows.map((r) => r.id)).toEqual([ids.far, ids.queued3]);
    const [far, queued] = rows;
    expect(far!.cause).toBe('Rider is 27 km away');
    expect(far!.assignedRider.id).toBe(ids.farRider);
    expect(far!.minutesLate).toBeGreaterThanOrEqual(50);
    expect(far!.minutesLate).toBeLessThanOrEqual(52);
    expect(queued!.cause).toBe('2 pickups before this one');
    expect(queued!.pickupsBefore).toBe(2);
    expect(queued!.minutesLate).toBeGreaterThanOrEqual(10);
    expect(queued!.minutesLate).toBeLessThanOrEqual(11);
    const eta = Date.parse(queued!.estimatedArrival) - Date.parse(queued!.pickup);
    expect(Math.round(eta / 60_000)).toBe(20);
  });

  it('keeps to the regions and vertical asked for', async () => {
    const other = await call('/orders/blood/at-risk-orders/', {
      ...windowAround(now),
      regions: f.otherBloodRegion,
    });
    expect(other.body).toEqual([]);
    const xray = await call('/orders/xray/at-risk-orders/', windowAround(now));
    expect(xray.body).toEqual([]);
  });
});
