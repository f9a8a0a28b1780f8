import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { pushSubscriptions } from '../../db/schema/users';
import {
  type Geography,
  insertOrder,
  insertRider,
  insertTask,
  riderToken,
  seedGeography,
  type TestCtx,
} from '../../test/fixtures/riders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { DISPATCH_DEFAULTS } from '../dispatch/public';
import { runLatePushSweepOnce } from './late-sweep';
import { pushSettled } from './push-notifier';
import { type Browser, decryptPush, startPushService, verifyVapid } from './push-service.fixture';
import { runSamplePushSweepOnce } from './sample-sweep';

/**
 * The real thing (docs/decisions/0029-web-push.md): the server encrypts and signs, a push service
 * on loopback receives, and each "browser" decrypts with the keys it made. Gulberg's dispatcher
 * must get the alerts of Gulberg orders once; DHA's dispatcher none of them.
 */
let t: TestCtx;
let geo: Geography;
let svc: Awaited<ReturnType<typeof startPushService>>;
let vapidKey: string;
let gulbergDesk: Browser;
let dhaDesk: Browser;
let gulbergPhone: Browser;

beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_HTTP: 'on', VAPID_SUBJECT: 'mailto:ops@dastak.test' });
  geo = await seedGeography(t.db);
  svc = await startPushService();
  const subscribe = async (b: Browser, tok: string, regionIds: number[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions/',
      headers: bearer(tok),
      payload: { ...b.subscription, region_ids: regionIds },
    });
    expect(res.statusCode).toBe(200);
  };
  const dispatcherToken = async () => {
    const u = await createUser(t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
    return (await login(t.app, u.email, u.password)).token;
  };
  const gulbergDispatcher = await dispatcherToken();
  const dhaDispatcher = await dispatcherToken();
  vapidKey = (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/push/vapid-public-key/',
      headers: bearer(gulbergDispatcher),
    })
  ).json().publicKey;
  gulbergDesk = svc.browser('gulberg-desk');
  gulbergPhone = svc.browser('gulberg-phone');
  dhaDesk = svc.browser('dha-desk');
  await subscribe(gulbergDesk, gulbergDispatcher, [geo.gulberg.id]);
  await subscribe(gulbergPhone, gulbergDispatcher, [geo.gulberg.id]);
  await subscribe(dhaDesk, dhaDispatcher, [geo.dha.id]);
});
afterAll(async () => {
  await t.close();
  await svc.close();
});

const since = (n: number, browser: string) =>
  svc.received.slice(n).filter((r) => r.browser === browser);

