import { type Order, orderSchema } from '@dastak/core/entities/orders';
import { ERRORS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, patients } from '../../../db/schema/customers';
import { orderReviews, riderToPatientFeedback } from '../../../db/schema/feedback';
import { orders } from '../../../db/schema/orders';
import { riderProfiles } from '../../../db/schema/riders';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  slotIn,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { assignOrder } from '../actions/order-assign.service';
import { cancelOrder } from '../actions/order-cancel-reschedule.service';
import { markOfflineInProgress } from '../actions/order-lifecycle.service';
import {
  markCollected,
  markDeliveredAtCenter,
  markReached,
  reportProblem,
} from '../actions/order-rider.service';
import { lateMinutes } from './order-detail.service';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const at = { latitude: 31.5206, longitude: 74.3506 };

async function detail(vertical: 'blood' | 'xray', id: number): Promise<Order> {
  const res = await api(f).get(`/orders/${vertical}/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  // The whole answer is the core Order, field for field.
  expect(orderSchema.strict().parse(body)).toEqual(body);
  return body;
}

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

describe('GET /orders/{vertical}/{id}/', () => {
  it('returns a needs-assignment blood order with patient, customer, address and tests', async () => {
    await f.t.db
      .update(patients)
      .set({ age: 32, ageUnit: 'YEARS', cardNumber: 'MR-1' })
      .where(eq(patients.id, f.patientId));
    const order = await placeOrder(f, 'blood', { additionalNotes: 'Ring twice' });
    const o = await detail('blood', order.id);
    expect(o).toMatchObject({
      id: order.id,
      number: order.number,
      state: 'needsAssignment',
      vertical: 'blood',
      region: f.bloodRegion,
      regionName: 'Gulberg',
      additionalNotes: 'Ring twice',
      fulfillmentMethod: 'online',
      assignedRider: null,
      rider: null,
      review: null,
      riderToPatientFeedback: null,
      lateTimedelta: null,
      discountPercent: 0,
      timeSlotMinutes: 60,
      problemString: null,
      cancellationString: null,
      collectionCenter: null,
      createdBy: f.staffId,
      orderSource: f.lookups.orderSource,
    });
    expect(o.pickup).toMatch(/\+05:00$/);
    expect(o.created).toMatch(/\+05:00$/);
    expect(o.patient).toMatchObject({
      id: f.patientId,
      firstName: 'Ayesha',
      age: 32,
      ageUnit: 'YEARS',
      ageWithUnit: { age: 32, ageUnit: 'YEARS' },
      ageString: '32 Years',
      cardNumber: 'MR-1',
      customer: f.customerId,
    });
    expect(o.customer).toEqual({
      id: f.customerId,
      phone: '03001234567',
      firstName: 'Ayesha',
      lastName: 'Khan',
      email: null,
    });
    expect(o.customerAddress).toMatchObject({
      id: f.verifiedAddress,
      latitude: 31.5205,
      longitude: 74.3505,
      customer: f.customerId,
      verified: true,
      isValid: true,
      googleAddress: null,
    });
    expect(o.customerAddress.regionCustomerAddresses.map((r) => r.region.name).sort()).toEqual([
      'Gulberg',
      'Gulberg X-Ray',
    ]);
    expect(o.scanTypes.map((s) => [s.count, s.scanType.code, s.scanType.value])).toEqual([
      [1, 'CBC', 500],
      [1, 'LFT', 800],
    ]);
    expect(o.isFasting).toBe(true);
  });

  it('shows the assigned rider and position, then reached, collected and delivered', async () => {
    const { order, rider } = await assigned();
    await f.t.db
      .update(riderProfiles)
      .set({ lastKnownLatitude: 31.53, lastKnownLongitude: 74.36 })
      .where(eq(riderProfiles.userId, rider.id));
    const a = await detail('blood', order.id);
    expect(a.state).toBe('assigned');
    expect(a.assignedRider).toEqual({ id: rider.id, name: rider.name });
    expect(a.rider).toEqual({ id: rider.id, lastKnownLatitude: 31.53, lastKnownLongitude: 74.36 });
    expect(a.assignedAt).toMatch(/\+05:00$/);
    expect(a.wasManualAssigned).toBe(true);

    await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
    const r = await detail('blood', order.id);
    expect(r).toMatchObject({ state: 'reached', riderReachedLatitude: at.latitude });
    expect(r.reachedAt).toMatch(/\+05:00$/);

    await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
    const c = await detail('blood', order.id);
    expect(c).toMatchObject({ state: 'collected', riderCollectionLongitude: at.longitude });
    expect(c.collectedAt).toMatch(/\+05:00$/);

    await markDeliveredAtCenter(
      f.t.db,
      { orderId: order.id, collectionCenterId: f.nearCenter },
      rider.actor,
    );
    const d = await detail('blood', order.id);
    expect(d.state).toBe('delivered');
    expect(d.collectionCenter).toEqual({ id: f.nearCenter, name: 'Near Lab' });
    expect(d.deliveredAt).toMatch(/\+05:00$/);
  });

  it('carries the problem string, and the cancellation string once cancelled', async () => {
    const { order, rider } = await assigned();
    await reportProblem(
      f.t.db,
      { orderId: order.id, problemStringId: f.lookups.problem, text: 'Gate locked' },
      rider.actor,
    );
    const p = await detail('blood', order.id);
    expect(p).toMatchObject({
      state: 'problem',
      problemString: { id: f.lookups.problem, name: 'Patient not at home' },
      problemReason: 'Gate locked',
    });

    await cancelOrder(
      f.t.db,
      {
        vertical: 'blood',
        orderId: order.id,
        reason: 'Asked to cancel',
        cancellationStringId: f.lookups.cancellation,
        isUnverified: false,
      },
      f.staff,
    );
    const c = await detail('blood', order.id);
    expect(c).toMatchObject({
      state: 'cancelled',
      assignedRider: null,
      rider: null,
      lateTimedelta: null,
      cancellationString: { id: f.lookups.cancellation, name: 'Customer not available' },
      cancellationReason: 'Asked to cancel',
    });
    expect(c.cancelledAt).toMatch(/\+05:00$/);
  });

  it('returns unverified, scheduled and offline-in-progress orders', async () => {
    const unverified = await placeOrder(f, 'blood', { customerAddress: f.unverifiedAddress });
    expect(await detail('blood', unverified.id)).toMatchObject({
      state: 'unverified',
      isUnverified: true,
      customerAddress: { id: f.unverifiedAddress, verified: false },
    });

    const scheduled = await placeOrder(f, 'blood', slotIn(3 * 24 * 60));
    expect((await detail('blood', scheduled.id)).state).toBe('scheduled');

    const offline = await placeOrder(f, 'blood', { fulfillmentMethod: 'offline' });
    await markOfflineInProgress(f.t.db, { vertical: 'blood', orderId: offline.id }, f.staff);
    expect(await detail('blood', offline.id)).toMatchObject({
      state: 'offlineInProgress',
      fulfillmentMethod: 'offline',
    });
  });

  it('returns an X-ray order, collected, with its test', async () => {
    const { order, rider } = await collected('xray');
    const o = await detail('xray', order.id);
    expect(o).toMatchObject({ vertical: 'xray', state: 'collected', region: f.xrayRegion });
    expect(o.assignedRider?.id).toBe(rider.id);
    expect(o.scanTypes.map((s) => s.scanType.code)).toEqual(['CXR']);
  });

  it('shows the customer review and the rider feedback in full', async () => {
    const { order, rider } = await collected();
    await f.t.db.insert(orderReviews).values({
      orderId: order.id,
      overallStarRating: 4,
      onTimeStarRating: 5,
      riderStarRating: 3,
      feedbackText: 'Polite',
      isComplete: true,
    });
    await f.t.db.insert(riderToPatientFeedback).values({
      orderId: order.id,
      riderId: rider.id,
      overallStarRating: 5,
      patientBehaviorStarRating: 4,
      waitTimeMins: 12,
      isComplete: true,
    });
    const o = await detail('blood', order.id);
    expect(o.review).toEqual({
      isComplete: true,
      overallStarRating: 4,
      onTimeStarRating: 5,
      riderStarRating: 3,
      feedbackText: 'Polite',
    });
    expect(o.riderToPatientFeedback).toEqual({
      isComplete: true,
      overallStarRating: 5,
      patientBehaviorStarRating: 4,
      waitTimeMins: 12,
      feedbackText: '',
    });
  });

  it('counts the minutes past pickup while the sample is still to be collected', async () => {
    const order = await placeOrder(f);
    const pickup = new Date(Date.now() - 25 * 60_000 - 5_000);
    await f.t.db.update(orders).set({ pickup }).where(eq(orders.id, order.id));
    expect((await detail('blood', order.id)).lateTimedelta).toBe(25);

    const now = new Date();
    const late = { state: 'assigned', pickup: new Date(now.getTime() - 90_000) };
    expect(lateMinutes({ ...late, collectedAt: null }, now)).toBe(1);
    expect(lateMinutes({ ...late, collectedAt: now }, now)).toBeNull();
    expect(lateMinutes({ ...late, state: 'delivered', collectedAt: null }, now)).toBeNull();
    expect(
      lateMinutes({ ...late, pickup: new Date(now.getTime() + 60_000), collectedAt: null }, now),
    ).toBeNull();
  });

  it('still shows a soft-deleted address so the pin stays on the map', async () => {
    const order = await placeOrder(f);
    const [extra] = await f.t.db
      .insert(customerAddresses)
      .values({
        customerId: f.customerId,
        latitude: 31.5211,
        longitude: 74.3511,
        address: 'Old pin',
        verified: true,
        googleAddress: 'Place search result',
        googleLatitude: 31.5212345678,
        googleLongitude: 74.3512345678,
        deletedAt: new Date(),
      })
      .returning();
    await f.t.db
      .update(orders)
      .set({ customerAddressId: extra!.id })
      .where(eq(orders.id, order.id));
    const o = await detail('blood', order.id);
    expect(o.customerAddress).toMatchObject({
      id: extra!.id,
      address: 'Old pin',
      googleAddress: 'Place search result',
      googleLatitude: 31.521235,
      googleLongitude: 74.351235,
      regionCustomerAddresses: [],
    });
  });

  it("answers 'Not found.' for an unknown id, a non-numeric id, the other vertical or none", async () => {
    const order = await placeOrder(f, 'blood');
    for (const url of [
      '/orders/blood/999999/',
      '/orders/blood/abc/',
      '/orders/blood/0/',
      `/orders/xray/${order.id}/`,
      `/orders/partial-order/${order.id}/`,
    ]) {
      const res = await api(f).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe(ERRORS.NOT_FOUND);
    }
    expect((await api(f).get(`/orders/blood/${order.id}`)).statusCode).toBe(200);
  });

  it('needs a token (401) and the view-order permission (403)', async () => {
    const order = await placeOrder(f);
    const url = `/orders/blood/${order.id}/`;
    expect((await api(f).get(url, {})).statusCode).toBe(401);
    const noView = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    expect((await api(f).get(url, noView)).statusCode).toBe(403);
    const viewOnly = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    expect((await api(f).get(url, viewOnly)).statusCode).toBe(200);
    const rider = await createRider(f);
    expect((await api(f).get(url, rider.auth)).statusCode).toBe(403);
  });
});

describe('GET /orders/locate/{id}/', () => {
  it("names the order's vertical, so /orders/detail/{id} opens the right page", async () => {
    const blood = await placeOrder(f, 'blood');
    const xray = await placeOrder(f, 'xray');
    const b = await api(f).get(`/orders/locate/${blood.id}/`);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual({ id: blood.id, vertical: 'blood' });
    expect((await api(f).get(`/orders/locate/${xray.id}/`)).json()).toEqual({
      id: xray.id,
      vertical: 'xray',
    });
  });

  it('is 404 for an unknown or non-numeric id and needs the view permission', async () => {
    expect((await api(f).get('/orders/locate/999999/')).statusCode).toBe(404);
    expect((await api(f).get('/orders/locate/x1/')).statusCode).toBe(404);
    const order = await placeOrder(f);
    expect((await api(f).get(`/orders/locate/${order.id}/`, {})).statusCode).toBe(401);
    const noView = await tokenWith(f.t, [PERMISSIONS.CAN_ADD_ORDER]);
    expect((await api(f).get(`/orders/locate/${order.id}/`, noView)).statusCode).toBe(403);
  });

  it('routes beside the detail: static segments win over :vertical and :id', async () => {
    const table = f.t.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(table).toContain('/api/v1/orders/:vertical/:id/');
    expect(table).toContain('/api/v1/orders/locate/:id/');
    // 'locate' is not a vertical: the detail route would have answered 400 for it.
    const order = await placeOrder(f);
    expect((await api(f).get(`/orders/locate/${order.id}/`)).json().vertical).toBe('blood');
    // Siblings under /orders/{vertical}/ never reach the detail handler's validation. When the
    // list module has registered /orders/:vertical/states/ this is its answer; before that the
    // detail route answers 'Not found.' for the non-numeric id. Never a 400 either way.
    const states = await api(f).get('/orders/blood/states/');
    expect(states.statusCode).not.toBe(400);
    if (table.includes('/api/v1/orders/:vertical/states/')) {
      expect(states.statusCode).toBe(200);
    } else {
      expect(states.statusCode).toBe(404);
    }
    if (table.includes('/api/v1/orders/:vertical/unverified/')) {
      expect((await api(f).get('/orders/blood/unverified/')).statusCode).toBe(200);
      expect((await api(f).get('/orders/xray/unverified/')).statusCode).toBe(200);
    }
    for (const url of ['/orders/scan-types/?search=CBC', '/orders/problem-strings/']) {
      expect((await api(f).get(url)).statusCode, url).toBe(200);
    }
  });
});

/**
 * Every other call the detail page makes, with the path and snake_case body the console sends
 * (spec §7), on orders of the states in which the page offers the action.
 */
describe('the calls of the detail page', () => {
  it('walks a blood order through the page: lookups, slots, reschedule, assign, reassign, edits, cancel', async () => {
    const http = api(f);
    for (const url of [
      '/orders/cancellation-strings/',
      '/orders/reassignment-strings/',
      '/orders/reschedule-strings/',
      '/orders/problem-strings/',
      '/orders/scan-types/?search=blood&vertical=blood',
    ]) {
      const res = await http.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().length, url).toBeGreaterThan(0);
    }

    const order = await placeOrder(f);
    const base = `/orders/blood/${order.id}`;
    const slots = await http.post('/orders/blood/time-slots/', {
      date: slotIn(24 * 60).date,
      region_id: f.bloodRegion,
      is_covid: false,
      order_id: order.id,
      customer_address_id: f.verifiedAddress,
    });
    expect(slots.statusCode, slots.body).toBe(200);
    expect(Array.isArray(slots.json())).toBe(true);

    const slot = slotIn(24 * 60);
    const rescheduled = await http.post(`${base}/reschedule/`, {
      date: slot.date,
      time_slot: slot.timeSlot,
      reason: 'travelling',
      reschedule_string_id: f.lookups.reschedule,
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    expect((await detail('blood', order.id)).state).toBe('scheduled');
    // Back inside the horizon so that it can be assigned.
    await f.t.db
      .update(orders)
      .set({ state: 'needsAssignment', pickup: new Date(Date.now() + 60 * 60_000) })
      .where(eq(orders.id, order.id));

    const suggested = await http.get(`/algorithm/blood/suggested-riders/${order.id}/`);
    expect(suggested.statusCode, suggested.body).toBe(200);
    expect(suggested.json()).toHaveProperty('availableRiders');

    const first = await createRider(f);
    const second = await createRider(f);
    const assign = await http.post(`${base}/request/`, { rider_ids: [first.id] });
    expect(assign.statusCode, assign.body).toBe(200);
    const tasks = await http.get(`/algorithm/blood/tasks/?rider_id=${first.id}`);
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().map((t: { order: { number: string } }) => t.order.number)).toContain(
      order.number,
    );
    const position = await http.get(`/entity/rider_location/${first.id}/`);
    expect(position.statusCode, position.body).toBe(200);

    const reassign = await http.post(`${base}/reassign/`, {
      rider_ids: [second.id],
      reassignment_string_id: f.lookups.reassignment,
      reason: 'closer',
    });
    expect(reassign.statusCode, reassign.body).toBe(200);
    expect((await detail('blood', order.id)).assignedRider?.id).toBe(second.id);

    const review = await http.patch(`/orders/update/${order.id}/`, {
      data: { needs_review: true },
    });
    expect(review.statusCode, review.body).toBe(200);
    const notes = await http.patch(`/orders/update/${order.id}/`, {
      data: { additional_notes: 'Call first' },
    });
    expect(notes.statusCode).toBe(200);
    const tests = await http.post(`/orders/update-order-scan-types/${order.id}/`, {
      value: 0,
      scan_type: ['CBC'],
    });
    expect(tests.statusCode, tests.body).toBe(200);

    await f.t.db
      .update(orders)
      .set({ pickup: new Date(Date.now() - 10 * 60_000) })
      .where(eq(orders.id, order.id));
    const followUp = await http.post('/activity/follow-up/', { order: order.id, reason: 'ETA?' });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const addressed = await http.patch(`/orders/update/${order.id}/`, {
      data: { is_follow_up_addressed: true },
    });
    expect(addressed.statusCode).toBe(200);

    const o = await detail('blood', order.id);
    expect(o).toMatchObject({
      needsReview: true,
      additionalNotes: 'Call first',
      totalFollowUps: 1,
      isFollowUpAddressed: true,
    });
    expect(o.scanTypes.map((s) => s.scanType.code)).toEqual(['CBC']);

    const cancel = await http.post(`${base}/cancel/`, {
      reason: 'no longer needed',
      cancellation_string_id: f.lookups.cancellation,
      is_unverified: false,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const log = await http.get(`/activity/?order=${order.id}`);
    expect(log.statusCode).toBe(200);
    expect(log.json().results.map((a: { verb: string }) => a.verb)).toEqual([
      'cancelled',
      'followUpAddressed',
      'followUp',
      'testsUpdated',
      'notesUpdated',
      'reviewed',
      'reassigned',
      // The assignment texted the customer the live-location link (ADR 0038).
      'linkSent',
      'assigned',
      'rescheduled',
      'created',
    ]);
  });

  it('verifies an unverified order, moves an offline one in progress and delivers a blood one', async () => {
    const http = api(f);
    const unverified = await placeOrder(f, 'blood', { customerAddress: f.unverifiedAddress });
    const verified = await http.post(`/orders/blood/${unverified.id}/verified/`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await detail('blood', unverified.id)).isUnverified).toBe(false);

    const offline = await placeOrder(f, 'blood', { fulfillmentMethod: 'offline' });
    const moved = await http.post(`/orders/blood/${offline.id}/offline-in-progress/`, {});
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await detail('blood', offline.id)).state).toBe('offlineInProgress');

    const { order } = await collected('blood');
    const delivered = await http.post(`/orders/blood/${order.id}/delivered/`, {});
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await detail('blood', order.id)).state).toBe('delivered');
  });
});
