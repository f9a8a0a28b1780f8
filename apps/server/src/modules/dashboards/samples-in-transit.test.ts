import { sampleInTransitSchema } from '@dastak/core/entities/dashboard';
import { STABILITY_MESSAGES } from '@dastak/core/messages/sample-stability';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { dashboardToken, get, insertOrder, MIN } from '../../test/fixtures/dashboards.fixtures';
import {
  createFixtures,
  createRider,
  type Fixtures,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { refreshQueueSnapshots } from '../dispatch/public';

// Route model defaults (ADR 0009): 20 km/h, detour 1.35, 10 min at each door, 10 min grace.
// Near Lab stands at 31.521, 74.351, a few metres from the riders of these tests.
let f: Fixtures;
let call: ReturnType<typeof get>;
const now = Date.now();
const ids: Record<string, number> = {};
const id = (name: string) => ids[name] as number;
const farPin = { latitude: 31.52 + 20 / 111.32, longitude: 74.35 };

/** A collected order in the rider's box, due at Near Lab `expiresIn` minutes from now. */
async function sample(
  name: string,
  riderId: number,
  expiresIn: number,
  more: { regionId?: number; state?: 'collected' | 'delivered' } = {},
) {
  const { id } = await insertOrder(f, now, {
    state: more.state ?? 'collected',
    pickupIn: -60,
    collectedAfter: 5,
    riderId,
    regionId: more.regionId,
  });
  await f.t.db
    .update(orders)
    .set({ sampleExpiresAt: new Date(now + expiresIn * MIN) })
    .where(eq(orders.id, id));
  if ((more.state ?? 'collected') === 'collected') {
    await f.t.db.insert(riderTasks).values({
      riderId,
      orderId: id,
      type: RIDER_TASK_TYPES.DELIVERY,
      sequence: 9,
      deadline: new Date(now + expiresIn * MIN),
      collectionCenterId: f.nearCenter,
    });
  }
  ids[name] = id;
  return id;
}

async function riderAt(position: { latitude: number; longitude: number } | null) {
  const r = await createRider(f);
  await f.t.db
    .update(riderProfiles)
    .set({
      lastKnownLatitude: position?.latitude ?? null,
      lastKnownLongitude: position?.longitude ?? null,
    })
    .where(eq(riderProfiles.userId, r.id));
  return r;
}

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = get(f, await dashboardToken(f));
  const lab = { latitude: 31.521, longitude: 74.351 };
  // Beside the lab with hours to spare.
  const safe = await riderAt(lab);
  await sample('safe', safe.id, 180);
  // 20 km out (27 km of road, 81 minutes) with an hour left: reaches the lab after the expiry.
  const far = await riderAt(farPin);
  await sample('far', far.id, 60);
  // Beside the lab, but first a pickup booked 15 minutes ahead (waits, 10 minutes at the door):
  // at the lab about 25 minutes from now with 45 left, so 19-20 to spare, under the 30 minutes.
  const busy = await riderAt(lab);
  await sample('busy', busy.id, 45);
  const pickup = await insertOrder(f, now, { state: 'assigned', pickupIn: 15, riderId: busy.id });
  await f.t.db
    .insert(riderTasks)
    .values({ riderId: busy.id, orderId: pickup.id, type: RIDER_TASK_TYPES.PICKUP, sequence: 0 });
  // No position: only the countdown can tell.
  const lost = await riderAt(null);
  await sample('lostSoon', lost.id, 20);
  await sample('lostLater', lost.id, 240);
  // Delivered already, and a sample of another region.
  await sample('delivered', safe.id, 30, { state: 'delivered' });
  const other = await riderAt(lab);
  await sample('otherRegion', other.id, 10, { regionId: f.otherBloodRegion });
  await refreshQueueSnapshots(f.t.db);
});
afterAll(() => f.t.close());

const list = async (query: Record<string, string | number> = { regions: f.bloodRegion }) => {
  const res = await call('/orders/blood/samples-in-transit/', query);
  expect(res.status).toBe(200);
  return z.array(sampleInTransitSchema).parse(res.body);
};
const minutesFromNow = (iso: string | null) => (Date.parse(iso as string) - now) / MIN;

describe('GET /orders/{vertical}/samples-in-transit/', () => {
  it('lists the collected samples on the road, soonest to expire first, with the arrival at the centre', async () => {
    const rows = await list();
    expect(rows.map((r) => r.id)).toEqual([
      id('lostSoon'),
      id('busy'),
      id('far'),
      id('safe'),
      id('lostLater'),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));

    const safe = byId.get(id('safe'))!;
    expect(safe).toMatchObject({
      collectionCenter: { id: f.nearCenter, name: 'Near Lab' },
      atRisk: false,
      cause: null,
    });
    expect(safe.sampleExpiresAt).toMatch(/\+05:00$/);
    expect(safe.minutesToSpare).toBeGreaterThanOrEqual(178);
    expect(safe.minutesToSpare).toBeLessThanOrEqual(180);

    const far = byId.get(id('far'))!;
    expect(minutesFromNow(far.estimatedArrival)).toBeGreaterThan(80);
    expect(minutesFromNow(far.estimatedArrival)).toBeLessThan(83);
    expect(far.minutesToSpare).toBeGreaterThanOrEqual(-23);
    expect(far.minutesToSpare).toBeLessThanOrEqual(-20);
    expect(far.atRisk).toBe(true);
    expect(far.cause).toBe(STABILITY_MESSAGES.AT_RISK_CAUSE(far.minutesToSpare!, 'Near Lab'));
    expect(far.cause).toMatch(/^Reaches Near Lab 2\d min after the sample expires$/);

    // The pickup the rider holds comes first in the model, as dispatch plans it.
    const busy = byId.get(id('busy'))!;
    expect(minutesFromNow(busy.estimatedArrival)).toBeGreaterThan(25);
    expect(minutesFromNow(busy.estimatedArrival)).toBeLessThan(27);
    expect(busy.atRisk).toBe(true);
    expect(busy.cause).toMatch(/^Reaches Near Lab only (18|19|20) min before the sample expires$/);

    const lostSoon = byId.get(id('lostSoon'))!;
    expect(lostSoon).toMatchObject({
      estimatedArrival: null,
      minutesToSpare: null,
      atRisk: true,
      cause: STABILITY_MESSAGES.NO_POSITION_CAUSE,
    });
    expect(byId.get(id('lostLater'))).toMatchObject({ atRisk: false, cause: null });
    expect(lostSoon.assignedRider.name).toMatch(/^Rider No\d+$/);
  });

  it('keeps to the regions and vertical asked for; no regions is every region', async () => {
    expect((await list({ regions: f.otherBloodRegion })).map((r) => r.id)).toEqual([
      id('otherRegion'),
    ]);
    expect((await list({})).map((r) => r.id)).toContain(id('otherRegion'));
    const xray = await call('/orders/xray/samples-in-transit/');
    expect(xray.body).toEqual([]);
  });

  it('is for dashboard viewers: 403 without the permission, 400 for a bad region list', async () => {
    const agent = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const res = await get(f, agent)('/orders/blood/samples-in-transit/');
    expect(res.status).toBe(403);
    expect((await call('/orders/blood/samples-in-transit/', { regions: 'x' })).status).toBe(400);
  });
});
