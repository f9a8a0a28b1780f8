import { ERRORS, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import { passwordResetTokens, refreshTokens } from '../../db/schema/users';
import { insertRider, seedGeography } from '../../test/fixtures/riders.fixtures';
import { bearer, createTestApp, createUser, login, randomAddress } from '../../test/test-app';
import { REFRESH_REUSE_GRACE_MS, sha256 } from './auth.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, remoteAddress = randomAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth${url}`,
    payload: payload as object,
    remoteAddress,
  });

describe('login', () => {
  it('returns tokens and the user in camelCase, with permissions', async () => {
    const u = await createUser(t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
    const res = await post('/login/', {
      email: u.email.toUpperCase(),
      password: u.password,
      player_id: 'p1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.user).toMatchObject({
      id: u.id,
      firstName: 'Test',
      userType: 3,
      userPermissions: [{ name: 'Can assign order' }],
    });
    expect(body.user.fullName).toBe(`${body.user.firstName} ${body.user.lastName}`);
    expect(res.headers['set-cookie']).toMatch(/dastak_refresh=.*HttpOnly/);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const u = await createUser(t);
    const wrong = await post('/login/', { email: u.email, password: 'wrong-password' });
    const unknown = await post('/login/', { email: 'nobody@test.local', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: ERRORS.INVALID_CREDENTIALS });
    }
  });

  it('validates input with the spec messages and accepts a trailing-slash-less path', async () => {
    const res = await post('/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: [VALIDATION.EMAIL_INVALID],
      password: [VALIDATION.REQUIRED],
    });
  });
  // Login limits (per account and address, per address; Retry-After): security/rate-limits.test.ts.
});

