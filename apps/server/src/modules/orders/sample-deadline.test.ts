import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES, RIDER_TASK_TYPES } from '@dastak/core/states';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanTypes } from '../../db/schema/catalog';
import { orderScanTypes, orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { runAutoAssignmentOnce } from '../../jobs/auto-assignment';
import {
  insertOrder,
  insertPickupTask,
  insertRider,
  insertWorld,
  type World,
} from '../../test/fixtures/dispatch.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { refreshQueueSnapshots } from '../dispatch/public';
import { markCollected } from './actions/order-rider.service';

/**
 * The dispatch model plans the delivery before the sample expires (ADR 0048), through
 * the real path: a rider collects (the expiry is stamped and the delivery queued to Main Lab),
 * the queue snapshot carries the lab's pin, and the auto-assignment job and the assign dialog
 * read it. Route model defaults (ADR 0009): 20 km/h, detour 1.35, 10 minutes at each door.
 *
 * Main Lab stands at 31.53, 74.36. Each rider has just collected one sample and is at the door
 * of a second patient (reached): 10 minutes there, then about 20 minutes' ride to the lab. A new
 * order 1.7 km further from the lab, due 20 minutes on, would bring the rider to the lab 57
 * minutes on: past a sample with 40 minutes left, well within one good for six hours.
 */
const MIN = 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let t0: number;
let run: Date;
const ids = {} as Record<'tight' | 'loose' | 'southOrder' | 'northOrder', number>;

/** A rider at `lat` (on longitude 74.36) holding a sample of `test` and at a second door. */
async function riderHoldingSample(name: string, lat: number, test: number) {
  const spot = { latitude: lat, longitude: 74.36 };
  const riderId = await insertRider(t.db, {
    regionId: w.home.id,
    firstName: name,
    lastKnownLatitude: lat,
    lastKnownLongitude: 74.36,
    state: RIDER_STATES.PICKING_UP_HAS_CAPACITY,
  });
  const door = await insertPickupTask(t.db, w, riderId, 0, {
    pickup: new Date(t0 - 5 * MIN),
    ...spot,
  });
  const sample = await insertPickupTask(t.db, w, riderId, 1, {
    pickup: new Date(t0 - 30 * MIN),
    ...spot,
  });
  await t.db
    .update(orders)
    .set({ state: 'reached' })
    .where(inArray(orders.id, [door.order.id, sample.order.id]));
  await t.db
    .insert(orderScanTypes)
    .values({ orderId: sample.order.id, scanTypeId: test, value: 500 });
  await refreshQueueSnapshots(t.db, [riderId]);
  await markCollected(
    t.db,
    { orderId: sample.order.id, ...spot },
    { kind: 'rider', userId: riderId },
  );
  return riderId;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await insertWorld(t.db, { size: 0.1 });
  const [glucose, cbc] = await t.db
    .insert(scanTypes)
    .values([
      {
        code: `RBS-${w.tag}`,
        name: 'Random Blood Sugar',
        value: 300,
        vertical: 'blood',
        stabilityHours: 1,
      },
      { code: `CBC-${w.tag}`, name: 'Complete Blood Count', value: 900, vertical: 'blood' },
    ])
    .returning();
  t0 = Date.now();
  // South of the lab a glucose sample (1 hour); north of it a CBC (the 6-hour default).
  ids.tight = await riderHoldingSample('Tight', 31.486, glucose!.id);
  ids.loose = await riderHoldingSample('Loose', 31.575, cbc!.id);
  // The job runs 20 minutes after the collections: the glucose sample has 40 minutes left.
  run = new Date(t0 + 20 * MIN);
  const due = new Date(run.getTime() + 20 * MIN);
  ids.southOrder = (
    await insertOrder(t.db, w, { pickup: due, latitude: 31.471, longitude: 74.36 })
  ).id;
  ids.northOrder = (
    await insertOrder(t.db, w, { pickup: due, latitude: 31.59, longitude: 74.36 })
  ).id;
});
afterAll(() => t.close());

const orderOf = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('a rider holding a sample', () => {
  it('keeps the lab in reach: the assign dialog lists the rider late, with the minutes past the expiry', async () => {
    const u = await createUser(t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
    const headers = bearer((await login(t.app, u.email, u.password)).token);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/algorithm/blood/suggested-riders/${ids.southOrder}/`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.lateRiders.find((r: { rider: { id: number } }) => r.rider.id === ids.tight);
    // On time at the door, but the glucose sample would reach the lab about 17 minutes late.
    expect(row.lateMinutes).toBe(0);
    expect(row.sampleLateMinutes).toBeGreaterThan(12);
    expect(row.sampleLateMinutes).toBeLessThan(22);
    expect(body.availableRiders.map((r: { rider: { id: number } }) => r.rider.id)).not.toContain(
      ids.tight,
    );
  });

  it('is not given a pickup that would take it past the expiry; with hours to spare it is', async () => {
    const [tight] = await t.db
      .select({ queue: riderProfiles.queue })
      .from(riderProfiles)
      .where(eq(riderProfiles.userId, ids.tight));
    expect(tight!.queue).toHaveLength(2);

    await runAutoAssignmentOnce(t.db, run);
    const south = await orderOf(ids.southOrder);
    expect(south.assignedRiderId).not.toBe(ids.tight);
    expect(south.state).not.toBe('assigned');
    expect(await orderOf(ids.northOrder)).toMatchObject({
      state: 'assigned',
      assignedRiderId: ids.loose,
      wasAutoAssigned: true,
    });
  });

  it('the same rider, once the sample it holds is good for hours, takes that pickup', async () => {
    // As if the sample in the box were the CBC: its expiry and its delivery's deadline move out.
    const expiry = new Date(t0 + 6 * 60 * MIN);
    await t.db
      .update(orders)
      .set({ sampleExpiresAt: expiry })
      .where(and(eq(orders.assignedRiderId, ids.tight), eq(orders.state, 'collected')));
    await t.db
      .update(riderTasks)
      .set({ deadline: expiry })
      .where(
        and(eq(riderTasks.riderId, ids.tight), eq(riderTasks.type, RIDER_TASK_TYPES.DELIVERY)),
      );
    await refreshQueueSnapshots(t.db, [ids.tight]);
    const again = await insertOrder(t.db, w, {
      pickup: new Date(run.getTime() + 20 * MIN),
      latitude: 31.471,
      longitude: 74.36,
    });
    await runAutoAssignmentOnce(t.db, run);
    expect(await orderOf(again.id)).toMatchObject({
      state: 'assigned',
      assignedRiderId: ids.tight,
    });
  });
});
