import { API_KEY_PREFIX } from '@dastak/core/entities/api-keys';
import { ERRORS } from '@dastak/core/messages';
import { API_KEY_MESSAGES } from '@dastak/core/messages/api-keys';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthenticated } from '../../lib/domain-errors';

/**
 * Who a request acts for: the user of the token's session, with the user's permissions as they
 * are now (read from the database when the token is first seen, not taken from the token).
 */
export interface AuthUser {
  id: number;
  email: string;
  userType: number;
  permissions: string[];
  /** The session the token belongs to (sessions table; ADR 0053); `api-key:<id>` for a key. */
  sessionId: string;
  /**
   * Set when the request carries an API key (ADR 0066): the principal is then the key, acting
   * for its creator (`id`), with the key's scopes as its only permissions.
   */
  apiKey?: { id: number; name: string; prefix: string; rateLimitPerMinute: number };
}

/** What a token is signed for: without a session id, signAccess starts a session (tests, benches). */
export type AccessClaims = Omit<AuthUser, 'sessionId'> & { sessionId?: string };

export interface TokenService {
  signAccess(user: AccessClaims): Promise<string>;
  /** Throws 401 'jwt expired' for an expired token (the console refreshes on exactly that). */
  verifyAccess(token: string): Promise<AuthUser>;
  /** The user of a token verified before and not expired yet, without a promise; else undefined. */
  knownAccess(token: string): AuthUser | undefined;
  /**
   * Drops the user's verified tokens in this instance, so their next request reads the session
   * and the user again (a session ended, permissions changed: ADR 0053). Other instances do the
   * same on the notice the change published.
   */
  forgetUser(userId: number): void;
  /** Drops every verified token (the notice channel was lost: a notice may have been missed). */
  forgetAll(): void;
  /** The session and user a token was signed for, expired or not (logout): signature checked. */
  sessionOf(token: string): Promise<{ userId: number; sessionId: string } | undefined>;
}

/**
 * API keys, as the token service needs them (api-keys module behind it, wired in app.ts): the
 * principal of a key, or undefined when no live key has it (unknown, revoked, creator inactive).
 */
export interface ApiKeyStore {
  load(key: string): Promise<AuthUser | undefined>;
}

/**
 * How long a verified API key is kept. A revocation drops it at once in every instance (the
 * notice channel, as for sessions); this only bounds how long a missed notice could matter.
 */
export const API_KEY_CACHE_MS = 5 * 60_000;

/** The sessions table, as the token service needs it (auth.repository.ts behind it). */
export interface SessionStore {
  /** Starts a session for the user (a token signed without one): what a login does. */
  start(userId: number): Promise<string>;
  /**
   * The session's user as they are now; undefined when the session ended, or the user is gone
   * or inactive.
   */
  load(sessionId: string, userId: number): Promise<Omit<AuthUser, 'sessionId'> | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verified tokens, kept until they expire. Why: verifying an HS256 token through jose costs about
 * 0.2 ms of CPU, a tenth of a list request, and a console sends the same token all day. The
 * signature of a given token string never changes, so only the expiry needs checking again, and
 * a cached token is refused from the same second jose would refuse it ('jwt expired'). The session
 * and its user (session live, user active, permissions now) are read once, when a token is first
 * verified, not per request; a change to either drops the user's tokens from the cache of every
 * instance through the notice channel (ADR 0053), so the next request reads them again. Bounded, least recently used first out: 10,000 tokens
 * is a few MB, well past the sessions of one deployment (ADR 0022).
 */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Least recently used by a use stamp on each entry. Why not a Map kept in use order (a hit
 * deleting and re-inserting its token): every request then churned the Map's table, which showed
 * as a few per cent of a small request's CPU (ADR 0022); a stamp is one store. The cost moves to
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
    clear() {
      entries.clear();
    },
  };
}

export function createTokenService(
  secret: string,
  ttlSeconds: number,
  sessions: SessionStore,
  apiKeys?: ApiKeyStore,
): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = verifiedTokenCache(VERIFIED_TOKENS_MAX);
  // Bumped by forgetUser: a verification that was in flight across it does not cache its answer.
  let forgets = 0;
  return {
    async signAccess(user) {
      const sid = user.sessionId ?? (await sessions.start(user.id));
      // perms stays for clients that read it; the server reads the user's permissions instead.
      return new SignJWT({ email: user.email, typ: user.userType, perms: user.permissions, sid })
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
    forgetAll() {
      forgets++;
      verified.clear();
    },
    async sessionOf(token) {
      try {
        // Logout works with an expired token: the signature is what proves the session.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(0),
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId))
          return undefined;
        return { userId, sessionId };
      } catch {
        return undefined;
      }
    },
    async verifyAccess(token) {
      const known = verified.get(token, Date.now());
      if (known) return known;
      const forgetsBefore = forgets;
      // An API key (ADR 0066): one lookup by its hash, then kept like a token. Its principal
      // carries the creator's id, so a revocation drops it with forgetUser(creator) everywhere.
      if (token.startsWith(API_KEY_PREFIX)) {
        const principal = apiKeys ? await apiKeys.load(token) : undefined;
        if (!principal) throw unauthenticated(API_KEY_MESSAGES.INVALID_KEY);
        const user: AuthUser = Object.freeze({
          ...principal,
          permissions: Object.freeze([...principal.permissions]) as string[],
        });
        if (forgets === forgetsBefore) verified.set(token, user, Date.now() + API_KEY_CACHE_MS);
        return user;
      }
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthenticated(ERRORS.JWT_EXPIRED);
        throw unauthenticated(ERRORS.INVALID_TOKEN);
      }
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId)) throw unauthenticated(ERRORS.INVALID_TOKEN);
      // Signed before tokens named their session (an upgrade): the console refreshes on
      // 'jwt expired', and the refresh gives it a token of the session (ADR 0053).
      if (typeof sessionId !== 'string') throw unauthenticated(ERRORS.JWT_EXPIRED);
      // An ended session, a deleted or deactivated user: refused, and read again if presented again.
      const now = UUID.test(sessionId) ? await sessions.load(sessionId, userId) : undefined;
      if (!now) throw unauthenticated(ERRORS.INVALID_TOKEN);
      // Frozen: one object now serves every request that carries this token.
      const user: AuthUser = Object.freeze({
        ...now,
        id: userId,
        sessionId,
        permissions: Object.freeze([...now.permissions]) as string[],
      });
      // A token without an expiry (never signed here) is verified every time.
      if (payload.exp !== undefined && forgets === forgetsBefore) {
        verified.set(token, user, payload.exp * 1000);
      }
      return user;
    },
  };
}
