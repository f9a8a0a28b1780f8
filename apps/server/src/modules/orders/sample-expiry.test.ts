import { orderSchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { DEFAULT_BLOOD_STABILITY_HOURS } from '@dastak/core/rules/sample-stability';
import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanTypes } from '../../db/schema/catalog';
import { riderProfiles } from '../../db/schema/riders';
import {
  activitiesOf,
  api,
  bringPickupNear,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { decodeQueue } from '../dispatch/public';
import { assignOrder } from './actions/order-assign.service';

/**
 * The sample's clock (docs/decisions/0048-sample-stability.md): collecting stamps the
 * expiry from the tests' windows, the delivery is due then, and every screen reads the same time.
 */
let f: Fixtures;
let call: ReturnType<typeof api>;
const HOUR = 3_600_000;
const at = { latitude: 31.5206, longitude: 74.3506 };

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = api(f);
  // LFT travels 4 hours; CBC keeps the vertical's default.
  const admin = await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_CATALOG]);
  const [lft] = await f.t.db.select().from(scanTypes).where(eq(scanTypes.code, 'LFT'));
  const res = await call.patch(`/orders/scan-types/${lft!.id}/`, { stability_hours: 4 }, admin);
  expect(res.statusCode).toBe(200);
});
afterAll(() => f.t.close());

/** Books, assigns and collects through the rider app, as a rider does. */
async function collect(vertical: 'blood' | 'xray', scanType: string[]) {
  const order = await placeOrder(f, vertical, { scanType });
  const rider = await createRider(f, { vertical });
  await assignOrder(
    f.t.db,
    { vertical, orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  // Booking offers slots an hour or more ahead; the rider app reaches from the lead (ADR 0055).
  await bringPickupNear(f, order.id);
  for (const step of ['reached', 'collected']) {
    const res = await call.post(`/rider-app/orders/${order.id}/${step}/`, at, rider.auth);
    expect(res.statusCode).toBe(200);
  }
  return { order: await orderRow(f, order.id), rider };
}

describe('collecting a sample', () => {
  it('stamps collection + the shortest window of its tests, with the activity, and the delivery is due then', async () => {
    const { order, rider } = await collect('blood', ['CBC', 'LFT']);
    expect(order.state).toBe('collected');
    expect(order.sampleExpiresAt!.getTime()).toBe(order.collectedAt!.getTime() + 4 * HOUR);

    const [delivery] = await pendingTasksOf(f, rider.id);
    expect(delivery).toMatchObject({
      type: RIDER_TASK_TYPES.DELIVERY,
      collectionCenterId: f.nearCenter,
    });
    expect(delivery!.deadline).toEqual(order.sampleExpiresAt);
    const collected = (await activitiesOf(f, order.id)).find((a) => a.verb === 'collected');
    expect(collected!.data).toMatchObject({
      sampleExpiresAt: order.sampleExpiresAt!.toISOString(),
    });

    // The queue snapshot carries the centre's pin for the dispatch model.
    const [profile] = await f.t.db
      .select({ queue: riderProfiles.queue })
      .from(riderProfiles)
      .where(eq(riderProfiles.userId, rider.id));
    expect(decodeQueue(rider.id, profile!.queue)).toEqual([
      expect.objectContaining({
        type: RIDER_TASK_TYPES.DELIVERY,
        orderId: order.id,
        deadline: order.sampleExpiresAt,
        centerLatitude: 31.521,
        centerLongitude: 74.351,
      }),
    ]);
  });

  it('tests without a window of their own take the blood default; X-ray carries no sample', async () => {
    const blood = await collect('blood', ['CBC']);
    expect(blood.order.sampleExpiresAt!.getTime() - blood.order.collectedAt!.getTime()).toBe(
      DEFAULT_BLOOD_STABILITY_HOURS * HOUR,
    );
    const xray = await collect('xray', ['CXR']);
    expect(xray.order.collectedAt).toBeInstanceOf(Date);
    expect(xray.order.sampleExpiresAt).toBeNull();
  });

  it('a window changed later does not move a sample already on the road', async () => {
    const { order } = await collect('blood', ['CBC', 'LFT']);
    const admin = await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_CATALOG]);
    const [lft] = await f.t.db.select().from(scanTypes).where(eq(scanTypes.code, 'LFT'));
    await call.patch(`/orders/scan-types/${lft!.id}/`, { stability_hours: 2 }, admin);
    expect((await orderRow(f, order.id)).sampleExpiresAt).toEqual(order.sampleExpiresAt);
    await call.patch(`/orders/scan-types/${lft!.id}/`, { stability_hours: 4 }, admin);
  });
});

describe('every screen reads the same expiry', () => {
  it('order detail, the rider’s tasks (console and rider app) and the dashboard map', async () => {
    const { order, rider } = await collect('blood', ['CBC', 'LFT']);
    const expected = toKarachiIso(order.sampleExpiresAt!);
    expect(expected).toMatch(/\+05:00$/);

    const detail = await call.get(`/orders/blood/${order.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(orderSchema.parse(detail.json()).sampleExpiresAt).toBe(expected);

    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const tasks = await call.get(`/algorithm/blood/tasks/?rider_id=${rider.id}`, viewer);
    expect(tasks.json()).toEqual([
      expect.objectContaining({
        type: RIDER_TASK_TYPES.DELIVERY,
        deadline: expected,
        order: expect.objectContaining({ id: order.id, sampleExpiresAt: expected }),
      }),
    ]);

    const own = (await call.get('/rider-app/tasks/', rider.auth)).json();
    expect(own.results[0].order).toMatchObject({ id: order.id, sampleExpiresAt: expected });

    // The dashboard of the order's own pickup day: late in the evening the fixture books it on
    // tomorrow's Karachi date, and a dashboard with no window reads today.
    const dashboard = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
    const from = encodeURIComponent(`${karachiDateString(order.pickup)}T00:00:00+05:00`);
    const map = await call.get(
      `/orders/blood/dashboard/?regions=${f.bloodRegion}&states=collected&pickup_from=${from}`,
      dashboard,
    );
    const marker = map.json().find((m: { id: number }) => m.id === order.id);
    expect(marker.sampleExpiresAt).toBe(expected);

    // Before collection there is nothing to count down.
    const fresh = await placeOrder(f, 'blood');
    expect((await call.get(`/orders/blood/${fresh.id}/`)).json().sampleExpiresAt).toBeNull();
  });
});
