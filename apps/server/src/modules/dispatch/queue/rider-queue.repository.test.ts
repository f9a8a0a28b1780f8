import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { RIDER_STATES, RIDER_TASK_TYPES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import {
  addPickupTask,
  completeDelivery,
  completePickupAndQueueDelivery,
  lockRider,
  recomputeRiderState,
  removeOrderTasks,
  riderStateFor,
} from './rider-queue.repository';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

describe('riderStateFor', () => {
  it.each([
    [0, 0, RIDER_STATES.IDLE],
    [1, 0, RIDER_STATES.PICKING_UP_HAS_CAPACITY],
    [2, 2, RIDER_STATES.PICKING_UP_HAS_CAPACITY],
    [RIDER_MAX_PICKUPS, 0, RIDER_STATES.PICKING_UP_FULL],
    [3, 2, RIDER_STATES.PICKING_UP_FULL],
    [0, 3, RIDER_STATES.DELIVERING],
  ])('%i pickups and %i deliveries -> state %i', (pickups, deliveries, state) => {
    expect(riderStateFor({ pickups, deliveries })).toBe(state);
  });
});

describe('the queue in the database', () => {
  it('follows pickups, collection and delivery with the rider state', async () => {
    const rider = await createRider(f);
    const a = await orderRow(f, (await placeOrder(f)).id);
    const b = await orderRow(f, (await placeOrder(f)).id);
    const state = await f.t.db.transaction(async (tx) => {
      expect((await lockRider(tx, rider.id))?.vertical).toBe('blood');
      await addPickupTask(tx, rider.id, a);
      await addPickupTask(tx, rider.id, b);
      return recomputeRiderState(tx, rider.id);
    });
    expect(state).toBe(RIDER_STATES.PICKING_UP_HAS_CAPACITY);
    const queued = await pendingTasksOf(f, rider.id);
    expect(queued.map((t) => [t.orderId, t.sequence])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    // Deadline: end of the booked slot.
    expect(queued[0]!.deadline!.getTime()).toBe(a.pickup.getTime() + 60 * 60_000);

    await f.t.db.transaction(async (tx) => {
      expect(await completePickupAndQueueDelivery(tx, rider.id, a)).toBe(f.nearCenter);
      expect(await completePickupAndQueueDelivery(tx, rider.id, b, f.farCenter)).toBe(f.farCenter);
      expect(await recomputeRiderState(tx, rider.id)).toBe(RIDER_STATES.DELIVERING);
    });
    const deliveries = await pendingTasksOf(f, rider.id);
    expect(deliveries.map((t) => t.type)).toEqual([
      RIDER_TASK_TYPES.DELIVERY,
      RIDER_TASK_TYPES.DELIVERY,
    ]);

    await f.t.db.transaction(async (tx) => {
      await completeDelivery(tx, rider.id, [a.id]);
      expect(await recomputeRiderState(tx, rider.id)).toBe(RIDER_STATES.DELIVERING);
      expect(await removeOrderTasks(tx, b.id)).toEqual([rider.id]);
      expect(await recomputeRiderState(tx, rider.id)).toBe(RIDER_STATES.IDLE);
    });
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
  });

  it('queues no delivery for an X-ray pickup', async () => {
    const rider = await createRider(f, { vertical: 'xray' });
    const order = await orderRow(f, (await placeOrder(f, 'xray')).id);
    await f.t.db.transaction(async (tx) => {
      await addPickupTask(tx, rider.id, order);
      expect(await completePickupAndQueueDelivery(tx, rider.id, order)).toBeNull();
      expect(await recomputeRiderState(tx, rider.id)).toBe(RIDER_STATES.IDLE);
    });
  });
});
