import { ERRORS } from '@dastak/core/messages';
import { MASK_CHAR } from '@dastak/core/rules/mask';
import type { OrderState } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/customers';
import { publicLinks } from '../../db/schema/feedback';
import { orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
} from '../../test/fixtures/orders.fixtures';
import {
  insertLink,
  insertReviewLink,
  newLinkId,
  publicCall,
} from '../../test/fixtures/public-feedback.fixtures';
import { createTestApp } from '../../test/test-app';
import { roadLeg } from '../dispatch/public';
import { markCollected, markReached } from '../orders/public';

let f: Fixtures;
let call: ReturnType<typeof publicCall>;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = publicCall(f.t);
  await f.t.db
    .update(patients)
    .set({ email: 'ayesha.khan@example.com' })
    .where(eq(patients.id, f.patientId));
});
afterAll(() => f.t.close());

const url = (id: string) => `/location/rider-live-location/${id}/`;
const liveLink = async (orderId: number) =>
  (await insertLink(f.t, 'riderLiveLocation', { orderId, expires: false })).id;
const assign = async (orderId: number, riderId: number) => {
  const res = await api(f).post(`/orders/blood/${orderId}/request/`, { rider_ids: [riderId] });
  expect(res.statusCode).toBe(200);
};
const setState = (orderId: number, state: OrderState) =>
  f.t.db.update(orders).set({ state }).where(eq(orders.id, orderId));
const moveRider = (riderId: number, latitude: number, longitude: number) =>
  f.t.db
    .update(riderProfiles)
    .set({ lastKnownLatitude: latitude, lastKnownLongitude: longitude })
    .where(eq(riderProfiles.userId, riderId));

describe('GET /location/rider-live-location/{id}/', () => {
  it('shows what the person at the door needs, phone and email masked but the last 4', async () => {
    const order = await placeOrder(f);
    const id = await liveLink(order.id);
    const res = await call('GET', url(id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isExpired: false,
      number: order.number,
      customerAddress: {
        address: '12 Main Boulevard, Gulberg',
        latitude: 31.5205,
        longitude: 74.3505,
      },
      patient: { firstName: 'Ayesha', lastName: 'Khan' },
      // No rider yet: nothing to show of one.
      assignedRider: null,
      stopsBefore: 0,
      etaMinutes: null,
    });
    expect(body.customer.phone).toBe(`${MASK_CHAR.repeat(7)}4567`);
    expect(body.patient.email).toBe(`${MASK_CHAR.repeat(19)}.com`);
    expect(res.body).not.toContain('03001234567');
    expect(res.body).not.toContain('ayesha.khan');
    expect(body.scanTypes).toEqual(
      expect.arrayContaining([{ name: 'Complete Blood Count', value: 500 }]),
    );
    expect(body.scanTypes).toHaveLength(2);
  });

  it('tells how many stops come first and shows the rider only once this order is next', async () => {
    const first = await placeOrder(f);
    const second = await placeOrder(f);
    const rider = await createRider(f);
    await assign(first.id, rider.id);
    await assign(second.id, rider.id);
    await moveRider(rider.id, 31.55, 74.35);
    const [firstId, secondId] = [await liveLink(first.id), await liveLink(second.id)];

    const later = (await call('GET', url(secondId))).json();
    expect(later).toMatchObject({ stopsBefore: 1, assignedRider: null, etaMinutes: null });

    const next = (await call('GET', url(firstId))).json();
    expect(next).toMatchObject({
      stopsBefore: 0,
      assignedRider: { lastKnownLatitude: 31.55, lastKnownLongitude: 74.35 },
    });
    // The route model's road estimate from the last position to the door (~3.3 km away).
    const leg = roadLeg(
      { latitude: 31.55, longitude: 74.35 },
      { latitude: 31.5205, longitude: 74.3505 },
      f.t.config.dispatch,
    );
    expect(next.etaMinutes).toBe(Math.ceil(leg.minutes));
    expect(next.etaMinutes).toBeGreaterThan(5);
    expect(next.etaMinutes).toBeLessThan(30);

    // The rider comes closer: the ETA drops on the next poll.
    await moveRider(rider.id, 31.53, 74.35);
    const closer = (await call('GET', url(firstId))).json();
    expect(closer.etaMinutes).toBeLessThan(next.etaMinutes);

    // At the first door: 0 minutes away; the second still waits behind it.
    const door = { latitude: 31.5206, longitude: 74.3506 };
    await markReached(f.t.db, { orderId: first.id, ...door }, rider.actor);
    expect((await call('GET', url(firstId))).json()).toMatchObject({
      stopsBefore: 0,
      etaMinutes: 0,
    });
    expect((await call('GET', url(secondId))).json()).toMatchObject({ stopsBefore: 1 });
    // Collected: the first link lapses and the second order is next, with the rider shown.
    await markCollected(f.t.db, { orderId: first.id, ...door }, rider.actor);
    expect((await call('GET', url(firstId))).json()).toEqual({ isExpired: true });
    const now = (await call('GET', url(secondId))).json();
    expect(now).toMatchObject({ stopsBefore: 0, assignedRider: { lastKnownLatitude: 31.53 } });
    expect(now.etaMinutes).toEqual(expect.any(Number));
  });

  it('expires once the order is collected, and once cancelled, with nothing else', async () => {
    for (const state of ['collected', 'delivered', 'cancelled'] as const) {
      const order = await placeOrder(f);
      const rider = await createRider(f);
      await assign(order.id, rider.id);
      const id = await liveLink(order.id);
      expect((await call('GET', url(id))).json().isExpired).toBe(false);
      await setState(order.id, state);
      const res = await call('GET', url(id));
      expect(res.statusCode, state).toBe(200);
      expect(res.json(), state).toEqual({ isExpired: true });
    }
  });

  it('answers 404 to unknown ids and to links of another kind', async () => {
    const order = await placeOrder(f);
    const review = await insertReviewLink(f.t, order.id);
    const live = await liveLink(order.id);
    for (const path of [
      url(review.id),
      url(newLinkId()),
      url('bad%20id'),
      `/feedback/order_review/${live}/`,
      `/feedback/physical_visit/${live}`,
    ]) {
      const res = await call('GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: ERRORS.NOT_FOUND });
    }
  });

  it('records the first read as the link opened; later polls change nothing', async () => {
    const order = await placeOrder(f);
    const id = await liveLink(order.id);
    const openedAt = async () =>
      (await f.t.db.select().from(publicLinks).where(eq(publicLinks.id, id)))[0]!.openedAt;
    expect(await openedAt()).toBeNull();
    expect((await call('GET', url(newLinkId()))).statusCode).toBe(404);
    await call('GET', url(id));
    const first = await openedAt();
    expect(first).toBeInstanceOf(Date);
    await call('GET', url(id));
    expect(await openedAt()).toEqual(first);
  });
});
