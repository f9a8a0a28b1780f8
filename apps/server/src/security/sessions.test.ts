import { ERRORS, SUCCESS } from '@dastak/core/messages';
import { ALL_PERMISSIONS, PERMISSIONS } from '@dastak/core/permissions';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { refreshTokens } from '../db/schema/users';
import { setPermissions } from '../modules/users/users.service';
import { bearer, createTestApp, createUser, login, randomAddress } from '../test/test-app';

/**
 * Sessions that end when they should (ADR 0053): after a logout, a password reset, a
 * refresh-token reuse, a deactivation or "sign out everywhere" the access token stops working at
 * once, in this server and in another on the same database, and a permission change applies to
 * the next request. Before, each of these left the access token working until it expired.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
/** A second server on the same database: it learns of changes through LISTEN/NOTIFY. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, dbHandle: t.app.dbHandle, logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const post = (app: App, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers,
    remoteAddress: randomAddress(),
  });
const get = (app: App, url: string, token: string, userAgent?: string) =>
  app.inject({
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
const orders = (app: App, token: string) => get(app, '/orders/blood/', token);

/**
 * The other server hears of a change through a notice: on PostgreSQL it arrives a moment after
 * the commit, so its answer is read again for up to 2 s (a cached token used to live 15 min).
 */
async function eventually(read: () => Promise<number>, status: number) {
  const until = Date.now() + 2000;
  let last = await read();
  while (last !== status && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

/** A staff user signed in, their token already verified and cached by both servers. */
async function signedIn(permissions: readonly string[] = ALL_PERMISSIONS) {
  const u = await createUser(t, permissions);
  const s = await login(t.app, u.email, u.password);
  expect((await get(t.app, '/auth/me/', s.token)).statusCode).toBe(200);
  expect((await get(other, '/auth/me/', s.token)).statusCode).toBe(200);
  return { ...u, ...s };
}

async function expectEnded(token: string) {
  const here = await orders(t.app, token);
  expect(here.statusCode).toBe(401);
  expect(here.json()).toEqual({ detail: ERRORS.INVALID_TOKEN });
  expect(await eventually(() => orders(other, token).then((r) => r.statusCode), 401)).toBe(401);
}

describe('the access token stops working at once, in every server', () => {
  it('after logout with the refresh token', async () => {
    const u = await signedIn();
    const res = await post(t.app, '/auth/logout/', { refresh_token: u.refreshToken });
    expect(res.json()).toEqual({ detail: SUCCESS.LOGGED_OUT });
    await expectEnded(u.token);
  });

  it('after logout with only the access token: its own session ends, the others stay', async () => {
    const u = await signedIn();
    const second = await login(t.app, u.email, u.password);
    const res = await post(t.app, '/auth/logout/', undefined, bearer(u.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SUCCESS.LOGGED_OUT });
    await expectEnded(u.token);
    const refresh = await post(t.app, '/auth/refresh-token', {
      refresh_token: u.refreshToken,
      email: u.email,
    });
    expect(refresh.statusCode).toBe(401);
    expect((await orders(t.app, second.token)).statusCode).toBe(200);
  });

  it('after a detected refresh-token reuse (past the grace)', async () => {
    const u = await signedIn();
    const rotated = await post(t.app, '/auth/refresh-token', {
      refresh_token: u.refreshToken,
      email: u.email,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().token as string;
    expect((await orders(other, fresh)).statusCode).toBe(200);
    // The rotation happened longer ago than the grace of ADR 0045.
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 3_600_000) })
      .where(and(eq(refreshTokens.userId, u.id), isNotNull(refreshTokens.rotatedAt)));
    const replay = await post(t.app, '/auth/refresh-token', {
      refresh_token: u.refreshToken,
      email: u.email,
    });
    expect(replay.statusCode).toBe(401);
    await expectEnded(u.token);
    await expectEnded(fresh);
  });

  it('after an admin deactivates the account (the API route), and the password stops too', async () => {
    const admin = await signedIn([PERMISSIONS.CAN_MANAGE_STAFF]);
    const u = await signedIn();
    const res = await post(
      t.app,
      `/users/staff/${u.id}/deactivate/`,
      undefined,
      bearer(admin.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, isActive: false });
    await expectEnded(u.token);
    const again = await post(t.app, '/auth/login/', { email: u.email, password: u.password });
    expect(again.statusCode).toBe(400);
    const list = await get(t.app, '/users/staff/', admin.token);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: u.id, isActive: false }));
  });

  it('after "sign out everywhere": every session of the user, none of another user', async () => {
    const u = await signedIn();
    const second = await login(t.app, u.email, u.password);
    const bystander = await signedIn();
    const res = await post(t.app, '/auth/sessions/end-all/', undefined, bearer(second.token));
    expect(res.json()).toEqual({ detail: SUCCESS.LOGGED_OUT });
    await expectEnded(u.token);
    await expectEnded(second.token);
    expect((await orders(other, bystander.token)).statusCode).toBe(200);
  });
});

