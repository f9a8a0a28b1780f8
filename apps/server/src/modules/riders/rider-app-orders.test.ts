import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import {
  type Geography,
  insertOrder,
  insertRider,
  insertTask,
  riderToken,
  seedGeography,
  type TestCtx,
} from './riders.fixtures';

let t: TestCtx;
let geo: Geography;
let staff: string;

const call = (method: 'GET' | 'POST', url: string, tok: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok), payload });
const rider = (tok: string) =>
  call('GET', `/entity/rider/${JSON.parse(atob(tok.split('.')[1]!)).sub}/`, staff);
const newRider = async (profile: object = {}, regionId = geo.gulberg.id) => {
  const r = await insertRider(t.db, { regionId, profile });
  return { id: r.id, token: await riderToken(t.app, r) };
};

beforeAll(async () => {
  t = await createTestApp();
  geo = await seedGeography(t.db);
  const u = await createUser(t, Object.values(PERMISSIONS));
  staff = (await login(t.app, u.email, u.password)).token;
});
afterAll(() => t.close());

describe('GET /rider-app/tasks/', () => {
  it('answers the own queue in order with order, patient, tests and center', async () => {
    const r = await newRider({ isOnDuty: true, isOnline: true, state: 1 });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: r.id });
    await insertTask(t.db, { riderId: r.id, type: 2, sequence: 0 });
    await insertTask(t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 1 });
    const res = await call('GET', '/rider-app/tasks/', r.token);
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
    const other = await newRider();
    expect((await call('GET', '/rider-app/tasks/', other.token)).json().results).toEqual([]);
  });
});

describe('order actions through the orders module', () => {
  it('reached, collected, patient feedback and delivery at a center', async () => {
    const r = await newRider({ isOnDuty: true, isOnline: true, state: 1 });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: r.id });
    await insertTask(t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
    const at = { latitude: 31.51, longitude: 74.35 };
    const feedback = {
      overall_star_rating: 5,
      patient_behavior_star_rating: 4,
      wait_time_mins: 10,
      feedback_text: 'Ready on time',
    };

    const reached = await call('POST', `/rider-app/orders/${order.id}/reached/`, r.token, at);
    expect(reached.statusCode).toBe(200);
    expect(reached.json().orders[0]).toMatchObject({ id: order.id, state: 'reached' });
    const early = await call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(early.statusCode).toBe(409);

    const collected = await call('POST', `/rider-app/orders/${order.id}/collected/`, r.token, at);
    expect(collected.json().orders[0].state).toBe('collected');
    const tasks = (await call('GET', '/rider-app/tasks/', r.token)).json();
    expect(tasks.state).toBe(3);
    expect(tasks.results).toHaveLength(1);
    expect(tasks.results[0]).toMatchObject({
      type: 1,
      collectionCenter: { id: geo.bloodCenter.id },
    });

    const fb = await call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(fb.statusCode).toBe(201);
    const again = await call(
      'POST',
      `/rider-app/orders/${order.id}/patient-feedback/`,
      r.token,
      feedback,
    );
    expect(again.statusCode).toBe(409);

    const delivered = await call('POST', '/rider-app/deliver/', r.token, {
      collection_center_id: geo.bloodCenter.id,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().orders).toEqual([
      { id: order.id, number: order.number, state: 'delivered' },
    ]);
    expect((await rider(r.token)).json()).toMatchObject({ state: 0, completedOrdersCount: 1 });
    const nothing = await call('POST', '/rider-app/deliver/', r.token, {
      collection_center_id: geo.bloodCenter.id,
    });
    expect(nothing.statusCode).toBe(409);
  });

  it('validates patient feedback ratings and wait time', async () => {
    const r = await newRider();
    const order = await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      riderId: r.id,
      state: 'collected',
      collectedAt: new Date(),
    });
    const post = (body: object) =>
      call('POST', `/rider-app/orders/${order.id}/patient-feedback/`, r.token, {
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

  it('reports a problem, which frees the rider', async () => {
    const r = await newRider({ isOnDuty: true, state: 1 });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: r.id });
    await insertTask(t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
    const res = await call('POST', `/rider-app/orders/${order.id}/problem/`, r.token, {
      problem_string_id: geo.problemStringId,
      text: 'Gate locked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders[0].state).toBe('problem');
    expect((await call('GET', '/rider-app/tasks/', r.token)).json().results).toEqual([]);
  });

  it('a rider cannot act on another rider order', async () => {
    const owner = await newRider({ isOnDuty: true, state: 1 });
    const intruder = await newRider({ isOnDuty: true });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: owner.id });
    const at = { latitude: 31.51, longitude: 74.35 };
    for (const action of ['reached', 'collected']) {
      const res = await call(
        'POST',
        `/rider-app/orders/${order.id}/${action}/`,
        intruder.token,
        at,
      );
      expect(res.statusCode).toBe(403);
    }
    const problem = await call('POST', `/rider-app/orders/${order.id}/problem/`, intruder.token, {
      problem_string_id: geo.problemStringId,
    });
    expect(problem.statusCode).toBe(403);
    const fb = await call(
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
      (await call('POST', '/rider-app/orders/999999/reached/', intruder.token, at)).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.state).toBe('assigned');
  });
});

describe('force deliver from the console', () => {
  it('delivers every collected order of a delivering blood rider', async () => {
    const r = await newRider({ isOnDuty: true, state: 3 });
    const a = await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      riderId: r.id,
      state: 'collected',
      collectedAt: new Date(),
    });
    await insertTask(t.db, {
      riderId: r.id,
      orderId: a.id,
      type: 1,
      sequence: 0,
      centerId: geo.bloodCenter.id,
    });
    const res = await call('GET', `/entity/rider_force_deliver/${r.id}/`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Rider orders force delivered successfully',
      delivered: 1,
    });
    expect((await rider(r.token)).json().state).toBe(0);
    expect((await call('GET', `/entity/rider_force_deliver/${r.id}/`, staff)).statusCode).toBe(409);
  });
});
