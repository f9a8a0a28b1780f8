import { ERRORS } from '@dastak/core/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, login, randomAddress } from '../../test/test-app';
import { verifiedTokenCache } from './tokens';

const user = (id: number) => ({
  id,
  email: `u${id}@test.local`,
  userType: 1,
  permissions: [],
  sessionId: `s${id}`,
});

describe('verified access tokens (cache)', () => {
  it("a deactivated user's token, already verified and cached, follows ADR 0008: refresh refused at once, the token refused once it expires", async () => {
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    try {
      const u = await createUser(short);
      const s = await login(short.app, u.email, u.password);
      const me = () => short.app.inject({ url: '/api/v1/auth/me/', headers: bearer(s.token) });
      expect((await me()).statusCode).toBe(200); // verified, now cached

      await short.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
      const refresh = await short.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        payload: { refresh_token: s.refreshToken, email: u.email },
        remoteAddress: randomAddress(),
      });
      expect(refresh.statusCode).toBe(401);

      // The access token runs out on time, cached or not: the console's refresh then fails.
      const { exp } = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString());
      await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 50));
      const expired = await me();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: ERRORS.JWT_EXPIRED });
    } finally {
      await short.close();
    }
  });

  it('keeps the most recently used tokens when full, and forgets a token at its expiry', () => {
    const cache = verifiedTokenCache(2);
    const now = 1_000_000;
    cache.set('a', user(1), now + 60_000);
    cache.set('b', user(2), now + 60_000);
    expect(cache.get('a', now)?.id).toBe(1); // 'a' is now the most recent
    cache.set('c', user(3), now + 60_000); // full: 'b', the least recent, goes
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('a', now)?.id).toBe(1);
    expect(cache.get('c', now)?.id).toBe(3);
    expect(cache.get('c', now + 60_000)).toBeUndefined(); // the second the token expires
    expect(cache.get('c', now)).toBeUndefined(); // and it is gone
  });
});