describe('rider app sign-in', () => {
  it('takes a rider by mobile number however typed, or by email; refuses the rest alike', async () => {
    const geo = await seedGeography(t.db);
    const phone = `0345${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const rider = await insertRider(t.db, { regionId: geo.gulberg.id, phone });
    const typed = `+92 ${phone.slice(1, 4)} ${phone.slice(4)}`;
    for (const login of [phone, typed, rider.email.toUpperCase()]) {
      const res = await post('/rider-login/', { login, password: rider.password });
      expect(res.statusCode, login).toBe(200);
      expect(res.json().user).toMatchObject({ id: rider.id, userType: 1 });
    }
    // A staff user's phone is no sign-in; a number two riders share signs neither in; a wrong
    // password is refused with the message an unknown number gets.
    const twin = await insertRider(t.db, { regionId: geo.gulberg.id, phone: '03450000001' });
    await insertRider(t.db, { regionId: geo.gulberg.id, phone: '03450000001' });
    for (const body of [
      { login: typed, password: 'wrong-password' },
      { login: '0300 0000000', password: rider.password },
      { login: '03450000001', password: twin.password },
    ]) {
      const res = await post('/rider-login/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: ERRORS.INVALID_CREDENTIALS });
    }
    const empty = await post('/rider-login/', { login: '', password: '' });
    expect(empty.json().errors).toMatchObject({
      login: [VALIDATION.REQUIRED],
      password: [VALIDATION.REQUIRED],
    });
  });
});

describe('tokens', () => {
  it('a call without a token gets 401, a bad token 401, a missing permission 403', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/me/' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/auth/me/', headers: bearer('abc.def.ghi') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().detail).toBe(ERRORS.INVALID_TOKEN);
    const u = await createUser(t);
    const { token } = await login(t.app, u.email, u.password);
    const me = await t.app.inject({ url: '/api/v1/auth/me/', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(u.email);
  });

  it("an expired access token gives 401 'jwt expired'", async () => {
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '1' });
    try {
      const u = await createUser(short);
      const { token } = await login(short.app, u.email, u.password);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.app.inject({ url: '/api/v1/auth/me/', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'jwt expired' });
    } finally {
      await short.close();
    }
  });

  it('refresh rotates the token; reusing the old one after the grace revokes the family', async () => {
    const u = await createUser(t);
    const first = await login(t.app, u.email, u.password);
    const r1 = await post('/refresh-token', { refresh_token: first.refreshToken, email: u.email });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me/', headers: bearer(second.token) })).statusCode,
    ).toBe(200);

    // Past the grace (ADR 0045), as a thief's replay would usually be.
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000) })
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    const replay = await post('/refresh-token', {
      refresh_token: first.refreshToken,
      email: u.email,
    });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also kills the legitimate newer token.
    const after = await post('/refresh-token', {
      refresh_token: second.refreshToken,
      email: u.email,
    });
    expect(after.statusCode).toBe(401);
  });

  it('a token rotated moments ago still refreshes: a reload or a second tab mid-rotation stays signed in', async () => {
    const u = await createUser(t);
    const first = await login(t.app, u.email, u.password);
    const body = { refresh_token: first.refreshToken, email: u.email };
    // Two tabs (or a reload that lost the answer) present the same token at once and in turn.
    const [a, b] = await Promise.all([post('/refresh-token', body), post('/refresh-token', body)]);
    const c = await post('/refresh-token', body);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    // Every pair works, and each new refresh token rotates on.
    for (const r of [a, b, c]) {
      const pair = r.json();
      expect(
        (await t.app.inject({ url: '/api/v1/auth/me/', headers: bearer(pair.token) })).statusCode,
      ).toBe(200);
      const next = await post('/refresh-token', {
        refresh_token: pair.refreshToken,
        email: u.email,
      });
      expect(next.statusCode).toBe(200);
    }
  });

  it('refresh refuses a token presented with another email', async () => {
    const u = await createUser(t);
    const s = await login(t.app, u.email, u.password);
    const res = await post('/refresh-token', {
      refresh_token: s.refreshToken,
      email: 'other@test.local',
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const u = await createUser(t);
    const s = await login(t.app, u.email, u.password);
    expect((await post('/logout/', { refresh_token: s.refreshToken })).statusCode).toBe(200);
    const res = await post('/refresh-token', { refresh_token: s.refreshToken, email: u.email });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('emails a single-use link through the outbox; the new password works, the old does not', async () => {
    const u = await createUser(t);
    const session = await login(t.app, u.email, u.password);
    const req = await post('/password-reset-request/', { email: u.email });
    expect(req.statusCode).toBe(200);
    expect(req.json()).toEqual({ detail: SUCCESS.PASSWORD_RESET_REQUESTED });

    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'email'));
    const mail = mails
      .map((m) => m.payload as { to: string; text: string })
      .find((p) => p.to === u.email);
    const token = mail?.text.match(/\/app\/password-reset\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const short = await post('/password-reset/', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual([VALIDATION.PASSWORD_MIN]);

    const ok = await post('/password-reset/', { token, password: 'brand-new-pw' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: SUCCESS.PASSWORD_CHANGED });
    const again = await post('/password-reset/', { token, password: 'another-pw' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(ERRORS.INVALID_RESET_TOKEN);

    expect((await post('/login/', { email: u.email, password: u.password })).statusCode).toBe(400);
    await login(t.app, u.email, 'brand-new-pw');
    // Sessions from before the reset are over.
    const old = await post('/refresh-token', {
      refresh_token: session.refreshToken,
      email: u.email,
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.db.select().from(outbox)).length;
    const res = await post('/password-reset-request/', { email: 'ghost@test.local' });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(outbox)).length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const u = await createUser(t);
    await post('/password-reset-request/', { email: u.email });
    const mails = await t.db.select().from(outbox);
    const text = (mails.at(-1)?.payload as { text: string } | undefined)?.text ?? '';
    const token = text.match(/\/app\/password-reset\/([\w-]+)/)?.[1];
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, u.id));
    const res = await post('/password-reset/', { token, password: 'brand-new-pw' });
    expect(res.statusCode).toBe(400);
  });
});
