import { RATE_LIMITS } from '@dastak/core/constants';
import { ERRORS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { type DbHandle, openDb } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import {
  databaseLimitStore,
  type LimitStore,
  loginDelayMs,
  loginRules,
  memoryLimitStore,
} from '../lib/rate-limits';
import { createFixtures, type Fixtures, placeOrder } from '../test/fixtures/orders.fixtures';
import { insertLink, newLinkId } from '../test/fixtures/public-feedback.fixtures';
import { createTestApp, createUser, randomAddress } from '../test/test-app';

/** Rate limits that stop attackers, not users (docs/decisions/0052-rate-limits.md). */

const L = RATE_LIMITS.LOGIN;
const P = RATE_LIMITS.PUBLIC_LINKS;
const ATTACKER = '127.0.0.2';
const USER = '127.0.0.3';

let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
});
afterAll(() => f.t.close());

const login = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password, player_id: 'p' },
    remoteAddress,
  });

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

/** Every 429 says when to come back, within the window that refused it. */
function expectRefused(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ detail: ERRORS.TOO_MANY_REQUESTS });
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
}

/** The next hit's count on one account from one address (the probe counts as a hit). */
const pairHits = async (address: string, email: string) =>
  (await f.t.app.limits.hit([loginRules(address, email).pair]))[0]!.hits;

const statuses = (all: LightMyRequestResponse[]) =>
  all.reduce<Record<number, number>>((m, r) => {
    m[r.statusCode] = (m[r.statusCode] ?? 0) + 1;
    return m;
  }, {});

/** Each password check is a deliberate ~50 ms scrypt, much more on a loaded machine. */
const LOGIN_TEST_MS = 180_000;

