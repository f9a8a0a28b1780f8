import { ERRORS } from '@dastak/core/messages';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { users } from '../db/schema/users';
import { endSessions } from '../modules/auth/auth.service';
import { insertRider, seedGeography } from '../test/fixtures/riders.fixtures';
import { bearer, createTestApp, createUser, login, randomAddress } from '../test/test-app';

/**
 * Deactivating or deleting a user ends their sessions (ADR 0030): the refresh token at once, the
 * access token at once in the instance that made the change, and in another instance at once
 * for a token it had not seen and within one access-token lifetime for one it had cached.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (app: App, token: string) =>
  app.inject({ url: '/api/v1/auth/me/', headers: bearer(token) });
const refresh = (app: App, refreshToken: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    payload: { refresh_token: refreshToken, email },
    remoteAddress: randomAddress(),
  });
const relogin = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password },
    remoteAddress: randomAddress(),
  });

/** What the console's deactivate action does: the flag, then the end of the sessions. */
async function deactivate(app: App, userId: number) {
  await app.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
  await endSessions({ db: app.db, tokens: app.tokens }, userId);
}

describe('a deactivated or deleted user loses their sessions at once', () => {
  it('staff: the cached access token, the refresh token and the password all stop working', async () => {
    const u = await createUser(t, ALL_PERMISSIONS);
    const s = await login(t.app, u.email, u.password);
    expect((await me(t.app, s.token)).statusCode).toBe(200); // verified and cached
    const orders = () => t.app.inject({ url: '/api/v1/orders/blood/', headers: bearer(s.token) });
    expect((await orders()).statusCode).toBe(200);

    await deactivate(t.app, u.id);

    const after = await orders();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: ERRORS.INVALID_TOKEN });
    expect((await me(t.app, s.token)).statusCode).toBe(401);
    const r = await refresh(t.app, s.refreshToken, u.email);
    expect(r.statusCode).toBe(401);
    expect(r.json().detail).toBe(ERRORS.INVALID_REFRESH_TOKEN);
    expect((await relogin(t.app, u.email, u.password)).statusCode).toBe(400);
  });

  it('rider: the rider app answers 401 to the old tokens', async () => {
    const geo = await seedGeography(t.db);
    const rider = await insertRider(t.db, { regionId: geo.gulberg.id });
    const s = await login(t.app, rider.email, rider.password);
    const tasks = () => t.app.inject({ url: '/api/v1/rider-app/tasks/', headers: bearer(s.token) });
    expect((await tasks()).statusCode).toBe(200);

    await deactivate(t.app, rider.id);

    expect((await tasks()).statusCode).toBe(401);
    expect((await refresh(t.app, s.refreshToken, rider.email)).statusCode).toBe(401);
  });

  it('a deleted user: the cached access token and the refresh token are refused', async () => {
    const u = await createUser(t, ALL_PERMISSIONS);
    const s = await login(t.app, u.email, u.password);
    // A route that reads nothing of the user (/auth/me/ would refuse a deleted user by itself).
    const orders = () => t.app.inject({ url: '/api/v1/orders/blood/', headers: bearer(s.token) });
    expect((await orders()).statusCode).toBe(200);

    await t.db.delete(users).where(eq(users.id, u.id));
    await endSessions({ db: t.db, tokens: t.app.tokens }, u.id);

    expect((await orders()).statusCode).toBe(401);
    expect((await refresh(t.app, s.refreshToken, u.email)).statusCode).toBe(401);
  });
});

describe('another instance on the same database', () => {
  // Two instances sharing one database, with 3-second access tokens.
  let one: Awaited<ReturnType<typeof createTestApp>>;
  let other: App;
  beforeAll(async () => {
    one = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    other = await buildApp({ config: one.config, dbHandle: one.app.dbHandle, logger: false });
  });
  afterAll(async () => {
    await other.close();
    await one.close();
  });

  it('refuses a token it had not seen at once, and one it had cached within one access-token lifetime', async () => {
    const u = await createUser(one, ALL_PERMISSIONS);
    const seen = await login(one.app, u.email, u.password);
    // A second token of the same user (two logins in one second would sign the same token).
    const unseen = await one.app.tokens.signAccess({
      id: u.id,
      email: u.email,
      userType: USER_TYPES.STAFF,
      permissions: [],
    });
    expect(unseen).not.toBe(seen.token);
    expect((await me(other, seen.token)).statusCode).toBe(200); // cached by the other instance

    await deactivate(one.app, u.id);

    expect((await me(other, unseen)).statusCode).toBe(401);
    expect((await refresh(other, seen.refreshToken, u.email)).statusCode).toBe(401);
    // The other instance's cache holds the token until it expires (3 s here), no longer.
    const { exp } = JSON.parse(
      Buffer.from(seen.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { exp: number };
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 50));
    const late = await me(other, seen.token);
    expect(late.statusCode).toBe(401);
  }, 15_000);
});
