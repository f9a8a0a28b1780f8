import { ERRORS, REALTIME_MESSAGES } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { assignOrder } from '../orders/public';
import { type RealtimeHub, realtimeHubOf } from './hub';
import { openStream, type StreamClient } from './stream-client';

let f: Fixtures;
let base: string;
let hub: RealtimeHub;
let viewer: Record<string, string>;
const streams: StreamClient[] = [];

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  base = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
  hub = realtimeHubOf(f.t.db) as RealtimeHub;
  viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await f.t.close();
});

async function open(query: string, headers = viewer) {
  const s = await openStream(base, query, headers);
  streams.push(s);
  return s;
}

const ping = (auth: Record<string, string>, latitude: number, longitude: number) =>
  api(f).post('/rider-app/location/', { latitude, longitude }, auth);

describe('GET /realtime/stream refusals', () => {
  const get = (query: string, headers: Record<string, string> = viewer) =>
    f.t.app.inject({ method: 'GET', url: `/api/v1/realtime/stream?${query}`, headers });

  it('401 without a token, 403 without the dashboard permission', async () => {
    const anonymous = await get(`region_id=${f.bloodRegion}`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(ERRORS.NOT_AUTHENTICATED);
    const staff = await get(`region_id=${f.bloodRegion}`, f.auth);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().detail).toBe(ERRORS.PERMISSION_DENIED);
  });

  it('400 unless exactly one of region_id and city_id, 400 on a bad id, 404 when unknown', async () => {
    for (const q of ['', `region_id=${f.bloodRegion}&city_id=${f.cityId}`]) {
      const res = await get(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(REALTIME_MESSAGES.SCOPE_REQUIRED);
    }
    const bad = await get('region_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.regionId).toBeDefined();
    for (const q of ['region_id=999999', 'city_id=999999']) {
      const res = await get(q);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(ERRORS.NOT_FOUND);
    }
  });
});

describe('a stream', () => {
  it('says hello first, with the API headers, then heartbeats', async () => {
    hub.limits.heartbeatMs = 40;
    const s = await open(`region_id=${f.bloodRegion}`);
    hub.limits.heartbeatMs = 15_000;
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    const hello = await s.next('hello');
    expect(s.events[0]).toBe(hello);
    expect(hello.data).toMatchObject({ connectionId: expect.any(String), heartbeatMs: 40 });
    await expect.poll(() => s.heartbeats, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
  });

  it("moves a rider on the streams of the rider's region and city, not another region", async () => {
    const rider = await createRider(f, { vertical: 'blood' });
    const region = await open(`region_id=${f.bloodRegion}`);
    const city = await open(`city_id=${f.cityId}`);
    const other = await open(`region_id=${f.otherBloodRegion}`);
    await Promise.all([region, city, other].map((s) => s.next('hello')));
    expect((await ping(rider.auth, 31.531, 74.361)).statusCode).toBe(200);
    const moved = (e: { data: { riderId: number } }) => e.data.riderId === rider.id;
    for (const s of [region, city]) {
      const e = await s.next('riderPosition', moved);
      expect(e.data).toMatchObject({ latitude: 31.531, longitude: 74.361, at: expect.any(String) });
    }
    // The other region's stream heard nothing of it (it had every chance: same notice, same turn).
    await new Promise((r) => setTimeout(r, 100));
    expect(other.events.filter((e) => e.type !== 'hello')).toEqual([]);
  });

  it('tells a rider coming online and going offline as riderState rows', async () => {
    const rider = await createRider(f, { vertical: 'blood' });
    const s = await open(`region_id=${f.bloodRegion}`);
    await s.next('hello');
    await api(f).post('/rider-app/offline/', {}, rider.auth);
    const off = await s.next('riderState', (e) => e.data.rider.id === rider.id);
    expect(off.data.rider).toMatchObject({ isOnline: false, firstName: 'Rider' });
    const from = s.events.length;
    await ping(rider.auth, 31.52, 74.35);
    const on = await s.next('riderState', (e) => e.data.rider.id === rider.id, 3000, from);
    expect(on.data.rider.isOnline).toBe(true);
  });

  it('tells an order cancelled through the API as orderState and statsInvalidated', async () => {
    const order = await placeOrder(f);
    const rider = await createRider(f);
    await assignOrder(
      f.t.db,
      { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: false },
      f.staff,
    );
    const s = await open(`region_id=${f.bloodRegion}`);
    const xray = await open(`region_id=${f.xrayRegion}`);
    await Promise.all([s.next('hello'), xray.next('hello')]);
    const res = await api(f).post(
      `/orders/blood/${order.id}/cancel/`,
      { reason: 'duplicate', cancellation_string_id: f.lookups.cancellation },
      await tokenWith(f.t, [PERMISSIONS.CAN_CANCEL_ORDER, PERMISSIONS.CAN_VIEW_ORDER]),
    );
    expect(res.statusCode).toBe(200);
    // The match waits for the cancel: on PostgreSQL the assignment's own notice may arrive late.
    const changed = await s.next(
      'orderState',
      (e) => e.data.orderId === order.id && e.data.state === 'cancelled',
    );
    expect(changed.data).toEqual({
      orderId: order.id,
      vertical: 'blood',
      regionId: f.bloodRegion,
      state: 'cancelled',
    });
    const stale = await s.next('statsInvalidated');
    expect(stale.data).toEqual({ vertical: 'blood', regionId: f.bloodRegion });
    // The released rider is idle again.
    await s.next(
      'riderState',
      (e) => e.data.rider.id === rider.id && e.data.rider.state === RIDER_STATES.IDLE,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(xray.events.map((e) => e.type)).toEqual(['hello']);
  });
});