describe('a permission change applies to the next request', () => {
  it('revoked: 403 in both servers once the notice arrives; granted again: 200', async () => {
    const u = await signedIn([PERMISSIONS.CAN_VIEW_ORDER]);
    await setPermissions(t.db, u.email, { revoke: [PERMISSIONS.CAN_VIEW_ORDER] });
    // The change is made as `npm run user` makes it, outside any server: each server, this one
    // too, hears of it through the notice channel, which PostgreSQL delivers a moment later.
    expect(await eventually(() => orders(t.app, u.token).then((r) => r.statusCode), 403)).toBe(403);
    expect(await eventually(() => orders(other, u.token).then((r) => r.statusCode), 403)).toBe(403);
    await setPermissions(t.db, u.email, { grant: [PERMISSIONS.CAN_VIEW_ORDER] });
    expect(await eventually(() => orders(t.app, u.token).then((r) => r.statusCode), 200)).toBe(200);
    expect(await eventually(() => orders(other, u.token).then((r) => r.statusCode), 200)).toBe(200);
  });
});

describe('a user lists their sessions', () => {
  it('device from the User-Agent, created, last seen, this one marked; signed-in only', async () => {
    const u = await createUser(t, []);
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: u.email, password: u.password },
      headers: { 'user-agent': chrome },
      remoteAddress: randomAddress(),
    });
    const mine = first.json().token as string;
    await login(t.app, u.email, u.password);
    const res = await get(t.app, '/auth/sessions/', mine);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as {
      device: string;
      current: boolean;
      created: string;
      lastSeen: string;
    }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current);
    expect(current?.device).toBe('Chrome on Windows');
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(Date.parse(current?.lastSeen ?? '')).toBeGreaterThanOrEqual(
      Date.parse(current?.created ?? '') - 1000,
    );
    // Another user's sessions are not listed; anonymous callers are refused.
    const stranger = await signedIn();
    expect((await get(t.app, '/auth/sessions/', stranger.token)).json()).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v1/auth/sessions/' })).statusCode).toBe(401);
  });

  it('a staff manager creates an account through the API; the email is unique', async () => {
    const admin = await signedIn([PERMISSIONS.CAN_MANAGE_STAFF]);
    const email = `made-${Date.now()}@test.local`;
    const body = {
      email,
      first_name: 'Made',
      last_name: 'Here',
      password: 'made-secret-1',
      permissions: [],
    };
    const made = await post(t.app, '/users/staff/', body, bearer(admin.token));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ email, fullName: 'Made Here', isActive: true });
    const s = await login(t.app, email, 'made-secret-1');
    expect((await get(t.app, '/auth/sessions/', s.token)).json()).toHaveLength(1);
    const twice = await post(t.app, '/users/staff/', body, bearer(admin.token));
    expect(twice.statusCode).toBe(400);
    const plain = await signedIn([PERMISSIONS.CAN_VIEW_ORDER]);
    expect((await post(t.app, '/users/staff/', body, bearer(plain.token))).statusCode).toBe(403);
  });

  it('deactivation is for staff managers only, and only of staff accounts', async () => {
    const plain = await signedIn([PERMISSIONS.CAN_VIEW_ORDER]);
    const target = await signedIn();
    const refused = await post(
      t.app,
      `/users/staff/${target.id}/deactivate/`,
      undefined,
      bearer(plain.token),
    );
    expect(refused.statusCode).toBe(403);
    expect((await orders(t.app, target.token)).statusCode).toBe(200);
    const admin = await signedIn([PERMISSIONS.CAN_MANAGE_STAFF]);
    const missing = await post(
      t.app,
      '/users/staff/99999999/deactivate/',
      undefined,
      bearer(admin.token),
    );
    expect(missing.statusCode).toBe(404);
    const self = await post(
      t.app,
      `/users/staff/${admin.id}/deactivate/`,
      undefined,
      bearer(admin.token),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: ERRORS.CANNOT_DEACTIVATE_SELF });
  });
});
