import { ERRORS, ORDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, regionCustomerAddresses } from '../db/schema/customers';
import { orders } from '../db/schema/orders';
import { assignOrder } from '../modules/orders/actions/order-assign.service';
import {
  activitiesOf,
  api,
  bringPickupNear,
  createBody,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
  pendingTasksOf,
  placeOrder,
  riderStateOf,
  slotIn,
  tokenWith,
} from '../test/fixtures/orders.fixtures';
import { createTestApp } from '../test/test-app';

/**
 * Concurrent requests through the real routes (app.inject under Promise.all): what a dispatcher
 * checks afterwards. On PGlite transactions run one after another; on PostgreSQL
 * (scripts/with-postgres.sh) they really overlap. docs/decisions/0034-races.md.
 */

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const AT = { latitude: 31.5205, longitude: 74.3505 };
const codes = (replies: { statusCode: number }[]) => replies.map((r) => r.statusCode);
const count = (xs: number[], code: number) => xs.filter((c) => c === code).length;
const later = <T>(ms: number, fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), ms));

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

/** The verbs logged after the order's assignment. */
async function verbsAfterAssign(orderId: number) {
  // The customer-link rows (ADR 0038) ride along with the assignment; not part of the race.
  const verbs = (await activitiesOf(f, orderId)).map((a) => a.verb).filter((v) => v !== 'linkSent');
  return verbs.slice(verbs.indexOf('assigned') + 1);
}

describe('races on one order', () => {
  it('50 concurrent assigns: exactly one winner, one queue entry, one activity row', async () => {
    const order = await placeOrder(f);
    const riders = [];
    for (let i = 0; i < 50; i++) riders.push(await createRider(f));
    const replies = await Promise.all(
      riders.map((r) => api(f).post(`/orders/blood/${order.id}/request/`, { rider_ids: [r.id] })),
    );
    const cs = codes(replies);
    expect(count(cs, 200)).toBe(1);
    expect(count(cs, 409)).toBe(49);
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toBe('Cannot assign an order that is Assigned.');
    }
    const winner = replies.find((r) => r.statusCode === 200)!.json().assignedRider.id;
    expect(await orderRow(f, order.id)).toMatchObject({
      state: 'assigned',
      assignedRiderId: winner,
    });
    const rows = (await activitiesOf(f, order.id)).filter((a) => a.verb === 'assigned');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ riderId: winner });
    for (const r of riders) {
      const tasks = await pendingTasksOf(f, r.id);
      expect(tasks.map((t) => t.orderId)).toEqual(r.id === winner ? [order.id] : []);
      expect((await riderStateOf(f, r.id)).state).toBe(
        r.id === winner ? RIDER_STATES.PICKING_UP_HAS_CAPACITY : RIDER_STATES.IDLE,
      );
    }
  });

  it('20 concurrent creates with one Idempotency-Key: one order, 20 identical answers', async () => {
    const body = createBody(f);
    const before = await f.t.db.$count(orders);
    const headers = { ...f.auth, 'idempotency-key': 'race-create-1' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => api(f).post('/orders/blood/', body, headers)),
    );
    expect(codes(replies)).toEqual(Array(20).fill(201));
    const first = replies[0]!.json();
    for (const r of replies) expect(r.json()).toEqual(first);
    expect(await f.t.db.$count(orders)).toBe(before + 1);
    expect((await activitiesOf(f, first.id)).map((a) => a.verb)).toEqual(['created']);
  });

  it('reschedule and cancel at once: one outcome, its activity rows in that order', async () => {
    const slot = slotIn(24 * 60);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { order, rider } = await assigned();
        const reschedule = () =>
          api(f).post(`/orders/blood/${order.id}/reschedule/`, {
            ...slot,
            time_slot: slot.timeSlot,
            reason: 'customer travelling',
            reschedule_string_id: f.lookups.reschedule,
          });
        const cancel = () =>
          api(f).post(`/orders/blood/${order.id}/cancel/`, {
            reason: 'duplicate',
            cancellation_string_id: f.lookups.cancellation,
          });
        // Alternate who is fired first.
        const [rs, cn] =
          i % 2 === 0
            ? await Promise.all([reschedule(), cancel()])
            : await Promise.all([cancel(), reschedule()]).then(([c, r]) => [r, c] as const);
        return { order, rider, rs, cn };
      }),
    );
    for (const { order, rider, rs, cn } of rounds) {
      // Cancel is allowed from assigned and from scheduled: it always lands.
      expect(cn.statusCode).toBe(200);
      expect([200, 409]).toContain(rs.statusCode);
      const row = await orderRow(f, order.id);
      expect(row).toMatchObject({ state: 'cancelled', assignedRiderId: null });
      expect(await pendingTasksOf(f, rider.id)).toEqual([]);
      expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
      const verbs = await verbsAfterAssign(order.id);
      if (rs.statusCode === 200) {
        expect(verbs).toEqual(['rescheduled', 'cancelled']);
        expect(row.pickup.toISOString()).not.toBe(new Date(order.pickup).toISOString());
      } else {
        expect(rs.json().detail).toBe('Cannot reschedule an order that is Cancelled.');
        expect(verbs).toEqual(['cancelled']);
        expect(row.pickup.toISOString()).toBe(new Date(order.pickup).toISOString());
      }
    }
  });

  it('the rider marks reached while a dispatcher reassigns: one consistent outcome', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const { order, rider } = await assigned();
        await bringPickupNear(f, order.id);
        const next = await createRider(f);
        const reached = () =>
          f.t.app.inject({
            method: 'POST',
            url: `/api/v1/rider-app/orders/${order.id}/reached/`,
            headers: rider.auth,
            payload: AT,
          });
        const reassign = () =>
          api(f).post(`/orders/blood/${order.id}/reassign/`, {
            rider_ids: [next.id],
            reassignment_string_id: f.lookups.reassignment,
            reason: 'stuck in traffic',
          });
        // The rider's request does more work before the lock (token, own-order check): a head
        // start of 0-35 ms lets either side win the order's lock from round to round.
        const [rc, ra] = await Promise.all([reached(), later(i * 5, reassign)]);
        return { order, rider, next, rc, ra };
      }),
    );
    for (const { order, rider, next, rc, ra } of rounds) {
      // Reassign is allowed from assigned and from reached: it always lands.
      expect(ra.statusCode).toBe(200);
      expect(ra.json()).toMatchObject({ state: 'assigned', assignedRider: { id: next.id } });
      expect([200, 403]).toContain(rc.statusCode);
      const row = await orderRow(f, order.id);
      // The new rider has not been to the door: nothing of the old visit is left on the order.
      expect(row).toMatchObject({ state: 'assigned', assignedRiderId: next.id, reachedAt: null });
      expect(await pendingTasksOf(f, rider.id)).toEqual([]);
      expect((await riderStateOf(f, rider.id)).state).toBe(RIDER_STATES.IDLE);
      expect((await pendingTasksOf(f, next.id)).map((t) => [t.orderId, t.type])).toEqual([
        [order.id, 0],
      ]);
      expect((await riderStateOf(f, next.id)).state).toBe(RIDER_STATES.PICKING_UP_HAS_CAPACITY);
      const verbs = await verbsAfterAssign(order.id);
      if (rc.statusCode === 200) {
        expect(rc.json().orders[0]).toMatchObject({ id: order.id, state: 'reached' });
        expect(verbs).toEqual(['reached', 'reassigned']);
      } else {
        // The same answer as a rider asking about another rider's order.
        expect(rc.json().detail).toBe(ORDER_MESSAGES.NOT_ASSIGNED_TO_YOU);
        expect(verbs).toEqual(['reassigned']);
      }
      const last = (await activitiesOf(f, order.id)).at(-1)!;
      expect(last.data).toMatchObject({ riderId: next.id, previousRiderId: rider.id });
    }
  });
});

