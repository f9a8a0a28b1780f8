import { ORDER_MESSAGES } from '@dastak/core/messages';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, riderTasks } from '../db/schema/orders';
import { riderProfiles } from '../db/schema/riders';
import {
  type Geography,
  insertOrder,
  insertRider,
  insertTask,
  riderToken,
  seedGeography,
} from '../test/fixtures/riders.fixtures';
import { apiRoutes, fillPath } from '../test/route-walk';
import { bearer, createTestApp } from '../test/test-app';
import { dbFingerprint } from './db-fingerprint';

/**
 * Object level (ADR 0030): a rider reads and changes only their own tasks and profile. Walks every
 * rider-app route of the route table as an intruder, with a body that is valid for every action
 * and names the owner wherever a body could name a rider.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let geo: Geography;
let owner: { id: number; token: string };
let intruder: { id: number; token: string };
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  geo = await seedGeography(t.db);
  const rider = async (profile: object) => {
    const r = await insertRider(t.db, { regionId: geo.gulberg.id, profile });
    return { id: r.id, token: await riderToken(t.app, r) };
  };
  owner = await rider({ isOnDuty: true, isOnline: true, state: 1 });
  intruder = await rider({ isOnDuty: true, isOnline: true });
  const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: owner.id });
  orderId = order.id;
  await insertTask(t.db, { riderId: owner.id, orderId, type: 0, sequence: 0 });
});
afterAll(() => t.close());

/** Valid for every rider-app action (unknown keys are dropped), naming the owner everywhere. */
const body = () => ({
  latitude: 31.51,
  longitude: 74.35,
  problem_string_id: geo.problemStringId,
  overall_star_rating: 1,
  patient_behavior_star_rating: 1,
  wait_time_mins: 1,
  collection_center_id: geo.bloodCenter.id,
  is_on_duty: false,
  id: owner.id,
  rider: owner.id,
  rider_id: owner.id,
  user_id: owner.id,
  order_id: orderId,
});

const riderRoutes = () => apiRoutes(t.app).filter((r) => r.access === ROUTE_ACCESS.RIDER);

async function ownersWorld() {
  const [profile] = await t.db
    .select()
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, owner.id));
  const tasks = await t.db.select().from(riderTasks).where(eq(riderTasks.riderId, owner.id));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { profile, tasks, order };
}

it("refuses every action on another rider's order with 403, and writes nothing", async () => {
  const onOrders = riderRoutes().filter((r) => r.url.includes(':id'));
  expect(onOrders.length).toBeGreaterThanOrEqual(4);
  const before = await dbFingerprint(t.db);
  const opened: string[] = [];
  for (const r of onOrders) {
    const res = await t.app.inject({
      method: r.method as 'POST',
      url: fillPath(r.url, String(orderId)),
      headers: bearer(intruder.token),
      ...(r.method === 'GET' ? {} : { payload: body() }),
    });
    if (res.statusCode !== 403 || res.json().detail !== ORDER_MESSAGES.NOT_ASSIGNED_TO_YOU) {
      opened.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
  }
  expect(opened).toEqual([]);
  expect(await dbFingerprint(t.db)).toEqual(before);
});

it("the rider's own routes act on the caller alone, whatever rider a body names", async () => {
  const own = riderRoutes().filter((r) => !r.url.includes(':id'));
  expect(own.map((r) => r.url)).toContain('/api/v1/rider-app/tasks/');
  const before = await ownersWorld();
  for (const r of own) {
    const res = await t.app.inject({
      method: r.method as 'POST',
      url: r.url,
      headers: bearer(intruder.token),
      ...(r.method === 'GET' ? {} : { payload: body() }),
    });
    expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    // Nothing of the owner's comes back.
    expect(res.body, `${r.method} ${r.url}`).not.toContain(`"number":"${before.order?.number}"`);
  }
  expect(await ownersWorld()).toEqual(before);

  const tasks = await t.app.inject({
    url: '/api/v1/rider-app/tasks/',
    headers: bearer(intruder.token),
  });
  expect(tasks.json().results).toEqual([]);
  // The owner still sees their own task: the refusals above are about the caller, not the order.
  const mine = await t.app.inject({
    url: '/api/v1/rider-app/tasks/',
    headers: bearer(owner.token),
  });
  expect(mine.json().results.map((x: { order: { id: number } }) => x.order.id)).toEqual([orderId]);
});

it("a rider cannot read or change a rider's profile through the staff API", async () => {
  const profile = await t.app.inject({
    url: `/api/v1/entity/rider/${owner.id}/`,
    headers: bearer(intruder.token),
  });
  expect(profile.statusCode).toBe(403);
  const duty = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/entity/riders/mark_off_duty/${owner.id}/`,
    headers: bearer(intruder.token),
    payload: { is_on_duty: false },
  });
  expect(duty.statusCode).toBe(403);
  expect((await ownersWorld()).profile?.isOnDuty).toBe(true);
});