describe('an order escalated to problem', () => {
  it('reaches every browser of the region’s dispatchers once, encrypted and VAPID-signed', async () => {
    const rider = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      profile: { isOnDuty: true, state: 1 },
    });
    const tok = await riderToken(t.app, rider);
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: rider.id });
    await insertTask(t.db, { riderId: rider.id, orderId: order.id, type: 0, sequence: 0 });
    const before = svc.received.length;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rider-app/orders/${order.id}/problem/`,
      headers: bearer(tok),
      payload: { problem_string_id: geo.problemStringId, text: 'Gate locked' },
    });
    expect(res.statusCode).toBe(200);
    await pushSettled(t.db);

    const desk = since(before, 'gulberg-desk');
    expect(desk).toHaveLength(1);
    expect(since(before, 'gulberg-phone')).toHaveLength(1);
    expect(since(before, 'dha-desk')).toHaveLength(0);

    const push = desk[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(push.headers.authorization, vapidKey);
    expect(claims.aud).toBe(svc.origin);
    expect(claims.sub).toBe('mailto:ops@dastak.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const payload = decryptPush(gulbergDesk, push.body);
    expect(payload).toEqual({
      title: `Order ${order.number} escalated`,
      body: 'Moved to Problem in Gulberg; it needs a dispatcher.',
      url: `/app/blood/orders/detail/${order.id}`,
      tag: `order-${order.id}`,
    });
    // The phone's copy opens only with the phone's keys.
    expect(() => decryptPush(gulbergDesk, since(before, 'gulberg-phone')[0]!.body)).toThrow();
    expect(decryptPush(gulbergPhone, since(before, 'gulberg-phone')[0]!.body)).toEqual(payload);
    // No patient data in what leaves the server.
    expect(JSON.stringify(payload)).not.toMatch(/Patient|Customer|0300/);
  });
});

describe('an order late with no rider', () => {
  it('is announced once by the sweep, to its region only', async () => {
    const now = new Date();
    const late = await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      state: 'needsAssignment',
      pickup: new Date(now.getTime() - 25 * 60_000),
    });
    // Within the 10-minute grace: not late yet.
    const withinGrace = await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      state: 'scheduled',
      pickup: new Date(now.getTime() - 5 * 60_000),
    });
    // Late but a rider is on the way: the dashboard shows it, no alert.
    const rider = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      profile: { isOnDuty: true },
    });
    await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      riderId: rider.id,
      pickup: new Date(now.getTime() - 30 * 60_000),
    });
    const dhaLate = await insertOrder(t.db, {
      regionId: geo.dha.id,
      state: 'scheduled',
      pickup: new Date(now.getTime() - 20 * 60_000),
    });
    const before = svc.received.length;

    expect(await runLatePushSweepOnce(t.db, now, 10)).toBe(2);
    await pushSettled(t.db);
    const desk = since(before, 'gulberg-desk').map((p) => decryptPush(gulbergDesk, p.body));
    expect(desk).toEqual([
      {
        title: `Order ${late.number} is late`,
        body: 'No rider assigned in Gulberg; 25 mins past the slot start.',
        url: `/app/blood/orders/detail/${late.id}`,
        tag: `order-${late.id}`,
      },
    ]);
    expect(since(before, 'gulberg-phone')).toHaveLength(1);
    const dha = since(before, 'dha-desk').map((p) => decryptPush(dhaDesk, p.body));
    expect(dha).toEqual([expect.objectContaining({ title: `Order ${dhaLate.number} is late` })]);

    // The next sweep, a minute on, announces nothing again; the order within grace becomes late
    // once the clock passes its slot start + grace, and is announced then, once.
    const after = svc.received.length;
    expect(await runLatePushSweepOnce(t.db, new Date(now.getTime() + 60_000), 10)).toBe(0);
    expect(await runLatePushSweepOnce(t.db, new Date(now.getTime() + 6 * 60_000), 10)).toBe(1);
    expect(await runLatePushSweepOnce(t.db, new Date(now.getTime() + 7 * 60_000), 10)).toBe(0);
    await pushSettled(t.db);
    const later = since(after, 'gulberg-desk').map((p) => decryptPush(gulbergDesk, p.body));
    expect(later).toEqual([
      expect.objectContaining({ title: `Order ${withinGrace.number} is late` }),
    ]);
    expect(since(after, 'dha-desk')).toHaveLength(0);
  });
});

describe('a collected sample at risk of expiring', () => {
  /** A collected sample in the rider's box, due at Gulberg Lab, expiring at `expiresAt`. */
  const sample = async (regionId: number, riderId: number, expiresAt: Date) => {
    const order = await insertOrder(t.db, {
      regionId,
      riderId,
      state: 'collected',
      collectedAt: new Date(expiresAt.getTime() - 6 * 3600_000),
    });
    await t.db.update(orders).set({ sampleExpiresAt: expiresAt }).where(eq(orders.id, order.id));
    await insertTask(t.db, {
      riderId,
      orderId: order.id,
      type: 1,
      sequence: 0,
      centerId: geo.bloodCenter.id,
    });
    return order;
  };

  it('is announced once by the sweep to its region, with the rider and the countdown', async () => {
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const min = (m: number) => new Date(now.getTime() + m * 60_000);
    // At the lab's door with 20 minutes left: under the 30-minute margin.
    const imran = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      firstName: 'Imran',
      lastName: 'Ali',
      profile: { isOnDuty: true, state: 3, lastKnownLatitude: 31.51, lastKnownLongitude: 74.35 },
    });
    const soon = await sample(geo.gulberg.id, imran.id, min(20));
    // Hours to spare; and one that expired two hours ago, long past news.
    await sample(geo.gulberg.id, imran.id, min(180));
    await sample(geo.gulberg.id, imran.id, min(-120));
    // In DHA, a rider with no position and 10 minutes left.
    const lost = await insertRider(t.db, {
      regionId: geo.dha.id,
      profile: { isOnDuty: true, state: 3 },
    });
    const dhaSoon = await sample(geo.dha.id, lost.id, min(10));
    const before = svc.received.length;

    expect(await runSamplePushSweepOnce(t.db, now, DISPATCH_DEFAULTS)).toBe(2);
    await pushSettled(t.db);
    const desk = since(before, 'gulberg-desk').map((p) => decryptPush(gulbergDesk, p.body));
    expect(desk).toEqual([
      {
        title: `Sample at risk: ${soon.number}`,
        body: 'Imran Ali · Sample good for 20 min',
        url: `/app/blood/orders/detail/${soon.id}`,
        tag: `sample-${soon.id}`,
      },
    ]);
    expect(since(before, 'gulberg-phone')).toHaveLength(1);
    const dha = since(before, 'dha-desk').map((p) => decryptPush(dhaDesk, p.body));
    expect(dha).toEqual([expect.objectContaining({ title: `Sample at risk: ${dhaSoon.number}` })]);

    // Claimed: the next sweeps announce neither again, even as the samples expire.
    const after = svc.received.length;
    expect(await runSamplePushSweepOnce(t.db, min(1), DISPATCH_DEFAULTS)).toBe(0);
    expect(await runSamplePushSweepOnce(t.db, min(25), DISPATCH_DEFAULTS)).toBe(0);
    await pushSettled(t.db);
    expect(svc.received.length).toBe(after);
  });
});

describe('a subscription the push service has dropped', () => {
  it('is deleted on 410 Gone, and the others still get the message', async () => {
    svc.statusOf.set('gulberg-phone', 410);
    const before = svc.received.length;
    const order = await insertOrder(t.db, {
      regionId: geo.gulberg.id,
      state: 'scheduled',
      pickup: new Date(Date.now() - 40 * 60_000),
    });
    expect(await runLatePushSweepOnce(t.db, new Date(), 10)).toBe(1);
    await pushSettled(t.db);
    expect(since(before, 'gulberg-phone')).toHaveLength(1);
    expect(decryptPush(gulbergDesk, since(before, 'gulberg-desk')[0]!.body)).toMatchObject({
      title: `Order ${order.number} is late`,
    });
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gulbergPhone.subscription.endpoint));
    expect(rows).toEqual([]);
  });

  it('a push service that is down fails the push, not the request', async () => {
    const rider = await insertRider(t.db, {
      regionId: geo.dha.id,
      profile: { isOnDuty: true, state: 1 },
    });
    const tok = await riderToken(t.app, rider);
    const order = await insertOrder(t.db, { regionId: geo.dha.id, riderId: rider.id });
    await insertTask(t.db, { riderId: rider.id, orderId: order.id, type: 0, sequence: 0 });
    svc.statusOf.set('dha-desk', 500);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rider-app/orders/${order.id}/problem/`,
      headers: bearer(tok),
      payload: { problem_string_id: geo.problemStringId },
    });
    expect(res.statusCode).toBe(200);
    await pushSettled(t.db);
    // A 500 is not 'gone': the subscription stays for the next alert.
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, dhaDesk.subscription.endpoint));
    expect(rows).toHaveLength(1);
  });
});