describe("races on a customer's addresses", () => {
  let agent: Record<string, string>;
  beforeAll(async () => {
    agent = await tokenWith(f.t, [PERMISSIONS.CAN_CHANGE_CUSTOMER, PERMISSIONS.CAN_VIEW_CUSTOMER]);
  });
  async function newAddress(verified: boolean) {
    const [row] = await f.t.db
      .insert(customerAddresses)
      .values({
        customerId: f.customerId,
        latitude: AT.latitude,
        longitude: AT.longitude,
        address: '7 Canal Road, Gulberg',
        verified,
        isValid: true,
      })
      .returning();
    await f.t.db
      .insert(regionCustomerAddresses)
      .values({ customerAddressId: row!.id, regionId: f.bloodRegion, customerId: f.customerId });
    return row!.id;
  }
  const addressRow = async (id: number) =>
    (await f.t.db.select().from(customerAddresses).where(eq(customerAddresses.id, id)))[0]!;
  const verify = (id: number, verified: boolean) =>
    api(f).patch(`/entity/verify_customer_address/${id}`, { verified }, agent);
  const remove = (id: number) =>
    f.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/entity/customer_address/${id}/`,
      headers: agent,
    });
  const listed = async () =>
    (await api(f).get(`/entity/customer-address/?customer=${f.customerId}`, agent)).json() as {
      id: number;
    }[];

  it('verify and delete of one address at once: deleted, never left verified', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => newAddress(false)));
    const replies = await Promise.all(
      ids.map((id, i) =>
        i % 2 === 0
          ? Promise.all([verify(id, true), remove(id)])
          : Promise.all([remove(id), verify(id, true)]).then(([d, v]) => [v, d] as const),
      ),
    );
    const live = new Set((await listed()).map((a) => a.id));
    for (const [i, [v, d]] of replies.entries()) {
      expect(d.statusCode).toBe(200);
      expect(d.json().detail).toBe(SUCCESS.CUSTOMER_ADDRESS_DELETED);
      expect([200, 404]).toContain(v.statusCode);
      if (v.statusCode === 404) expect(v.json().detail).toBe(ERRORS.NOT_FOUND);
      const row = await addressRow(ids[i]!);
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(row).toMatchObject({ verified: false, isValid: false });
      expect(live.has(ids[i]!)).toBe(false);
    }
  });

  it('two deletes of one address: one 200, one 404, one deletion', async () => {
    const id = await newAddress(true);
    const replies = await Promise.all([remove(id), remove(id), remove(id)]);
    const cs = codes(replies);
    expect(count(cs, 200)).toBe(1);
    expect(count(cs, 404)).toBe(2);
    expect((await addressRow(id)).deletedAt).toBeInstanceOf(Date);
  });

  it('two opposite verifies at once: both answered, the record holds one of them whole', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newAddress(false)));
    const replies = await Promise.all(
      ids.map((id) => Promise.all([verify(id, true), verify(id, false)])),
    );
    for (const [i, pair] of replies.entries()) {
      expect(codes(pair)).toEqual([200, 200]);
      const row = await addressRow(ids[i]!);
      expect(row).toMatchObject({ isValid: true, deletedAt: null });
      expect(typeof row.verified).toBe('boolean');
      // What a fresh read answers is what the row holds.
      const seen = (await listed()).find((a) => a.id === ids[i]) as { verified?: boolean };
      expect(seen.verified).toBe(row.verified);
    }
  });
});