describe('login', { timeout: LOGIN_TEST_MS }, () => {
  it('an attacker guessing a named account locks only themselves out; the user signs in at once', async () => {
    const dispatcher = await createUser(f.t, [PERMISSIONS.CAN_ASSIGN_ORDER]);
    // All at once: the count is taken before the password is checked, so a burst is counted too.
    const guesses = await Promise.all(
      Array.from({ length: L.PAIR_MAX + 2 }, (_, i) =>
        login(f.t.app, dispatcher.email, `wrong-${i}`, ATTACKER),
      ),
    );
    expect(statuses(guesses)).toEqual({ 400: L.PAIR_MAX, 429: 2 });
    for (const res of guesses.filter((r) => r.statusCode === 429)) {
      expectRefused(res, L.PAIR_WINDOW_MS);
    }
    // The attacker is refused even with the right password...
    expectRefused(
      await login(f.t.app, dispatcher.email, dispatcher.password, ATTACKER),
      L.PAIR_WINDOW_MS,
    );
    // ...while the real dispatcher, elsewhere, is answered at once: not the attacker's capped
    // wait behind a colleague signing in at the same moment from an address with no history.
    const colleague = await createUser(f.t);
    const [real, control] = await Promise.all([
      timed(() => login(f.t.app, dispatcher.email, dispatcher.password, USER)),
      timed(() => login(f.t.app, colleague.email, colleague.password, randomAddress())),
    ]);
    expect(real.value.statusCode).toBe(200);
    expect(control.value.statusCode).toBe(200);
    expect(real.ms).toBeLessThan(control.ms + L.DELAY_MAX_MS);
    // And their own slate is clean: their next attempt would be the first of a new count.
    expect(await pairHits(USER, dispatcher.email)).toBe(1);
  });

  it('slows an account+address down after a few failures, and a success starts it again', async () => {
    const u = await createUser(f.t);
    const address = randomAddress();
    const times: number[] = [];
    for (let i = 0; i < L.PAIR_FREE + 2; i++) {
      const { value, ms } = await timed(() => login(f.t.app, u.email, 'wrong-one', address));
      expect(value.statusCode).toBe(400);
      times.push(ms);
    }
    // The (PAIR_FREE+1)th waits the base delay, the next twice that.
    expect(times[L.PAIR_FREE]).toBeGreaterThanOrEqual(L.DELAY_BASE_MS);
    expect(times[L.PAIR_FREE + 1]).toBeGreaterThanOrEqual(2 * L.DELAY_BASE_MS);
    expect(loginDelayMs(L.PAIR_FREE)).toBe(0);
    expect(loginDelayMs(L.PAIR_MAX)).toBe(L.DELAY_MAX_MS);
    // The right password still works (after its wait), then the pair starts again.
    expect((await login(f.t.app, u.email, u.password, address)).statusCode).toBe(200);
    expect(await pairHits(address, u.email)).toBe(1);
  });

  it('refuses password spraying: one address failing across many accounts', async () => {
    const address = randomAddress();
    // At once, so all fall in one minute however slow the password checks are.
    const answers = await Promise.all(
      Array.from({ length: L.ADDRESS_MAX + 2 }, (_, i) =>
        login(f.t.app, `spray${i}@test.local`, 'Summer2026!', address),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: L.ADDRESS_MAX, 429: 2 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expectRefused(res, L.ADDRESS_WINDOW_MS);
    }
    // Another address is not affected.
    expect((await login(f.t.app, 'spray0@test.local', 'x', randomAddress())).statusCode).toBe(400);
  });

  it('a successful login does not count toward the per-address ceiling (colleagues behind one NAT)', async () => {
    const u = await createUser(f.t);
    const address = randomAddress();
    expect((await login(f.t.app, u.email, 'wrong-one', address)).statusCode).toBe(400);
    expect((await login(f.t.app, u.email, u.password, address)).statusCode).toBe(200);
    // One failure counted; the success taken back (this probe is the second hit).
    const { address: perAddress } = loginRules(address, u.email);
    expect((await f.t.app.limits.hit([perAddress]))[0]!.hits).toBe(2);
  });
});

describe('public customer links', () => {
  const live = (id: string, remoteAddress: string) =>
    f.t.app.inject({
      method: 'GET',
      url: `/api/v1/location/rider-live-location/${id}/`,
      remoteAddress,
    });

  it('15 customers behind one address each poll their tracking page every 10 s for a minute', async () => {
    const nat = randomAddress();
    const links = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const order = await placeOrder(f);
        return (await insertLink(f.t, 'riderLiveLocation', { orderId: order.id, expires: false }))
          .id;
      }),
    );
    // A minute of polling, compressed: six rounds of every link.
    const answers: LightMyRequestResponse[] = [];
    for (let round = 0; round < 6; round++) {
      answers.push(...(await Promise.all(links.map((id) => live(id, nat)))));
    }
    expect(statuses(answers)).toEqual({ 200: 15 * 6 });
  });

  it('one link hammered gets 429 with Retry-After; other links from the same address do not', async () => {
    const order = await placeOrder(f);
    const { id } = await insertLink(f.t, 'riderLiveLocation', {
      orderId: order.id,
      expires: false,
    });
    const other = (
      await insertLink(f.t, 'riderLiveLocation', { orderId: order.id, expires: false })
    ).id;
    const address = randomAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < P.PER_LINK_MAX + 1; i++) answers.push(await live(id, address));
    expect(statuses(answers.slice(0, P.PER_LINK_MAX))).toEqual({ 200: P.PER_LINK_MAX });
    expectRefused(answers.at(-1)!, P.WINDOW_MS);
    // From anywhere: the budget is the link's.
    expectRefused(await live(id, randomAddress()), P.WINDOW_MS);
    expect((await live(other, address)).statusCode).toBe(200);
  });

  it('one address is refused past its ceiling across links (guessing ids costs)', async () => {
    const address = randomAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < P.PER_ADDRESS_MAX + 1; i++) answers.push(await live(newLinkId(), address));
    expect(statuses(answers.slice(0, P.PER_ADDRESS_MAX))).toEqual({ 404: P.PER_ADDRESS_MAX });
    expectRefused(answers.at(-1)!, P.WINDOW_MS);
  });
});

