import { PUSH_ENDPOINT_MAX } from '@dastak/core/constants';
import { PUSH_MESSAGES } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/users';
import { type Geography, seedGeography, type TestCtx } from '../../test/fixtures/riders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import { checkEndpoint } from './push.service';
import { startPushService } from './push-service.fixture';

let t: TestCtx;
let geo: Geography;
let svc: Awaited<ReturnType<typeof startPushService>>;
let dispatcher: string;
let other: string;
let noDashboard: string;

beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_HTTP: 'on' });
  geo = await seedGeography(t.db);
  svc = await startPushService();
  const token = async (perms: string[]) => {
    const u = await createUser(t, perms);
    return (await login(t.app, u.email, u.password)).token;
  };
  dispatcher = await token([PERMISSIONS.CAN_VIEW_DASHBOARD]);
  other = await token([PERMISSIONS.CAN_VIEW_DASHBOARD]);
  noDashboard = await token([PERMISSIONS.CAN_VIEW_ORDER]);
});
afterAll(async () => {
  await t.close();
  await svc.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, tok?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tok ? bearer(tok) : {},
    ...(payload ? { payload } : {}),
  });

const storedEndpoints = async () =>
  (await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map(
    (r) => r.endpoint,
  );

describe('GET /push/vapid-public-key/', () => {
  it('gives signed-in staff the same P-256 public key on every call', async () => {
    const a = await call('GET', '/push/vapid-public-key/', noDashboard);
    expect(a.statusCode).toBe(200);
    const key = a.json().publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/push/vapid-public-key/', dispatcher)).json().publicKey).toBe(key);
    expect((await call('GET', '/push/vapid-public-key/')).statusCode).toBe(401);
  });
});

describe('POST /push/subscriptions/', () => {
  it('stores the browser subscription for the user with the regions its dashboard shows', async () => {
    const b = svc.browser('dispatcher-laptop');
    const res = await call('POST', '/push/subscriptions/', dispatcher, {
      ...b.subscription,
      region_ids: [geo.gulberg.id, geo.dha.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: PUSH_MESSAGES.SUBSCRIBED,
      regionIds: [geo.gulberg.id, geo.dha.id].sort((x, y) => x - y),
    });
    // Switching the dashboard's region replaces what the browser follows.
    const again = await call('POST', '/push/subscriptions/', dispatcher, {
      ...b.subscription,
      region_ids: [geo.dha.id],
    });
    expect(again.json().regionIds).toEqual([geo.dha.id]);
    // Without region_ids (a re-subscribe on load) the regions stay.
    const plain = await call('POST', '/push/subscriptions/', dispatcher, b.subscription);
    expect(plain.json().regionIds).toEqual([geo.dha.id]);
    expect(await storedEndpoints()).toContain(b.subscription.endpoint);
  });

  it('refuses users who may not view the dashboard, and anonymous calls', async () => {
    const b = svc.browser('no-dashboard');
    expect(
      (await call('POST', '/push/subscriptions/', noDashboard, b.subscription)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/push/subscriptions/', undefined, b.subscription)).statusCode).toBe(
      401,
    );
    expect(await storedEndpoints()).not.toContain(b.subscription.endpoint);
  });

  it('refuses endpoints that are not https (loopback http only when allowed)', async () => {
    const b = svc.browser('x');
    for (const endpoint of [
      'http://push.example.com/send/abc',
      'ftp://push.example.com/abc',
      'not a url',
      `https://push.example.com/${'a'.repeat(PUSH_ENDPOINT_MAX)}`,
      'https://user:pw@push.example.com/abc',
    ]) {
      const res = await call('POST', '/push/subscriptions/', dispatcher, {
        ...b.subscription,
        endpoint,
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().detail, endpoint).toBeTruthy();
    }
    expect(() => checkEndpoint('http://127.0.0.1:9/push/a', false)).toThrow();
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).not.toThrow();
  });

  it('refuses keys a browser could not have made, and unknown or missing fields', async () => {
    const b = svc.browser('bad-keys');
    const bad = [
      { ...b.subscription, keys: { ...b.subscription.keys, p256dh: 'AAAA' } },
      // 65 bytes with the uncompressed prefix, but not a point on P-256.
      {
        ...b.subscription,
        keys: {
          ...b.subscription.keys,
          p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
        },
      },
      { ...b.subscription, keys: { ...b.subscription.keys, auth: 'c2hvcnQ' } },
      { ...b.subscription, keys: { ...b.subscription.keys, auth: '!!!' } },
      { endpoint: b.subscription.endpoint },
      { ...b.subscription, extra: 1 },
      { ...b.subscription, region_ids: [0] },
    ];
    for (const body of bad) {
      const res = await call('POST', '/push/subscriptions/', dispatcher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
    expect(await storedEndpoints()).not.toContain(b.subscription.endpoint);
  });
});

describe('DELETE /push/subscriptions/', () => {
  it('removes only the calling user’s own subscription', async () => {
    const b = svc.browser('to-delete');
    await call('POST', '/push/subscriptions/', dispatcher, b.subscription);
    const body = { endpoint: b.subscription.endpoint };
    // Another user cannot switch it off (and cannot tell it exists).
    expect((await call('DELETE', '/push/subscriptions/', other, body)).statusCode).toBe(404);
    expect(await storedEndpoints()).toContain(b.subscription.endpoint);
    const res = await call('DELETE', '/push/subscriptions/', dispatcher, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(PUSH_MESSAGES.UNSUBSCRIBED);
    expect(await storedEndpoints()).not.toContain(b.subscription.endpoint);
    expect((await call('DELETE', '/push/subscriptions/', dispatcher, body)).statusCode).toBe(404);
    expect(
      (await call('DELETE', '/push/subscriptions/', dispatcher, { endpoint: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('a second user subscribing the same browser takes it over', async () => {
    const b = svc.browser('shared-pc');
    await call('POST', '/push/subscriptions/', dispatcher, b.subscription);
    await call('POST', '/push/subscriptions/', other, b.subscription);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, b.subscription.endpoint));
    expect(rows).toHaveLength(1);
    const body = { endpoint: b.subscription.endpoint };
    expect((await call('DELETE', '/push/subscriptions/', dispatcher, body)).statusCode).toBe(404);
    expect((await call('DELETE', '/push/subscriptions/', other, body)).statusCode).toBe(200);
  });
});