describe('a task assigned to a rider', () => {
  it("rings that rider's phone once (rider app), and no dispatcher's browser", async () => {
    const rider = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      profile: { isOnDuty: true, state: 0 },
    });
    const tok = await riderToken(t.app, rider);
    const phone = svc.browser('rider-phone');
    const key = await t.app.inject({ url: '/api/v1/rider-app/push-key/', headers: bearer(tok) });
    expect(key.json().publicKey).toBe(vapidKey);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider-app/push-subscription/',
      headers: bearer(tok),
      payload: phone.subscription,
    });
    expect(sub.statusCode).toBe(200);
    // Another rider's phone stays quiet.
    const other = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      profile: { isOnDuty: true },
    });
    const otherPhone = svc.browser('other-rider-phone');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider-app/push-subscription/',
      headers: bearer(await riderToken(t.app, other)),
      payload: otherPhone.subscription,
    });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, state: 'needsAssignment' });
    const u = await createUser(t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
    const staff = (await login(t.app, u.email, u.password)).token;
    const before = svc.received.length;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/blood/${order.id}/request/`,
      headers: bearer(staff),
      payload: { rider_ids: [rider.id] },
    });
    expect(res.statusCode).toBe(200);
    await pushSettled(t.db);

    const rung = since(before, 'rider-phone');
    expect(rung).toHaveLength(1);
    expect(decryptPush(phone, rung[0]!.body)).toEqual({
      title: `Dastak · ${order.number}`,
      body: 'New task: open the app · نیا کام: ایپ کھولیں',
      url: '/rider/',
      tag: `rider-task-${order.id}`,
    });
    expect(since(before, 'other-rider-phone')).toHaveLength(0);
    expect(since(before, 'gulberg-desk')).toHaveLength(0);

    // Signed out on the phone: no more rings.
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/rider-app/push-subscription/',
      headers: bearer(tok),
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(off.statusCode).toBe(200);
  });
});
