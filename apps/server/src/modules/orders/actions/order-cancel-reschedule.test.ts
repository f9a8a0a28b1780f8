import { RESCHEDULE_LEAD_MINUTES, RESCHEDULE_MAX_DAYS_AHEAD } from '@dastak/core/constants';
import { ERRORS, ORDER_MESSAGES, ORDER_SUCCESS, TRANSITION_GUARDS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  slotBefore,
  slotIn,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { assignOrder } from './order-assign.service';
import { markCollected, markReached } from './order-rider.service';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

async function assigned() {
  const order = await placeOrder(f);
  const rider = await createRider(f);
  await assignOrder(
    f.t.db,
    { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  return { order, rider };
}

describe('POST /orders/{vertical}/{id}/cancel/', () => {
  const cancel = (id: number, extra: object = {}, headers = f.auth) =>
    api(f).post(
      `/orders/blood/${id}/cancel/`,
      { reason: 'duplicate', cancellation_string_id: f.lookups.cancellation, ...extra },
      headers,
    );

  it('cancels an assigned order and releases the rider', async () => {
    const { order, rider } = await assigned();
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: ORDER_SUCCESS.CANCELLED,
      state: 'cancelled',
      assignedRider: null,
    });
    const row = await orderRow(f, order.id);
    expect(row).toMatchObject({
      cancellationStringId: f.lookups.cancellation,
      cancellationReason: 'duplicate',
    });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.verb).toBe('cancelled');
    expect(last.description).toMatch(
      /^Cancelled by Test User\d+: Customer not available - duplicate$/,
    );
  });

  it('refuses a collected order with 409 naming the state', async () => {
    const { order, rider } = await assigned();
    const at = { latitude: 31.52, longitude: 74.35 };
    await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
    await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Cannot cancel an order that is Collected.');
  });

  it('refuses a bad cancellation string (400) and leaves the order and rider untouched', async () => {
    const { order, rider } = await assigned();
    const before = (await activitiesOf(f, order.id)).length;
    const res = await cancel(order.id, { cancellation_string_id: f.lookups.problem });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(ORDER_MESSAGES.UNKNOWN_REFERENCE);
    expect(await orderRow(f, order.id)).toMatchObject({
      state: 'assigned',
      assignedRiderId: rider.id,
    });
    expect(await pendingTasksOf(f, rider.id)).toHaveLength(1);
    expect(await activitiesOf(f, order.id)).toHaveLength(before);
  });

  it('needs Can cancel order and a cancellation string', async () => {
    const order = await placeOrder(f);
    const denied = await cancel(order.id, {}, await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_ORDER]));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe(ERRORS.PERMISSION_DENIED);
    const missing = await api(f).post(`/orders/blood/${order.id}/cancel/`, { reason: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('cancellationStringId');
  });
});

describe('POST /orders/{vertical}/{id}/reschedule/', () => {
  const reschedule = (id: number, slot: { date: string; timeSlot: string }, extra: object = {}) =>
    api(f).post(`/orders/blood/${id}/reschedule/`, {
      ...slot,
      time_slot: slot.timeSlot,
      reason: 'customer travelling',
      reschedule_string_id: f.lookups.reschedule,
      ...extra,
    });

  it('moves the pickup, unassigns the rider and waits in scheduled', async () => {
    const { order, rider } = await assigned();
    const slot = slotIn(24 * 60);
    const res = await reschedule(order.id, slot);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: ORDER_SUCCESS.RESCHEDULED,
      state: 'scheduled',
      assignedRider: null,
    });
    expect(res.json().pickup).toBe(`${slot.date}T${slot.timeSlot}:00+05:00`);
    expect(await pendingTasksOf(f, rider.id)).toEqual([]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.verb).toBe('rescheduled');
    expect(last.description).toMatch(
      /^Rescheduled to \d{2} \w{3} \d{4} \d{2}:\d{2} [AP]M by Test User\d+: Customer asked for another time - customer travelling$/,
    );
  });

  it.each([
    ['in the past', slotIn(-120), ORDER_MESSAGES.RESCHEDULE_TOO_SOON],
    [
      'inside the lead time',
      slotBefore(RESCHEDULE_LEAD_MINUTES - 5),
      ORDER_MESSAGES.RESCHEDULE_TOO_SOON,
    ],
    ['too far ahead', slotIn(61 * 24 * 60), ORDER_MESSAGES.RESCHEDULE_TOO_FAR],
  ])('refuses a pickup %s with 400', async (_name, slot, message) => {
    const order = await placeOrder(f);
    const res = await reschedule(order.id, slot);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect((await orderRow(f, order.id)).state).toBe('needsAssignment');
  });

  it('accepts a late slot of the last allowed day, as the time-slot call offers it', async () => {
    const order = await placeOrder(f);
    const lastDay = slotBefore(RESCHEDULE_MAX_DAYS_AHEAD * 24 * 60).date;
    const res = await reschedule(order.id, { date: lastDay, timeSlot: '22:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup).toBe(`${lastDay}T22:00:00+05:00`);
  });

  it('refuses an offline order, a cancelled order and a missing slot', async () => {
    const offline = await placeOrder(f, 'blood', { fulfillmentMethod: 'offline' });
    const a = await reschedule(offline.id, slotIn(24 * 60));
    expect(a.statusCode).toBe(409);
    expect(a.json().detail).toBe(TRANSITION_GUARDS.ONLINE_ONLY);
    const order = await placeOrder(f);
    await api(f).post(`/orders/blood/${order.id}/cancel/`, {
      cancellation_string_id: f.lookups.cancellation,
    });
    const b = await reschedule(order.id, slotIn(24 * 60));
    expect(b.statusCode).toBe(409);
    expect(b.json().detail).toBe('Cannot reschedule an order that is Cancelled.');
    const c = await api(f).post(`/orders/blood/${order.id}/reschedule/`, {
      date: slotIn(60).date,
      reschedule_string_id: f.lookups.reschedule,
    });
    expect(c.statusCode).toBe(400);
    expect(c.json().detail).toBe('Select re-schedule time');
  });
});
