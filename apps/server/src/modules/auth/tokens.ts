import { ERRORS } from '@dastak/core/messages';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../../lib/http-errors';

/** What an access token carries: enough to authorise a request without a database read. */
export interface AuthUser {
  id: number;
  email: string;
  userType: number;
  permissions: string[];
}

export interface TokenService {
  signAccess(user: AuthUser): Promise<string>;
  /** Throws 401 'jwt expired' for an expired token (the console refreshes on exactly that). */
  verifyAccess(token: string): Promise<AuthUser>;
  /** The user of a token verified before and not expired yet, without a promise; else undefined. */
  knownAccess(token: string): AuthUser | undefined;
}

/**
 * Verified tokens, kept until they expire. Why: verifying an HS256 token through jose costs about
 * 0.2 ms of CPU, a tenth of a list request, and a console sends the same token all day. The
 * signature of a given token string never changes, so only the expiry needs checking again, and
 * a cached token is refused from the same second jose would refuse it ('jwt expired'). Nothing
 * else about an access token is checked per request (ADR 0008: deactivation blocks the refresh;
 * the access token runs out), so the cache changes no answer. Bounded, least recently used first
 * out: 10,000 tokens is a few MB, well past the sessions of one deployment (ADR 0022).
 */
export const VERIFIED_TOKENS_MAX = 10_000;

/** A Map in use order: a hit moves its token to the end, the first entry is the least recent. */
export function verifiedTokenCache(max: number) {
  const entries = new Map<string, { user: AuthUser; expiresAtMs: number }>();
  return {
    get(token: string, nowMs: number): AuthUser | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      if (entry.expiresAtMs <= nowMs) return undefined;
      entries.set(token, entry);
      return entry.user;
    },
    set(token: string, user: AuthUser, expiresAtMs: number) {
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(token, { user, expiresAtMs });
    },
  };
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = verifiedTokenCache(VERIFIED_TOKENS_MAX);
  return {
    async signAccess(user) {
      return new SignJWT({ email: user.email, typ: user.userType, perms: user.permissions })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    knownAccess: (token) => verified.get(token, Date.now()),
    async verifyAccess(token) {
      const known = verified.get(token, Date.now());
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // Frozen: one object now serves every request that carries this token.
        const user: AuthUser = Object.freeze({
          id: Number(payload.sub),
          email: String(payload.email),
          userType: Number(payload.typ),
          permissions: Object.freeze(
            Array.isArray(payload.perms) ? payload.perms.map(String) : [],
          ) as string[],
        });
        // A token without an expiry (never signed here) is verified every time.
        if (payload.exp !== undefined) verified.set(token, user, payload.exp * 1000);
        return user;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized(ERRORS.JWT_EXPIRED);
        throw unauthorized(ERRORS.INVALID_TOKEN);
      }
    },
  };
}
