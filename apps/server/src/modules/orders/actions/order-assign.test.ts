import { ERRORS, ORDER_MESSAGES, ORDER_SUCCESS } from '@dastak/core/messages';
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
  slotIn,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { assignOrder } from './order-assign.service';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const request = (vertical: string, id: number, riderId: number, headers = f.auth) =>
  api(f).post(`/orders/${vertical}/${id}/request/`, { rider_ids: [riderId] }, headers);

describe('POST /orders/{vertical}/{id}/request/', () => {
  it('assigns the rider, queues the pickup and logs who did it', async () => {
    const order = await placeOrder(f);
    const rider = await createRider(f);
    const res = await request('blood', order.id, rider.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      detail: ORDER_SUCCESS.ASSIGNED,
      id: order.id,
      state: 'assigned',
      assignedRider: { id: rider.id, name: rider.name },
    });
    const row = await orderRow(f, order.id);
    expect(row).toMatchObject({ wasManualAssigned: true, wasAutoAssigned: false });
    expect(row.assignedAt).toBeInstanceOf(Date);
    const tasks = await pendingTasksOf(f, rider.id);
    expect(tasks.map((t) => [t.type, t.orderId])).toEqual([[0, order.id]]);
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.PICKING_UP_HAS_CAPACITY);
    const last = (await activitiesOf(f, order.id)).filter((a) => a.verb !== 'linkSent').at(-1)!;
    expect(last).toMatchObject({ verb: 'assigned', actorId: f.staffId });
    expect(last.description).toMatch(new RegExp(`^Assigned to ${rider.name} by Test User\\d+$`));
  });

  it('accepts a bare integer rider id', async () => {
    const order = await placeOrder(f);
    const rider = await createRider(f);
    const res = await api(f).post(`/orders/blood/${order.id}/request/`, { rider_ids: rider.id });
    expect(res.statusCode).toBe(200);
  });

  it('lets the system auto-assign a scheduled order and marks it auto-assigned', async () => {
    const order = await placeOrder(f, 'blood', slotIn(5 * 60));
    expect(order.state).toBe('scheduled');
    const rider = await createRider(f);
    const done = await assignOrder(
      f.t.db,
      { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: true },
      { kind: 'system' },
    );
    expect(done.state).toBe('assigned');
    expect(await orderRow(f, order.id)).toMatchObject({ wasAutoAssigned: true });
    const last = (await activitiesOf(f, order.id)).filter((a) => a.verb !== 'linkSent').at(-1)!;
    expect(last).toMatchObject({ actorId: null });
    expect(last.description).toBe(`Assigned to ${rider.name} by Auto-assignment`);
  });

  it('refuses without Can assign order, and for an order of the other vertical', async () => {
    const order = await placeOrder(f);
    const rider = await createRider(f);
    const noPerm = await request(
      'blood',
      order.id,
      rider.id,
      await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]),
    );
    expect(noPerm.statusCode).toBe(403);
    expect(noPerm.json().detail).toBe(ERRORS.PERMISSION_DENIED);
    const wrongVertical = await request('xray', order.id, rider.id);
    expect(wrongVertical.statusCode).toBe(404);
    expect(wrongVertical.json().detail).toBe(ERRORS.NOT_FOUND);
    expect((await request('blood', 999999, rider.id)).statusCode).toBe(404);
    expect((await orderRow(f, order.id)).state).toBe('needsAssignment');
  });

  it('answers 409 naming the state for an order that is not assignable', async () => {
    const order = await placeOrder(f);
    const a = await createRider(f);
    const b = await createRider(f);
    expect((await request('blood', order.id, a.id)).statusCode).toBe(200);
    const again = await request('blood', order.id, b.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Cannot assign an order that is Assigned.');
    expect(await pendingTasksOf(f, b.id)).toEqual([]);
  });

  it.each([
    ['off duty', { onDuty: false }, ORDER_MESSAGES.RIDER_OFF_DUTY],
    ['inactive', { active: false }, ORDER_MESSAGES.RIDER_INACTIVE],
    ['of the other vertical', { vertical: 'xray' as const }, ORDER_MESSAGES.RIDER_WRONG_VERTICAL],
  ])('refuses a rider who is %s with 409', async (_name, opts, message) => {
    const order = await placeOrder(f);
    const rider = await createRider(f, opts);
    const res = await request('blood', order.id, rider.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(message);
    expect(await orderRow(f, order.id)).toMatchObject({
      state: 'needsAssignment',
      assignedRiderId: null,
    });
  });

  it('refuses a non-covid rider for a covid order and an unknown rider', async () => {
    const order = await placeOrder(f, 'blood', { scanType: ['COVID'] });
    const rider = await createRider(f);
    const res = await request('blood', order.id, rider.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORDER_MESSAGES.RIDER_NOT_COVID);
    const covidRider = await createRider(f, { covid: true });
    expect((await request('blood', order.id, covidRider.id)).statusCode).toBe(200);
    const other = await placeOrder(f);
    const unknown = await request('blood', other.id, 999999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(ORDER_MESSAGES.RIDER_NOT_FOUND);
  });

  it('fills a rider up to 5 orders and then refuses with 409', async () => {
    const rider = await createRider(f);
    for (let i = 0; i < 5; i++) {
      const order = await placeOrder(f);
      expect((await request('blood', order.id, rider.id)).statusCode).toBe(200);
    }
    expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.PICKING_UP_FULL);
    const sixth = await placeOrder(f);
    const res = await request('blood', sixth.id, rider.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORDER_MESSAGES.RIDER_FULL);
  });

  it('lets exactly one of 50 concurrent assigns win', async () => {
    const order = await placeOrder(f);
    const riders = [];
    for (let i = 0; i < 50; i++) riders.push(await createRider(f));
    const replies = await Promise.all(riders.map((r) => request('blood', order.id, r.id)));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toBe('Cannot assign an order that is Assigned.');
    }
    const winner = replies.find((r) => r.statusCode === 200)!.json().assignedRider.id;
    expect((await orderRow(f, order.id)).assignedRiderId).toBe(winner);
    const assigned = (await activitiesOf(f, order.id)).filter((a) => a.verb === 'assigned');
    expect(assigned).toHaveLength(1);
    let queued = 0;
    for (const r of riders) queued += (await pendingTasksOf(f, r.id)).length;
    expect(queued).toBe(1);
  });
});

