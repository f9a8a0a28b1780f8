import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RATE_LIMITS } from '@dastak/core/constants';
import { eq, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { rateLimited } from './domain-errors';

/**
 * Rate limits (docs/decisions/0052-rate-limits.md). Each rule counts hits on one key in a fixed
 * window that starts with the key's first hit; the numbers live in core's RATE_LIMITS. On
 * PostgreSQL the counters are rows every server shares; PGlite is one server (its data directory
 * is locked), so it counts in memory.
 */
export interface Rule {
  /** What is counted, e.g. `login:<address>:<email>`; stored hashed. */
  key: string;
  max: number;
  windowMs: number;
}

export interface Count {
  /** Hits in the window, this one included. */
  hits: number;
  /** Until the window ends. */
  resetInMs: number;
}

export interface LimitStore {
  /** Counts one hit on each key, atomically; the keys must differ. */
  hit(rules: readonly Rule[]): Promise<Count[]>;
  /** Takes one hit back (a login that succeeded is no failure). */
  undo(key: string): Promise<void>;
  /** Forgets a key (the account and address of a login that succeeded). */
  forget(key: string): Promise<void>;
}

/** Expired counters are dropped at most this often per server. */
const PRUNE_EVERY_MS = 60_000;

/** Keys hold emails and addresses: stored as a hash, so the table and memory hold neither. */
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const counts = new Map<string, { hits: number; expiresAt: number }>();
  let prunedAt = 0;
  const prune = (t: number) => {
    if (t - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = t;
    for (const [k, c] of counts) if (c.expiresAt <= t) counts.delete(k);
  };
  return {
    async hit(rules) {
      const t = now();
      prune(t);
      return rules.map(({ key, windowMs }) => {
        const k = hashKey(key);
        let c = counts.get(k);
        if (!c || c.expiresAt <= t) {
          c = { hits: 0, expiresAt: t + windowMs };
          counts.set(k, c);
        }
        c.hits++;
        return { hits: c.hits, resetInMs: c.expiresAt - t };
      });
    },
    async undo(key) {
      const c = counts.get(hashKey(key));
      if (c && c.hits > 0) c.hits--;
    },
    async forget(key) {
      counts.delete(hashKey(key));
    },
  };
}

/** Counters in the rate_limits table, on the database's clock, so every server agrees. */
export function databaseLimitStore(db: DbHandle['db']): LimitStore {
  let prunedAt = 0;
  // One short delete a minute per server: the table holds only windows still open.
  const prune = async () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  };
  return {
    async hit(rules) {
      await prune();
      const expired = sql`${rateLimits.expiresAt} <= now()`;
      const rows = await db
        .insert(rateLimits)
        .values(
          rules.map((r) => ({
            key: hashKey(r.key),
            hits: 1,
            expiresAt: sql`now() + ${r.windowMs} * interval '1 millisecond'`,
          })),
        )
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
          },
        })
        .returning({
          key: rateLimits.key,
          hits: rateLimits.hits,
          resetInMs: sql<string>`ceil(extract(epoch from ${rateLimits.expiresAt} - now()) * 1000)`,
        });
      const byKey = new Map(rows.map((r) => [r.key, r]));
      return rules.map((r) => {
        const row = byKey.get(hashKey(r.key));
        // The column keeps milliseconds and now() microseconds: the rounded-up difference can
        // read one past the window.
        const resetInMs = Math.min(r.windowMs, Math.max(0, Number(row?.resetInMs ?? 0)));
        return { hits: row?.hits ?? 1, resetInMs };
      });
    },
    async undo(key) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(eq(rateLimits.key, hashKey(key)));
    },
    async forget(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, hashKey(key)));
    },
  };
}

export const limitStoreFor = (handle: DbHandle): LimitStore =>
  handle.kind === 'postgres' ? databaseLimitStore(handle.db) : memoryLimitStore();

/** Whole seconds until a refused caller may try again (Retry-After), at least 1. */
export const retryAfterSeconds = (resetInMs: number) => Math.max(1, Math.ceil(resetInMs / 1000));

export interface Verdict {
  counts: Count[];
  /** Set when a rule's max is passed: the longest wait among the rules passed. */
  retryAfterSeconds?: number;
}

/** Counts a hit on every rule and says whether any is past its max. */
export async function check(store: LimitStore, rules: readonly Rule[]): Promise<Verdict> {
  const counts = await store.hit(rules);
  const waits = rules.flatMap((r, i) => {
    const c = counts[i];
    return c && c.hits > r.max ? [c.resetInMs] : [];
  });
  return waits.length
    ? { counts, retryAfterSeconds: retryAfterSeconds(Math.max(...waits)) }
    : { counts };
}

const L = RATE_LIMITS.LOGIN;

/** The login rules: one account from one address, and one address across accounts. */
export const loginRules = (address: string, email: string) => ({
  pair: {
    key: `login:${address}:${email.toLowerCase()}`,
    max: L.PAIR_MAX,
    windowMs: L.PAIR_WINDOW_MS,
  },
  address: { key: `login-address:${address}`, max: L.ADDRESS_MAX, windowMs: L.ADDRESS_WINDOW_MS },
});

/**
 * The wait before answering the nth attempt on one account from one address: none for the
 * first PAIR_FREE, then doubling from DELAY_BASE_MS up to DELAY_MAX_MS.
 */
export const loginDelayMs = (pairHits: number) =>
  pairHits <= L.PAIR_FREE
    ? 0
    : Math.min(L.DELAY_MAX_MS, L.DELAY_BASE_MS * 2 ** (pairHits - L.PAIR_FREE - 1));

/**
 * Counts a login attempt before the password is checked: refuses (429) past either rule, else
 * waits the pair's delay. Keyed by account and address, an attacker elsewhere slows and locks
 * only themselves. Call the returned function when the login succeeds.
 */
export async function loginAttempt(store: LimitStore, address: string, email: string) {
  const { pair, address: perAddress } = loginRules(address, email);
  const verdict = await check(store, [pair, perAddress]);
  if (verdict.retryAfterSeconds) throw rateLimited(verdict.retryAfterSeconds);
  const wait = loginDelayMs(verdict.counts[0]?.hits ?? 0);
  if (wait) await sleep(wait);
  // A success is no failure: the pair starts again and the address's count takes it back.
  return () => Promise.all([store.forget(pair.key), store.undo(perAddress.key)]).then(() => {});
}

const P = RATE_LIMITS.PUBLIC_LINKS;

/** A public customer call: per link (when the path names one) and a ceiling per address. */
export const publicLinkRules = (address: string, linkId: string | undefined): Rule[] => [
  ...(linkId ? [{ key: `link:${linkId}`, max: P.PER_LINK_MAX, windowMs: P.WINDOW_MS }] : []),
  { key: `public-address:${address}`, max: P.PER_ADDRESS_MAX, windowMs: P.WINDOW_MS },
];

const R = RATE_LIMITS.PASSWORD_RESET;

export const passwordResetRules = (address: string): Rule[] => [
  { key: `password-reset:${address}`, max: R.PER_ADDRESS_MAX, windowMs: R.WINDOW_MS },
];
