import {
  ERRORS,
  ORDER_MESSAGES,
  SUCCESS,
  TRANSITION_GUARDS,
  VALIDATION,
} from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES, RIDER_TASK_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderScanTypes } from '../../../db/schema/orders';
import {
  activitiesOf,
  api,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
  riderStateOf,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { assignOrder } from './order-assign.service';
import { forceDeliverRider } from './order-lifecycle.service';
import {
  markCollected,
  markDeliveredAtCenter,
  markReached,
  REACHED_THRESHOLD_METRES,
  reportProblem,
} from './order-rider.service';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const at = { latitude: 31.5206, longitude: 74.3506 };

/** An order of the vertical assigned to a fresh rider. */
async function assigned(vertical: 'blood' | 'xray' = 'blood') {
  const order = await placeOrder(f, vertical);
  const rider = await createRider(f, { vertical });
  await assignOrder(
    f.t.db,
    { vertical, orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  return { order, rider };
}

async function collected(vertical: 'blood' | 'xray' = 'blood') {
  const { order, rider } = await assigned(vertical);
  await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
  await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
  return { order, rider };
}

describe('rider actions', () => {
  it('walks a blood order from assigned to delivered and keeps the queue and state', async () => {
    const { order, rider } = await assigned();
    const reached = await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
    expect(reached.state).toBe('reached');
    expect(await orderRow(f, order.id)).toMatchObject({
      riderReachedLatitude: at.latitude,
      riderReachedLongitude: at.longitude,
      reachedThresholdDistance: REACHED_THRESHOLD_METRES,
    });

    await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
    const row = await orderRow(f, order.id);
    expect(row.state).toBe('collected');
    expect(row.collectedAt).toBeInstanceOf(Date);
    expect(row.riderCollectionLatitude).toBe(at.latitude);
    const tasks = await pendingTasksOf(f, rider.id);
    // The sample goes to the nearest centre of the region.
    expect(tasks.map((t) => [t.type, t.collectionCenterId])).toEqual([
      [RIDER_TASK_TYPES.DELIVERY, f.nearCenter],
    ]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.DELIVERING);

    const done = await markDeliveredAtCenter(
      f.t.db,
      { orderIds: [order.id], collectionCenterId: f.nearCenter },
      rider.actor,
    );
    expect(done.detail).toBe(SUCCESS.ORDER_DELIVERED);
    expect(await orderRow(f, order.id)).toMatchObject({
      state: 'delivered',
      collectionCenterId: f.nearCenter,
    });
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
    expect(await riderStateOf(f, rider.id)).toEqual({ state: RIDER_STATES.IDLE, completed: 1 });
    const verbs = (await activitiesOf(f, order.id))
      .filter((a) => a.verb !== 'linkSent')
      .map((a) => a.verb);
    expect(verbs).toEqual(['created', 'assigned', 'reached', 'collected', 'delivered']);
    const last = (await activitiesOf(f, order.id)).filter((a) => a.verb !== 'linkSent').at(-1)!;
    expect(last).toMatchObject({
      actorId: rider.id,
      description: `${rider.name} delivered the order at Near Lab`,
    });
  });

  it('queues no delivery for X-ray: the rider is free once collected', async () => {
    const { rider } = await collected('xray');
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
  });

  it('refuses a rider acting on an order assigned to someone else (403)', async () => {
    const { order } = await assigned();
    const stranger = await createRider(f);
    await expect(
      markReached(f.t.db, { orderId: order.id, ...at }, stranger.actor),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect((await orderRow(f, order.id)).state).toBe('assigned');
  });

  it('refuses an out-of-order report, naming the state', async () => {
    const { order, rider } = await assigned();
    await expect(
      markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor),
    ).rejects.toMatchObject({
      code: 'refused',
      detail: 'Cannot mark collected an order that is Assigned.',
    });
  });

  it('refuses a centre of the other vertical and leaves the order collected', async () => {
    const { order, rider } = await collected();
    await expect(
      markDeliveredAtCenter(
        f.t.db,
        { orderId: order.id, collectionCenterId: f.xrayCenter },
        rider.actor,
      ),
    ).rejects.toMatchObject({ code: 'invalid', detail: ORDER_MESSAGES.COLLECTION_CENTER_INVALID });
    expect((await orderRow(f, order.id)).state).toBe('collected');
  });

  it('reports a problem: the order leaves the rider, who is idle again', async () => {
    const { order, rider } = await assigned();
    const res = await reportProblem(
      f.t.db,
      { orderId: order.id, problemStringId: f.lookups.problem, text: 'Gate locked' },
      rider.actor,
    );
    expect(res).toMatchObject({ state: 'problem', assignedRider: null });
    expect(await orderRow(f, order.id)).toMatchObject({
      problemStringId: f.lookups.problem,
      problemReason: 'Gate locked',
    });
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.description).toBe(
      `Problem reported by ${rider.name}: Patient not at home - Gate locked`,
    );
    // Problem orders can be assigned again by a dispatcher.
    const again = await createRider(f);
    const res2 = await api(f).post(`/orders/blood/${order.id}/request/`, { rider_ids: [again.id] });
    expect(res2.statusCode).toBe(200);
  });
});

describe('POST /orders/{vertical}/{id}/delivered/', () => {
  it('delivers a collected blood order and frees the rider', async () => {
    const { order, rider } = await collected();
    const res = await api(f).post(`/orders/blood/${order.id}/delivered/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: SUCCESS.ORDER_DELIVERED, state: 'delivered' });
    expect(await orderRow(f, order.id)).toMatchObject({ collectionCenterId: f.nearCenter });
    expect(await riderStateOf(f, rider.id)).toEqual({ state: RIDER_STATES.IDLE, completed: 1 });
    const last = (await activitiesOf(f, order.id)).filter((a) => a.verb !== 'linkSent').at(-1)!;
    expect(last.description).toMatch(/^Order marked as delivered by Test User\d+$/);
  });

  it('refuses X-ray orders, wrong states and users without Can deliver order', async () => {
    const x = await collected('xray');
    const xray = await api(f).post(`/orders/xray/${x.order.id}/delivered/`, {});
    expect(xray.statusCode).toBe(409);
    expect(xray.json().detail).toBe('Cannot deliver X-RAY orders.');
    const { order } = await assigned();
    const early = await api(f).post(`/orders/blood/${order.id}/delivered/`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Cannot deliver an order that is Assigned.');
    const denied = await api(f).post(
      `/orders/blood/${order.id}/delivered/`,
      {},
      await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_ORDER]),
    );
    expect(denied.statusCode).toBe(403);
  });
});

describe('POST /orders/{vertical}/{id}/verified/', () => {
  it('verifies an unverified order into needs assignment', async () => {
    const order = await placeOrder(f, 'blood', { customerAddress: f.unverifiedAddress });
    expect(order.state).toBe('unverified');
    const res = await api(f).post(`/orders/blood/${order.id}/verified/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: SUCCESS.ORDER_VERIFIED, state: 'needsAssignment' });
    expect((await orderRow(f, order.id)).isUnverified).toBe(false);
    expect((await activitiesOf(f, order.id)).at(-1)!.verb).toBe('verified');
  });

  it('needs tests, and an unverified order', async () => {
    const order = await placeOrder(f, 'blood', { customerAddress: f.unverifiedAddress });
    await f.t.db.delete(orderScanTypes).where(eq(orderScanTypes.orderId, order.id));
    const noTests = await api(f).post(`/orders/blood/${order.id}/verified/`, {});
    expect(noTests.statusCode).toBe(409);
    expect(noTests.json().detail).toBe(VALIDATION.TESTS_REQUIRED_TO_VERIFY);
    const verified = await placeOrder(f);
    const twice = await api(f).post(`/orders/blood/${verified.id}/verified/`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Cannot verify an order that is Needs Assignment.');
  });
});

describe('POST /orders/{vertical}/{id}/offline-in-progress/', () => {
  it('moves an offline order in progress and refuses an online one', async () => {
    const offline = await placeOrder(f, 'blood', { fulfillmentMethod: 'offline' });
    const res = await api(f).post(`/orders/blood/${offline.id}/offline-in-progress/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: SUCCESS.ORDER_IN_PROGRESS,
      state: 'offlineInProgress',
    });
    const online = await placeOrder(f);
    const refused = await api(f).post(`/orders/blood/${online.id}/offline-in-progress/`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(TRANSITION_GUARDS.OFFLINE_ONLY);
    // Offline blood orders end through Deliver Order.
    const delivered = await api(f).post(`/orders/blood/${offline.id}/delivered/`, {});
    expect(delivered.json().state).toBe('delivered');
  });
});

describe('forceDeliverRider', () => {
  it('delivers every collected order of a delivering blood rider', async () => {
    const rider = await createRider(f);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await placeOrder(f);
      await assignOrder(
        f.t.db,
        { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
        f.staff,
      );
      await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
      await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
      ids.push(order.id);
    }
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.DELIVERING);
    const res = await forceDeliverRider(f.t.db, rider.id, f.staff);
    expect(res).toMatchObject({ detail: SUCCESS.RIDER_FORCE_DELIVERED, delivered: 2 });
    for (const id of ids) expect((await orderRow(f, id)).state).toBe('delivered');
    expect(await riderStateOf(f, rider.id)).toEqual({ state: RIDER_STATES.IDLE, completed: 2 });
  });

  it('refuses a rider who is not delivering, and staff without Can deliver order', async () => {
    const { rider } = await assigned();
    await expect(forceDeliverRider(f.t.db, rider.id, f.staff)).rejects.toMatchObject({
      code: 'refused',
      detail: ORDER_MESSAGES.FORCE_DELIVER_NOT_ALLOWED,
    });
    await expect(
      forceDeliverRider(f.t.db, rider.id, { kind: 'staff', userId: f.staffId, permissions: [] }),
    ).rejects.toMatchObject({ code: 'forbidden', detail: ERRORS.PERMISSION_DENIED });
  });
});
