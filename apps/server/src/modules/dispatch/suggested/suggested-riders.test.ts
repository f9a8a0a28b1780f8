import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, regions } from '../../../db/schema/locations';
import { riderTasks } from '../../../db/schema/orders';
import {
  CENTRE,
  insertCell,
  insertOrder,
  insertPickupTask,
  insertRider,
  insertWorld,
  type World,
} from '../../../test/fixtures/dispatch.fixtures';
import { bearer, createTestApp, createUser, login } from '../../../test/test-app';

const MIN = 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let dispatcher: string;
let agent: string;
const ids: Record<string, number> = {};
let orderId: number;
let queued: Awaited<ReturnType<typeof insertPickupTask>>;

const near = (dLat: number) => ({
  lastKnownLatitude: CENTRE.latitude + dLat,
  lastKnownLongitude: CENTRE.longitude,
});

beforeAll(async () => {
  t = await createTestApp();
  w = await insertWorld(t.db, { hyperlocal: true });
  const u = await createUser(t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
  dispatcher = (await login(t.app, u.email, u.password)).token;
  const a = await createUser(t, [PERMISSIONS.CAN_VIEW_ORDER]);
  agent = (await login(t.app, a.email, a.password)).token;

  const pickup = new Date(Date.now() + 10 * MIN);
  const home = w.home.id;
  // The order sits in cell A; cell B (with a minimum of 1) holds one rider.
  await insertCell(t.db, home, CENTRE.latitude, CENTRE.longitude, 1);
  const cellB = await insertCell(t.db, home, CENTRE.latitude + 0.03, CENTRE.longitude, 1);
  ids.near = await insertRider(t.db, { regionId: home, ...near(0.005), firstName: 'Near' });
  ids.mid = await insertRider(t.db, { regionId: home, ...near(0.015), firstName: 'Mid' });
  ids.cellKeeper = await insertRider(t.db, {
    regionId: home,
    ...near(0.03),
    cellId: cellB,
    firstName: 'Keeper',
  });
  ids.far = await insertRider(t.db, { regionId: home, ...near(-0.049), firstName: 'Far' });
  ids.busy = await insertRider(t.db, { regionId: home, ...near(0.002), state: 1 });
  ids.full = await insertRider(t.db, { regionId: home, state: 2 });
  ids.delivering = await insertRider(t.db, { regionId: home, state: 3 });
  ids.outside = await insertRider(t.db, { regionId: home, ...near(0.3) });
  ids.wildcard = await insertRider(t.db, { regionId: w.other.id, isWildcard: true, ...near(0.01) });
  ids.otherRegion = await insertRider(t.db, { regionId: w.other.id, ...near(0.01) });
  ids.offDuty = await insertRider(t.db, { regionId: home, isOnDuty: false });
  ids.offline = await insertRider(t.db, { regionId: home, isOnline: false });

  // Busy: a far pickup due first, so the near rider cannot make this order on time.
  queued = await insertPickupTask(t.db, w, ids.busy, 0, {
    pickup: new Date(Date.now() + 5 * MIN),
    latitude: CENTRE.latitude - 0.2,
    longitude: CENTRE.longitude,
  });
  await t.db.insert(riderTasks).values({
    riderId: ids.busy,
    type: RIDER_TASK_TYPES.DELIVERY,
    sequence: 1,
    orderId: queued.order.id,
    deadline: new Date(Date.now() + 3 * 60 * MIN),
    collectionCenterId: w.center.id,
  });
  for (let s = 0; s < 5; s++) {
    await insertPickupTask(t.db, w, ids.full, s, {
      pickup: new Date(Date.now() + (60 + s * 30) * MIN),
      latitude: CENTRE.latitude,
      longitude: CENTRE.longitude,
    });
  }
  orderId = (await insertOrder(t.db, w, { pickup })).id;
});

afterAll(async () => {
  await t.close();
});

const suggested = (token: string, id = orderId, vertical = 'blood') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/algorithm/${vertical}/suggested-riders/${id}/`,
    headers: bearer(token),
  });

describe('GET /algorithm/{vertical}/suggested-riders/{orderId}/', () => {
  it('returns the six groups with scored riders, best first', async () => {
    const res = await suggested(dispatcher);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const of = (g: string) => body[g].map((e: { rider: { id: number } }) => e.rider.id);
    expect(of('availableRiders')).toEqual([ids.near, ids.mid, ids.wildcard, ids.cellKeeper]);
    expect(of('lateRiders').sort()).toEqual([ids.busy, ids.far].sort());
    expect(of('outOfCapacityRiders')).toEqual([ids.full]);
    expect(of('deliveringRiders')).toEqual([ids.delivering]);
    // Riders of other regions come only when wildcard; this region's riders away from it are out.
    expect(of('outOfRegionRiders')).toEqual([ids.outside]);
    expect(JSON.stringify(body)).not.toContain(`"id":${ids.otherRegion},"firstName"`);
    expect(of('offDutyRiders').sort()).toEqual([ids.offDuty, ids.offline].sort());

    const best = body.availableRiders[0];
    expect(best.rider).toMatchObject({ id: ids.near, firstName: 'Near', isWildcard: false });
    expect(best.roadDistance).toBeGreaterThan(600);
    expect(best.roadDistance).toBeLessThan(900);
    expect(best.onRoadTime).toBeGreaterThan(1);
    expect(best.breakdown).toMatchObject({ lateness: 30, load: 15, cellCoverage: 10, skills: 5 });
    expect(best.totalScore).toBeGreaterThan(body.availableRiders[1].totalScore);
    // The only rider of cell B would leave it under its minimum.
    const keeper = body.availableRiders.find(
      (e: { rider: { id: number } }) => e.rider.id === ids.cellKeeper,
    );
    expect(keeper.breakdown.cellCoverage).toBe(0);
    expect(keeper.rider.cell).toMatchObject({ id: expect.any(Number) });
    // The busy rider's queue (a far pickup first) makes it late.
    const busy = body.lateRiders.find((e: { rider: { id: number } }) => e.rider.id === ids.busy);
    expect(busy.lateMinutes).toBeGreaterThan(0);
    expect(busy.roadDistance).toBeGreaterThan(40_000);
  });

  it('leaves out riders of another city, wildcard or not, near the door or far away', async () => {
    const [karachi] = await t.db
      .insert(cities)
      .values({
        name: `Karachi ${w.tag}`,
        centerLatitude: 24.86,
        centerLongitude: 67.0,
        south: 24.7,
        west: 66.8,
        north: 25.1,
        east: 67.3,
        verticals: ['blood'],
      })
      .returning();
    const [clifton] = await t.db
      .insert(regions)
      .values({
        name: `Clifton ${w.tag}`,
        vertical: 'blood',
        cityId: karachi!.id,
        centerLatitude: 24.81,
        centerLongitude: 67.03,
        polygon: [
          { latitude: 24.76, longitude: 66.98 },
          { latitude: 24.76, longitude: 67.08 },
          { latitude: 24.86, longitude: 67.08 },
          { latitude: 24.86, longitude: 66.98 },
        ],
      })
      .returning();
    // About 1,000 km away, and (as a rider's last position can be anywhere) at the door itself.
    const away = await insertRider(t.db, {
      regionId: clifton!.id,
      isWildcard: true,
      lastKnownLatitude: 24.81,
      lastKnownLongitude: 67.03,
    });
    const atDoor = await insertRider(t.db, { regionId: clifton!.id, isWildcard: true, ...near(0) });
    const body = (await suggested(dispatcher)).json() as Record<
      string,
      { rider: { id: number } }[]
    >;
    const listed = Object.values(body).flatMap((g) => g.map((e) => e.rider.id));
    expect(listed).not.toContain(away);
    expect(listed).not.toContain(atDoor);
    // The wildcard of the order's own city (another region) is still offered.
    expect(listed).toContain(ids.wildcard);
  });

  it("leaves the order's current rider out of a re-assign's lists", async () => {
    const res = await suggested(dispatcher, queued.order.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, { rider: { id: number } }[]>;
    const listed = Object.values(body).flatMap((g) => g.map((e) => e.rider.id));
    expect(listed).not.toContain(ids.busy);
    expect(listed).toContain(ids.near);
  });

  it("needs 'Can assign order' and answers 404 for an unknown order or the wrong vertical", async () => {
    expect((await suggested(agent)).statusCode).toBe(403);
    const missing = await suggested(dispatcher, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Not found.');
    expect((await suggested(dispatcher, orderId, 'xray')).statusCode).toBe(404);
  });
});

describe('GET /algorithm/{vertical}/tasks/?rider_id', () => {
  it("returns the rider's queue in sequence order", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/algorithm/blood/tasks/?rider_id=${ids.busy}`,
      headers: bearer(agent),
    });
    expect(res.statusCode).toBe(200);
    const tasks = res.json();
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({
      id: queued.task.id,
      type: 0,
      order: { id: queued.order.id, number: queued.order.number, address: queued.order.address },
      collectionCenter: null,
    });
    expect(tasks[0].deadline).toMatch(/\+05:00$/);
    expect(tasks[1]).toMatchObject({
      type: 1,
      collectionCenter: { id: w.center.id, name: 'Main Lab' },
    });
  });

  it('answers an empty queue, 404 for an unknown rider and 400 without rider_id', async () => {
    const get = (q: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/algorithm/blood/tasks/${q}`,
        headers: bearer(agent),
      });
    const empty = await get(`?rider_id=${ids.near}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect((await get('?rider_id=999999')).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(400);
    const noAuth = await t.app.inject({
      method: 'GET',
      url: '/api/v1/algorithm/blood/tasks/?rider_id=1',
    });
    expect(noAuth.statusCode).toBe(401);
    // A queue names patients' addresses: staff without Can view order are refused.
    const other = await createUser(t, []);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/algorithm/blood/tasks/?rider_id=${ids.near}`,
      headers: bearer((await login(t.app, other.email, other.password)).token),
    });
    expect(refused.statusCode).toBe(403);
  });
});
