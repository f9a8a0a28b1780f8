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
  /** Ends the user's access tokens in this instance at once (deactivation, deletion: ADR 0030). */
  forgetUser(userId: number): void;
}

/** Whether a user may still use their tokens: exists and is active (read once per token). */
export type UserGate = (userId: number) => Promise<boolean>;

/**
 * Verified tokens, kept until they expire. Why: verifying an HS256 token through jose costs about
 * 0.2 ms of CPU, a tenth of a list request, and a console sends the same token all day. The
 * signature of a given token string never changes, so only the expiry needs checking again, and
 * a cached token is refused from the same second jose would refuse it ('jwt expired'). The user
 * is checked (exists, active) once, when a token is first verified, not per request; deactivating
 * a user drops their tokens from this instance's cache, and another instance's cache holds them at
 * most one access-token lifetime (ADR 0030). Bounded, least recently used first out: 10,000 tokens
 * is a few MB, well past the sessions of one deployment (ADR 0022).
 */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Least recently used by a use stamp on each entry. Why not a Map kept in use order (a hit
 * deleting and re-inserting its token): every request then churned the Map's table, which showed
 * as a few per cent of a small request's CPU (issue 18); a stamp is one store. The cost moves to
 * eviction, a walk over the entries, which only happens past `max` live tokens.
 */
export function verifiedTokenCache(max: number) {
  const entries = new Map<string, { user: AuthUser; expiresAtMs: number; used: number }>();
  let uses = 0;
  return {
    get(token: string, nowMs: number): AuthUser | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAtMs <= nowMs) {
        entries.delete(token);
        return undefined;
      }
      entry.used = ++uses;
      return entry.user;
    },
    set(token: string, user: AuthUser, expiresAtMs: number) {
      if (entries.size >= max && !entries.has(token)) {
        let oldest: string | undefined;
        let oldestUse = Number.POSITIVE_INFINITY;
        for (const [t, e] of entries) {
          if (e.used < oldestUse) {
            oldestUse = e.used;
            oldest = t;
          }
        }
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { user, expiresAtMs, used: ++uses });
    },
    /** Drops every token of the user (rare: a walk over at most `max` entries). */
    dropUser(userId: number) {
      for (const [token, entry] of entries) if (entry.user.id === userId) entries.delete(token);
    },
  };
}

export function createTokenService(
  secret: string,
  ttlSeconds: number,
  /** Without a gate (unit use) a valid signature is enough. */
  userGate?: UserGate,
): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = verifiedTokenCache(VERIFIED_TOKENS_MAX);
  // Bumped by forgetUser: a verification that was in flight across it does not cache its answer.
  let forgets = 0;
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
    forgetUser(userId) {
      forgets++;
      verified.dropUser(userId);
    },
    async verifyAccess(token) {
      const known = verified.get(token, Date.now());
      if (known) return known;
      const forgetsBefore = forgets;
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized(ERRORS.JWT_EXPIRED);
        throw unauthorized(ERRORS.INVALID_TOKEN);
      }
      // Frozen: one object now serves every request that carries this token.
      const user: AuthUser = Object.freeze({
        id: Number(payload.sub),
        email: String(payload.email),
        userType: Number(payload.typ),
        permissions: Object.freeze(
          Array.isArray(payload.perms) ? payload.perms.map(String) : [],
        ) as string[],
      });
      // A deleted or deactivated user's token: refused, and checked again if presented again.
      if (!Number.isSafeInteger(user.id) || (userGate && !(await userGate(user.id))))
        throw unauthorized(ERRORS.INVALID_TOKEN);
      // A token without an expiry (never signed here) is verified every time.
      if (payload.exp !== undefined && forgets === forgetsBefore) {
        verified.set(token, user, payload.exp * 1000);
      }
      return user;
    },
  };
}