it('the API document lists 429 with Retry-After on the limited routes', async () => {
  const doc = (await f.t.app.inject({ url: '/api/docs/json' })).json();
  expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
  for (const [path, method] of [
    ['/api/v1/auth/login/', 'post'],
    ['/api/v1/auth/password-reset-request/', 'post'],
    ['/api/v1/location/rider-live-location/{id}/', 'get'],
  ]) {
    expect(doc.paths[path!][method!].responses['429'], path).toBeDefined();
  }
});

/**
 * The stores' contract, on this run's engine: the database store's statements run on PGlite
 * and PostgreSQL alike (PGlite servers count in memory, but the SQL is the same).
 */
describe.each([
  ['memory', () => memoryLimitStore()],
  ['database', () => databaseLimitStore(f.t.db)],
] as [string, () => LimitStore][])('the %s store', (_name, make) => {
  const rule = (key: string, windowMs = 60_000) => ({ key, max: 3, windowMs });

  it('counts hits per key atomically, takes one back, forgets a key', async () => {
    const store = make();
    const key = `k-${newLinkId()}`;
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => store.hit([rule(key), rule(`${key}-b`)])),
    );
    expect(counts.map((c) => c[0]!.hits).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    for (const [c] of counts) {
      expect(c!.resetInMs).toBeGreaterThan(50_000);
      expect(c!.resetInMs).toBeLessThanOrEqual(60_000);
    }
    await store.undo(key);
    expect((await store.hit([rule(key)]))[0]!.hits).toBe(10);
    await store.forget(key);
    expect((await store.hit([rule(key)]))[0]!.hits).toBe(1);
    expect((await store.hit([rule(`${key}-b`)]))[0]!.hits).toBe(11);
  });

  it('starts a new window once the last one ended', async () => {
    const store = make();
    const key = `w-${newLinkId()}`;
    await store.hit([rule(key, 50)]);
    await store.hit([rule(key, 50)]);
    await new Promise((r) => setTimeout(r, 120));
    expect((await store.hit([rule(key, 50)]))[0]!.hits).toBe(1);
  });
});

it('the database store keeps no email or address, only hashes, and prunes ended windows', async () => {
  await f.t.db.insert(rateLimits).values({
    key: 'ended',
    hits: 3,
    expiresAt: sql`now() - interval '1 second'`,
  });
  // A new store prunes on its first hit, then at most once a minute.
  const store = databaseLimitStore(f.t.db);
  await store.hit([{ key: 'login:203.0.113.5:someone@test.local', max: 1, windowMs: 60_000 }]);
  const keys = (await f.t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
  expect(keys).not.toContain('ended');
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.some((k) => k.includes('@') || k.includes('203.0.113'))).toBe(false);
});

/**
 * Two servers on one database count together. PostgreSQL only: a PGlite data directory is
 * locked by its one server, which counts in memory (the database store's SQL is tested on
 * PGlite above).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two servers on one PostgreSQL database',
  { timeout: LOGIN_TEST_MS },
  () => {
    let b: { app: App; handle: DbHandle };
    beforeAll(async () => {
      const pool = (f.t.db as unknown as { $client: pg.Pool }).$client;
      const handle = await openDb({ databaseUrl: pool.options.connectionString as string });
      b = { app: await buildApp({ config: f.t.config, dbHandle: handle, logger: false }), handle };
    });
    afterAll(async () => {
      await b?.app.close();
      await b?.handle.close();
    });

    it("the second server sees the first's count: guesses split across both stop at one bound", async () => {
      const u = await createUser(f.t);
      const address = randomAddress();
      const guesses = await Promise.all(
        Array.from({ length: L.PAIR_MAX }, (_, i) =>
          login(i % 2 ? b.app : f.t.app, u.email, `wrong-${i}`, address),
        ),
      );
      expect(statuses(guesses)).toEqual({ 400: L.PAIR_MAX });
      expectRefused(await login(b.app, u.email, `wrong-last`, address), L.PAIR_WINDOW_MS);
      expectRefused(await login(f.t.app, u.email, `wrong-last`, address), L.PAIR_WINDOW_MS);
      const [row] = (
        (await f.t.db.execute(sql`select count(*)::int as n from rate_limits`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(row!.n).toBeGreaterThan(0);
    });
  },
);
