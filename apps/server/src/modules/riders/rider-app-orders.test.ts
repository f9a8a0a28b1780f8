import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';

import { riderAppHarness } from '../../test/fixtures/rider-app.harness';
import { insertOrder, insertTask } from '../../test/fixtures/riders.fixtures';

const h = riderAppHarness();

/** What suggested riders reads of a queue: [type, deadline, orderId, orderState, ...] per task. */
async function queueSnapshot(riderId: number) {
  const [row] = await h.t.db
    .select({ queue: riderProfiles.queue })
    .from(riderProfiles)
    .where(eq(riderProfiles.userId, riderId));
  return (row!.queue as unknown[][]).map((t) => [t[0], t[2], t[3]]);
}

describe('GET /rider-app/tasks/', () => {
  it('answers the own queue in order with order, patient, tests and center', async () => {
    const r = await h.newRider({ isOnDuty: true, isOnline: true, state: 1 });
    const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: r.id });
    await insertTask(h.t.db, { riderId: r.id, type: 2, sequence: 0 });
    await insertTask(h.t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 1 });
    const res = await h.call('GET', '/rider-app/tasks/', r.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ state: 1, isOnDuty: true, isOnline: true });
    expect(body.results.map((x: { type: number }) => x.type)).toEqual([2, 0]);
    expect(body.results[0]).toMatchObject({ order: null, breakDurationMins: 15 });
    expect(body.results[1].order).toMatchObject({
      id: order.id,
      number: order.number,
      state: 'assigned',
      address: order.address,
      patient: {
        name: expect.stringMatching(/^Patient P\d+$/),
        phone: expect.stringMatching(/^0300/),
      },
      tests: [{ code: expect.stringMatching(/^CBC/), name: 'Complete Blood Count', count: 1 }],
    });
    const other = await h.newRider();
    expect((await h.call('GET', '/rider-app/tasks/', other.token)).json().results).toEqual([]);
  });
});

