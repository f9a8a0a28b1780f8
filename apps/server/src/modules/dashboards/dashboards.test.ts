import { lateOrderSchema } from '@dastak/core/entities/lookups';
import { orderMapItemSchema } from '@dastak/core/entities/orders';
import { DASHBOARD_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dashboardToken,
  get,
  insertOrder,
  windowAround,
} from '../../test/fixtures/dashboards.fixtures';
import {
  createFixtures,
  createRider,
  type Fixtures,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';

const ROUTES = [
  '/orders/blood/dashboard/',
  '/orders/blood/late-orders/',
  '/orders/blood/at-risk-orders/',
  '/stats/blood/orders/',
  '/stats/blood/dashboard/',
  '/stats/daily-order-stats/',
];

let f: Fixtures;
let call: ReturnType<typeof get>;
const now = Date.now();
const ids: Record<string, number> = {};

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = get(f, await dashboardToken(f));
  const rider = await createRider(f);
  const o = (name: string, spec: Parameters<typeof insertOrder>[2]) =>
    insertOrder(f, now, spec).then((r) => {
      ids[name] = r.id;
    });
  await o('assigned', {
    state: 'assigned',
    pickupIn: 30,
    riderId: rider.id,
    tests: ['CBC', 'LFT'],
  });
  await o('reached', { state: 'reached', pickupIn: -5, reachedAfter: 0, riderId: rider.id });
  await o('collected', {
    state: 'collected',
    pickupIn: -60,
    reachedAfter: 5,
    collectedAfter: 15,
    riderId: rider.id,
  });
  await o('delivered', { state: 'delivered', pickupIn: -120, reachedAfter: 0, collectedAfter: 10 });
  await o('noPin', { state: 'assigned', pickupIn: 40, riderId: rider.id, pin: null });
  await o('otherRegion', { state: 'assigned', pickupIn: 20, regionId: f.otherBloodRegion });
  await o('xray', { vertical: 'xray', state: 'assigned', pickupIn: 20 });
  await o('tomorrow', { state: 'assigned', pickupIn: 26 * 60 });
  // Late: slot started 45 and 25 minutes ago, nobody at the door yet.
  await o('late45', { state: 'needsAssignment', pickupIn: -45 });
  await o('late25', { state: 'assigned', pickupIn: -25, riderId: rider.id });
  // Within the 10-minute grace: not late yet.
  await o('inGrace', { state: 'assigned', pickupIn: -8, riderId: rider.id });
  await o('lateProblem', { state: 'problem', pickupIn: -90 });
  await o('lateOffline', { state: 'scheduled', pickupIn: -90, fulfillmentMethod: 'offline' });
  await o('lateCancelled', { state: 'cancelled', pickupIn: -90 });
  await o('lateOtherRegion', { state: 'assigned', pickupIn: -30, regionId: f.otherBloodRegion });
  ids.rider = rider.id;
});
afterAll(() => f.t.close());

describe('dashboard calls: access', () => {
  it('answers 401 without a token and 403 without Can view dashboard, on every call', async () => {
    const noDashboard = await tokenWith(f.t, [
      PERMISSIONS.CAN_VIEW_ORDER,
      PERMISSIONS.CAN_VIEW_RIDER,
    ]);
    const rider = await createRider(f);
    for (const url of ROUTES) {
      expect((await get(f, {})(url)).status, url).toBe(401);
      const denied = await get(f, noDashboard)(url);
      expect(denied.status, url).toBe(403);
      expect(denied.body.detail, url).toBeTypeOf('string');
      expect((await get(f, rider.auth)(url)).status, url).toBe(403);
      expect((await call(url, windowAround(now))).status, url).toBe(200);
    }
  });
});

