import {
  ERRORS,
  FORM_VALIDATION,
  ORDER_MESSAGES,
  SUCCESS,
  TRANSITION_GUARDS,
  VALIDATION,
} from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderScanTypes, orders } from '../../../db/schema/orders';
import {
  activitiesOf,
  api,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  placeOrder,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { assignOrder } from '../actions/order-assign.service';
import { markCollected, markReached } from '../actions/order-rider.service';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const pickupPassed = (id: number) =>
  f.t.db
    .update(orders)
    .set({ pickup: new Date(Date.now() - 30 * 60_000) })
    .where(eq(orders.id, id));

async function collectedOrder() {
  const order = await placeOrder(f);
  const rider = await createRider(f);
  await assignOrder(
    f.t.db,
    { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
    f.staff,
  );
  const at = { orderId: order.id, latitude: 31.52, longitude: 74.35 };
  await markReached(f.t.db, at, rider.actor);
  await markCollected(f.t.db, at, rider.actor);
  return order;
}

describe('POST /activity/follow-up/', () => {
  it('is refused before the pickup time and counted after it', async () => {
    const order = await placeOrder(f);
    const early = await api(f).post('/activity/follow-up/', { order: order.id, reason: 'ETA?' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(TRANSITION_GUARDS.FOLLOW_UP_BEFORE_PICKUP);
    await pickupPassed(order.id);
    await f.t.db.update(orders).set({ isFollowUpAddressed: true }).where(eq(orders.id, order.id));
    const res = await api(f).post('/activity/follow-up/', { order: order.id, reason: 'ETA?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(SUCCESS.FOLLOW_UP_SAVED);
    expect(await orderRow(f, order.id)).toMatchObject({
      totalFollowUps: 1,
      isFollowUpAddressed: false,
    });
    const last = (await activitiesOf(f, order.id)).at(-1)!;
    expect(last.verb).toBe('followUp');
    expect(last.description).toMatch(/^Follow up by Test User\d+: ETA\?$/);
  });

  it('validates the reason and refuses a delivered order', async () => {
    const order = await placeOrder(f);
    const long = await api(f).post('/activity/follow-up/', {
      order: order.id,
      reason: 'x'.repeat(251),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe(FORM_VALIDATION.COMMENT_MAX);
    const empty = await api(f).post('/activity/follow-up/', { order: order.id, reason: ' ' });
    expect(empty.json().detail).toBe(VALIDATION.REQUIRED);
    await f.t.db.update(orders).set({ state: 'delivered' }).where(eq(orders.id, order.id));
    await pickupPassed(order.id);
    const done = await api(f).post('/activity/follow-up/', { order: order.id, reason: 'ok' });
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe('Cannot follow up an order that is Delivered.');
    const unknown = await api(f).post('/activity/follow-up/', { order: 999999, reason: 'ok' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH /orders/update/{id}/', () => {
  it('toggles needs-review and follow-up-addressed with their toasts and activity rows', async () => {
    const order = await placeOrder(f);
    const review = await api(f).patch(`/orders/update/${order.id}/`, {
      data: { needs_review: true },
    });
    expect(review.statusCode).toBe(200);
    expect(review.json().detail).toBe(SUCCESS.ORDER_REVIEWED);
    const addressed = await api(f).patch(`/orders/update/${order.id}/`, {
      data: { is_follow_up_addressed: true },
    });
    expect(addressed.json().detail).toBe(SUCCESS.ORDER_FOLLOW_UP_ADDRESSED);
    expect(await orderRow(f, order.id)).toMatchObject({
      needsReview: true,
      isFollowUpAddressed: true,
    });
    const verbs = (await activitiesOf(f, order.id)).map((a) => a.verb);
    expect(verbs.slice(-2)).toEqual(['reviewed', 'followUpAddressed']);
  });

  it('saves notes before collection only', async () => {
    const order = await placeOrder(f);
    const res = await api(f).patch(`/orders/update/${order.id}/`, {
      data: { additional_notes: 'Ring twice' },
    });
    expect(res.json().detail).toBe(SUCCESS.NOTES_SAVED);
    expect((await orderRow(f, order.id)).additionalNotes).toBe('Ring twice');
    const collected = await collectedOrder();
    const late = await api(f).patch(`/orders/update/${collected.id}/`, {
      data: { additional_notes: 'Too late' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(ORDER_MESSAGES.EDIT_AFTER_COLLECTION);
  });

  it('refuses an empty update (400) and users without Can change order (403)', async () => {
    const order = await placeOrder(f);
    const empty = await api(f).patch(`/orders/update/${order.id}/`, { data: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(FORM_VALIDATION.NOTHING_TO_UPDATE);
    const denied = await api(f).patch(
      `/orders/update/${order.id}/`,
      { data: { needs_review: true } },
      await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]),
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe(ERRORS.PERMISSION_DENIED);
  });
});

describe('POST /orders/update-order-scan-types/{orderId}/', () => {
  const save = (id: number, body: object) =>
    api(f).post(`/orders/update-order-scan-types/${id}/`, body);

  it('replaces the tests and recomputes the value and the covid flag', async () => {
    const order = await placeOrder(f);
    const res = await save(order.id, { scan_type: ['CBC', 'COVID'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(SUCCESS.SCAN_TYPES_SAVED);
    expect(await orderRow(f, order.id)).toMatchObject({ givenValue: 3500, isCovid: true });
    const lines = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, order.id));
    expect(lines).toHaveLength(2);
    // A discount sent with the tests becomes the order's; the value must be its total.
    const discounted = await save(order.id, { scan_type: ['CBC'], discount: 10, value: 450 });
    expect(discounted.statusCode, discounted.body).toBe(200);
    expect(await orderRow(f, order.id)).toMatchObject({
      givenValue: 450,
      discountPercent: 10,
      isCovid: false,
    });
    expect((await activitiesOf(f, order.id)).at(-1)!.description).toMatch(
      /^Tests updated by Test User\d+: Complete Blood Count$/,
    );
  });

  it("keeps the order's discount and reprices from the server's test prices", async () => {
    const order = await placeOrder(f, 'blood', { discount: 12.5 });
    expect(await orderRow(f, order.id)).toMatchObject({ discountPercent: 12.5, givenValue: 1138 });
    // CBC 500 + COVID 3000 = 3500, less 12.5% = 3062.5 -> 3063; no discount sent.
    const res = await save(order.id, { scan_type: ['CBC', 'COVID'] });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await api(f).get(`/orders/blood/${order.id}/`)).json();
    expect(shown).toMatchObject({ discountPercent: 12.5, givenValue: 3063 });
    // The console's dialog sends the total it shows; the same price is accepted...
    expect((await save(order.id, { scan_type: ['LFT'], value: 700 })).statusCode).toBe(200);
    expect(await orderRow(f, order.id)).toMatchObject({ discountPercent: 12.5, givenValue: 700 });
    // ...and the undiscounted sum (which used to wipe the discount) is refused, changing nothing.
    const activities = (await activitiesOf(f, order.id)).length;
    const wiped = await save(order.id, { scan_type: ['CBC'], value: 500 });
    expect(wiped.statusCode).toBe(400);
    expect(wiped.json().errors).toEqual({ value: [ORDER_MESSAGES.TOTAL_MISMATCH] });
    expect(await orderRow(f, order.id)).toMatchObject({ discountPercent: 12.5, givenValue: 700 });
    expect(await activitiesOf(f, order.id)).toHaveLength(activities);
    const lines = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, order.id));
    expect(lines.map((l) => l.value)).toEqual([800]);
  });

  it('refuses an X-ray order with 409 and writes no activity (spec §2.6)', async () => {
    const order = await placeOrder(f, 'xray');
    const res = await save(order.id, { scan_type: ['CXR', 'CXR'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ORDER_MESSAGES.EDIT_TESTS_XRAY);
    expect((await activitiesOf(f, order.id)).map((a) => a.verb)).toEqual(['created']);
    const lines = await f.t.db
      .select()
      .from(orderScanTypes)
      .where(eq(orderScanTypes.orderId, order.id));
    expect(lines.map((l) => l.count)).toEqual([1]);
  });

  it('refuses no tests, a disallowed test and a collected order, changing nothing', async () => {
    const order = await placeOrder(f);
    const none = await save(order.id, { scan_type: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(VALIDATION.SELECT_TEST_TYPE_LOWER);
    const disallowed = await save(order.id, { scan_type: ['CBC', 'BMA'] });
    expect(disallowed.statusCode).toBe(400);
    expect(disallowed.json().detail).toBe(VALIDATION.TEST_NOT_ALLOWED);
    expect((await orderRow(f, order.id)).givenValue).toBe(1300);
    const collected = await collectedOrder();
    const late = await save(collected.id, { scan_type: ['CBC'] });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(ORDER_MESSAGES.EDIT_AFTER_COLLECTION);
  });
});

describe('GET /activity/?order=', () => {
  it('lists the order activities newest first', async () => {
    const order = await placeOrder(f);
    await api(f).patch(`/orders/update/${order.id}/`, { data: { needs_review: true } });
    const res = await api(f).get(`/activity/?order=${order.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((a: { verb: string }) => a.verb)).toEqual(['reviewed', 'created']);
    expect(body.results[0]).toMatchObject({
      id: expect.any(Number),
      description: expect.stringMatching(/^Marked as needing review by Test User\d+$/),
      created: expect.stringMatching(/\+05:00$/),
    });
    expect((await api(f).get('/activity/?order=999999')).statusCode).toBe(404);
    const denied = await api(f).get(`/activity/?order=${order.id}`, await tokenWith(f.t, []));
    expect(denied.statusCode).toBe(403);
  });
});