describe('order actions through the orders module', () => {
  it('reached, collected, patient feedback and delivery at a center', async () => {
    const r = await h.newRider({ isOnDuty: true, isOnline: true, state: 1 });
    const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: r.id });
    await insertTask(h.t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
    const at = { latitude: 31.51, longitude: 74.35 };
    const feedback = {
      overall_star_rating: 5,
      patient_behavior_star_rating: 4,
      wait_time_mins: 10,
      feedback_text: 'Ready on time',
    };

    const reached = await h.call('POST', `/rider-app/orders/${order.id}/reached/`, r.token, at);
    expect(reached.statusCode).toBe(200);
    expect(reached.json().orders[0]).toMatchObject({ id: order.id, state: 'reached' });
    expect(await queueSnapshot(r.id)).toEqual([[0, order.id, 'reached']]);
    const early = await h.call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(early.statusCode).toBe(409);

    const collected = await h.call('POST', `/rider-app/orders/${order.id}/collected/`, r.token, at);
    expect(collected.json().orders[0].state).toBe('collected');
    const tasks = (await h.call('GET', '/rider-app/tasks/', r.token)).json();
    expect(tasks.state).toBe(3);
    expect(tasks.results).toHaveLength(1);
    expect(await queueSnapshot(r.id)).toEqual([[1, order.id, 'collected']]);
    expect(tasks.results[0]).toMatchObject({
      type: 1,
      collectionCenter: { id: h.geo.bloodCenter.id },
    });

    const fb = await h.call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(fb.statusCode).toBe(201);
    const again = await h.call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(again.statusCode).toBe(409);

    const delivered = await h.call('POST', '/rider-app/deliver/', r.token, {
      collection_center_id: h.geo.bloodCenter.id,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().orders).toEqual([
      { id: order.id, number: order.number, state: 'delivered' },
    ]);
    expect((await h.rider(r.token)).json()).toMatchObject({ state: 0, completedOrdersCount: 1 });
    expect(await queueSnapshot(r.id)).toEqual([]);
    const nothing = await h.call('POST', '/rider-app/deliver/', r.token, {
      collection_center_id: h.geo.bloodCenter.id,
    });
    expect(nothing.statusCode).toBe(409);
  });

  it('validates patient feedback ratings and wait time', async () => {
    const r = await h.newRider();
    const order = await insertOrder(h.t.db, {
      regionId: h.geo.gulberg.id,
      riderId: r.id,
      state: 'collected',
      collectedAt: new Date(),
    });
    const post = (body: object) =>
      h.call('POST', `/rider-app/orders/${order.id}/patient-feedback/`, r.token, {
        overall_star_rating: 3,
        patient_behavior_star_rating: 3,
        wait_time_mins: 5,
        ...body,
      });
    expect((await post({ overall_star_rating: 6 })).statusCode).toBe(400);
    expect((await post({ patient_behavior_star_rating: 0 })).statusCode).toBe(400);
    expect((await post({ wait_time_mins: 61 })).statusCode).toBe(400);
    expect((await post({ wait_time_mins: 0 })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(201);
  });

  it('reads the problem list it may report, with its own token', async () => {
    const r = await h.newRider({ isOnDuty: true, state: 1 });
    const res = await h.call('GET', '/rider-app/problem-strings/?vertical=blood', r.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toContain(h.geo.problemStringId);
    // The staff list stays staff-only (ADR 0010).
    expect((await h.call('GET', '/orders/problem-strings/', r.token)).statusCode).toBe(403);
  });

  it('reports a problem, which frees the rider', async () => {
    const r = await h.newRider({ isOnDuty: true, state: 1 });
    const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: r.id });
    await insertTask(h.t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
    const res = await h.call('POST', `/rider-app/orders/${order.id}/problem/`, r.token, {
      problem_string_id: h.geo.problemStringId,
      text: 'Gate locked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders[0].state).toBe('problem');
    expect((await h.call('GET', '/rider-app/tasks/', r.token)).json().results).toEqual([]);
  });

  it('a rider cannot act on another rider order', async () => {
    const owner = await h.newRider({ isOnDuty: true, state: 1 });
    const intruder = await h.newRider({ isOnDuty: true });
    const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: owner.id });
    const at = { latitude: 31.51, longitude: 74.35 };
    for (const action of ['reached', 'collected']) {
      const res = await h.call(
        'POST',
        `/rider-app/orders/${order.id}/${action}/`,
        intruder.token,
        at,
      );
      expect(res.statusCode).toBe(403);
    }
    const problem = await h.call('POST', `/rider-app/orders/${order.id}/problem/`, intruder.token, {
      problem_string_id: h.geo.problemStringId,
    });
    expect(problem.statusCode).toBe(403);
    const fb = await h.call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      intruder.token,
      {
        overall_star_rating: 1,
        patient_behavior_star_rating: 1,
        wait_time_mins: 1,
      },
    );
    expect(fb.statusCode).toBe(403);
    expect(
      (await h.call('POST', '/rider-app/orders/999999/reached/', intruder.token, at)).statusCode,
    ).toBe(404);
    const [row] = await h.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.state).toBe('assigned');
  });
});

describe('force deliver from the console', () => {
  it('delivers every collected order of a delivering blood rider', async () => {
    const r = await h.newRider({ isOnDuty: true, state: 3 });
    const a = await insertOrder(h.t.db, {
      regionId: h.geo.gulberg.id,
      riderId: r.id,
      state: 'collected',
      collectedAt: new Date(),
    });
    await insertTask(h.t.db, {
      riderId: r.id,
      orderId: a.id,
      type: 1,
      sequence: 0,
      centerId: h.geo.bloodCenter.id,
    });
    const res = await h.call('GET', `/entity/rider_force_deliver/${r.id}/`, h.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Rider orders force delivered successfully',
      delivered: 1,
    });
    expect((await h.rider(r.token)).json().state).toBe(0);
    expect((await h.call('GET', `/entity/rider_force_deliver/${r.id}/`, h.staff)).statusCode).toBe(
      409,
    );
  });
});