describe('GET /orders/{vertical}/dashboard/', () => {
  it('shows assigned, reached and collected orders with a pin by default, with the popup fields', async () => {
    const res = await call('/orders/blood/dashboard/', windowAround(now));
    expect(res.status).toBe(200);
    const items = z.array(orderMapItemSchema).parse(res.body);
    expect(items.map((i) => i.id).sort()).toEqual(
      [
        ids.assigned,
        ids.reached,
        ids.collected,
        ids.late25,
        ids.inGrace,
        ids.otherRegion,
        ids.lateOtherRegion,
      ].sort(),
    );
    const assigned = items.find((i) => i.id === ids.assigned)!;
    expect(assigned.patient.firstName).toBe('Ayesha');
    expect(assigned.scanTypes.map((s) => s.scanType.code)).toEqual(['CBC', 'LFT']);
    expect(assigned.assignedRider?.id).toBe(ids.rider);
    expect(assigned.pickup).toMatch(/\+05:00$/);
    expect(assigned.latitude).toBeCloseTo(31.5205, 6);
  });

  it('narrows by regions, states and the window; the other vertical never shows', async () => {
    const inRegion = await call('/orders/blood/dashboard/', {
      ...windowAround(now),
      regions: f.bloodRegion,
      states: 'needsAssignment,problem',
    });
    expect(inRegion.body.map((i: { id: number }) => i.id).sort()).toEqual(
      [ids.late45, ids.lateProblem].sort(),
    );
    const other = await call('/orders/blood/dashboard/', {
      ...windowAround(now),
      regions: f.otherBloodRegion,
    });
    expect(other.body.map((i: { id: number }) => i.id)).toEqual([
      ids.lateOtherRegion,
      ids.otherRegion,
    ]);
    const narrow = await call('/orders/blood/dashboard/', windowAround(now + 35 * 60_000, 0.25));
    expect(narrow.body.map((i: { id: number }) => i.id)).toEqual([ids.assigned]);
    const xray = await call('/orders/xray/dashboard/', windowAround(now));
    expect(xray.body.map((i: { id: number }) => i.id)).toEqual([ids.xray]);
  });
});

describe('GET /orders/{vertical}/late-orders/', () => {
  it('lists orders with no rider at the door past slot start + grace, most late first, delay from slot start', async () => {
    const res = await call('/orders/blood/late-orders/', {
      ...windowAround(now),
      regions: f.bloodRegion,
    });
    expect(res.status).toBe(200);
    const rows = z.array(lateOrderSchema).parse(res.body);
    expect(rows.map((r) => r.id)).toEqual([ids.lateProblem, ids.late45, ids.late25]);
    // Whole minutes since slot start (the order detail's 'Delayed by'): the clock may tick once.
    expect(rows[0]!.lateTimedelta).toBeGreaterThanOrEqual(90);
    expect(rows[0]!.lateTimedelta).toBeLessThanOrEqual(91);
    expect(rows[1]!.lateTimedelta).toBeGreaterThanOrEqual(45);
    expect(rows[1]!.assignedRider).toBeNull();
    expect(rows[2]!.assignedRider).toEqual({
      id: ids.rider,
      name: expect.stringMatching(/^Rider No/),
    });
  });

  it('covers every region without regions, and none of the other vertical', async () => {
    const all = await call('/orders/blood/late-orders/', windowAround(now));
    expect(all.body.map((r: { id: number }) => r.id)).toContain(ids.lateOtherRegion);
    const xray = await call('/orders/xray/late-orders/', windowAround(now));
    expect(xray.body).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 with a detail for bad dates, ids, states and windows', async () => {
    // An unknown vertical names no resource: 404 {detail}, as every path parameter (errors.ts).
    for (const url of [
      '/orders/bike/dashboard/',
      '/stats/bike/orders/',
      '/orders/bike/late-orders/',
    ]) {
      const res = await call(url);
      expect(res.status, url).toBe(404);
      expect(res.body.detail, url).toBe('Not found.');
    }
    const cases: [string, Record<string, string>][] = [
      ['/orders/blood/dashboard/', { pickup_from: 'yesterday' }],
      ['/orders/blood/dashboard/', { states: 'lost' }],
      ['/orders/blood/late-orders/', { regions: 'abc' }],
      ['/orders/blood/at-risk-orders/', { regions: '1,-2' }],
      ['/stats/blood/orders/', { region_id: 'x' }],
      ['/stats/blood/dashboard/', { pickup_to: '2026-02-30T10:00:00+05:00' }],
      ['/stats/daily-order-stats/', { date: '2026-13-01' }],
      ['/stats/daily-order-stats/', { region: '99999999999' }],
      ['/stats/daily-order-stats/', { date: '2999-01-01' }],
    ];
    for (const [url, query] of cases) {
      const res = await call(url, query);
      expect(res.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(res.body.detail, url).toBeTypeOf('string');
    }
    const reversed = await call('/orders/blood/dashboard/', {
      pickup_from: '2026-03-02T12:00:00+05:00',
      pickup_to: '2026-03-02T10:00:00+05:00',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe(VALIDATION.PICKUP_FROM_AFTER_TO);
    const tooLong = await call('/orders/blood/late-orders/', {
      pickup_from: '2026-03-01T00:00:00+05:00',
      pickup_to: '2026-03-09T00:00:00+05:00',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe(DASHBOARD_MESSAGES.WINDOW_TOO_LONG);
  });

  it('documents every call in the OpenAPI document', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths ?? {});
    for (const p of [
      '/api/v1/orders/{vertical}/at-risk-orders/',
      '/api/v1/stats/{vertical}/dashboard/',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
