import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riderLocationPings } from '../../db/schema/riders';
import { riderAppHarness } from '../../test/fixtures/rider-app.harness';
import { insertOrder, insertTask } from '../../test/fixtures/riders.fixtures';
import { createUser, login } from '../../test/test-app';

const h = riderAppHarness();

describe('POST /rider-app/location/', () => {
  it('a single ping moves the rider, marks them online and records the device', async () => {
    const r = await h.newRider({ isOnline: false });
    const res = await h.call('POST', '/rider-app/location/', r.token, {
      latitude: 31.5,
      longitude: 74.37,
      battery: 64,
      network_state: true,
      app_version: '2.4.0',
      mobile_model: 'Galaxy A14',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accepted: 1,
      isOnline: true,
      cell: { id: h.geo.eastCell.id, name: 'Gulberg East' },
    });
    expect((await h.rider(r.token)).json()).toMatchObject({
      isOnline: true,
      lastKnownLatitude: 31.5,
      lastKnownLongitude: 74.37,
      battery: 64,
      networkState: true,
      cell: { id: h.geo.eastCell.id },
      profile: { appVersion: '2.4.0', mobileModel: 'Galaxy A14', isUsingLatestApp: false },
    });
  });

  it('a batch stores every ping and keeps the newest fix; an older batch only grows the trail', async () => {
    const r = await h.newRider();
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const res = await h.call('POST', '/rider-app/location/', r.token, {
      pings: [
        { latitude: 31.5, longitude: 74.31, recorded_at: at(3), battery: 50 },
        { latitude: 31.52, longitude: 74.32, recorded_at: at(1) },
        { latitude: 31.51, longitude: 74.36, recorded_at: at(2), battery: 49 },
      ],
    });
    expect(res.json()).toMatchObject({ accepted: 3, cell: { id: h.geo.westCell.id } });
    const after = (await h.rider(r.token)).json();
    expect(after).toMatchObject({
      lastKnownLatitude: 31.52,
      lastKnownLongitude: 74.32,
      battery: 49,
    });
    const late = await h.call('POST', '/rider-app/location/', r.token, {
      pings: [{ latitude: 31.49, longitude: 74.39, recorded_at: at(10) }],
    });
    expect(late.statusCode).toBe(200);
    expect((await h.rider(r.token)).json()).toMatchObject({
      lastKnownLatitude: 31.52,
      lastSeenAt: after.lastSeenAt,
    });
    const trail = await h.t.db
      .select()
      .from(riderLocationPings)
      .where(eq(riderLocationPings.riderId, r.id));
    expect(trail).toHaveLength(4);
  });

  it('outside a hyperlocal region there is no cell', async () => {
    const r = await h.newRider({}, h.geo.dha.id);
    const res = await h.call('POST', '/rider-app/location/', r.token, {
      latitude: 31.47,
      longitude: 74.4,
    });
    expect(res.json().cell).toBeNull();
  });

  it('validates coordinates, battery and batch size', async () => {
    const r = await h.newRider();
    const bad = async (payload: object) =>
      (await h.call('POST', '/rider-app/location/', r.token, payload)).statusCode;
    expect(await bad({ latitude: 91, longitude: 74 })).toBe(400);
    expect(await bad({ latitude: 31, longitude: 181 })).toBe(400);
    expect(await bad({ latitude: 31, longitude: 74, battery: 101 })).toBe(400);
    expect(await bad({ latitude: 31, longitude: 74, battery: -1 })).toBe(400);
    expect(await bad({ pings: [] })).toBe(400);
    expect(
      await bad({ pings: Array.from({ length: 101 }, () => ({ latitude: 31, longitude: 74 })) }),
    ).toBe(400);
    expect(
      await bad({
        pings: Array.from({ length: 100 }, () => ({ latitude: 31.5, longitude: 74.3 })),
      }),
    ).toBe(200);
  });
});

describe('access', () => {
  it('a h.staff token gets 403 on the rider app; a rider token gets 403 on h.staff routes', async () => {
    const r = await h.newRider();
    expect((await h.call('GET', '/rider-app/tasks/', h.staff)).statusCode).toBe(403);
    expect(
      (await h.call('POST', '/rider-app/location/', h.staff, { latitude: 31, longitude: 74 }))
        .statusCode,
    ).toBe(403);
    expect((await h.call('GET', `/entity/rider/${r.id}/`, r.token)).statusCode).toBe(403);
    expect((await h.call('GET', '/rider-app/tasks/', '')).statusCode).toBe(401);
  });
});

describe('duty and connectivity', () => {
  it('goes on and off duty, and offline, leaving the state alone', async () => {
    const r = await h.newRider({ isOnline: true });
    const on = await h.call('POST', '/rider-app/duty/', r.token, { is_on_duty: true });
    expect(on.json()).toEqual({
      detail: 'Rider marked on or off duty successfully',
      isOnDuty: true,
    });
    const off = await h.call('POST', '/rider-app/offline/', r.token);
    expect(off.json()).toMatchObject({ isOnline: false });
    expect((await h.rider(r.token)).json()).toMatchObject({
      isOnDuty: true,
      isOnline: false,
      state: 0,
    });
    expect(
      (await h.call('POST', '/rider-app/duty/', r.token, { is_on_duty: false })).statusCode,
    ).toBe(200);
  });

  it('refuses going off duty with an order in hand', async () => {
    const r = await h.newRider({ isOnDuty: true, state: 1 });
    const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: r.id });
    await insertTask(h.t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
    const res = await h.call('POST', '/rider-app/duty/', r.token, { is_on_duty: false });
    expect(res.statusCode).toBe(409);
    expect((await h.rider(r.token)).json().isOnDuty).toBe(true);
  });
});

describe('GET /entity/rider_location/{id}/trail/ (the dashboard map)', () => {
  it("serves the rider's stored pings of the last 30 minutes, oldest first, to dashboard viewers", async () => {
    const r = await h.newRider();
    const other = await h.newRider();
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await h.call('POST', '/rider-app/location/', r.token, {
      pings: [
        { latitude: 31.5, longitude: 74.3, recorded_at: at(45) },
        { latitude: 31.51, longitude: 74.31, recorded_at: at(20) },
        { latitude: 31.53, longitude: 74.33, recorded_at: at(2) },
        { latitude: 31.52, longitude: 74.32, recorded_at: at(10) },
      ],
    });
    await h.call('POST', '/rider-app/location/', other.token, { latitude: 31.6, longitude: 74.4 });

    const res = await h.call('GET', `/entity/rider_location/${r.id}/trail/`, h.staff);
    expect(res.statusCode).toBe(200);
    const { riderId, points } = res.json();
    expect(riderId).toBe(r.id);
    expect(points.map((p: { latitude: number }) => p.latitude)).toEqual([31.51, 31.52, 31.53]);
    expect(points[0].at).toMatch(/\+05:00$/);

    expect((await h.call('GET', '/entity/rider_location/999999/trail/', h.staff)).statusCode).toBe(
      404,
    );
    const viewer = await createUser(h.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const token = (await login(h.t.app, viewer.email, viewer.password)).token;
    const refused = await h.call('GET', `/entity/rider_location/${r.id}/trail/`, token);
    expect(refused.statusCode).toBe(403);
  });
});