describe('POST /orders/{vertical}/{id}/reassign/', () => {
  const reassign = (id: number, riderId: number, extra: object = {}) =>
    api(f).post(`/orders/blood/${id}/reassign/`, {
      rider_ids: [riderId],
      reassignment_string_id: f.lookups.reassignment,
      reason: 'stuck in traffic',
      ...extra,
    });

  it('moves the order to the new rider and frees the old one', async () => {
    const order = await placeOrder(f);
    const oldRider = await createRider(f);
    const newRider = await createRider(f);
    await request('blood', order.id, oldRider.id);
    const res = await reassign(order.id, newRider.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'assigned',
      assignedRider: { id: newRider.id },
      detail: ORDER_SUCCESS.REASSIGNED,
    });
    expect(await pendingTasksOf(f, oldRider.id)).toEqual([]);
    expect((await riderStateOf(f, oldRider.id)).state).toBe(RIDER_STATES.IDLE);
    expect((await pendingTasksOf(f, newRider.id)).map((t) => t.orderId)).toEqual([order.id]);
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.verb).toBe('reassigned');
    expect(last.description).toMatch(
      new RegExp(
        `^Re-assigned from ${oldRider.name} to ${newRider.name} by Test User\\d+: Rider running late - stuck in traffic$`,
      ),
    );
  });

  it('refuses an unassigned order (409), the same rider (409) and an unknown reason (400)', async () => {
    const order = await placeOrder(f);
    const rider = await createRider(f);
    const early = await reassign(order.id, rider.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Cannot re-assign an order that is Needs Assignment.');
    await request('blood', order.id, rider.id);
    const same = await reassign(order.id, rider.id);
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe(ORDER_MESSAGES.RIDER_ALREADY_ASSIGNED);
    const other = await createRider(f);
    const badReason = await reassign(order.id, other.id, { reassignment_string_id: 999999 });
    expect(badReason.statusCode).toBe(400);
    expect((await orderRow(f, order.id)).assignedRiderId).toBe(rider.id);
    expect(await pendingTasksOf(f, other.id)).toEqual([]);
  });
});
