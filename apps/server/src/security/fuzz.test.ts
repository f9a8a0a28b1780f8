import { ALL_PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../demo/generate';
import type { RouteEntry } from '../plugins/auth';
import { apiRoutes, fhirRoutes, fieldsOf, isFhirUrl } from '../test/route-walk';
import { bearer, createTestApp, createUser, login } from '../test/test-app';
import {
  changedTables,
  checkAnswer,
  checkFhirAnswer,
  fhirQueryOf,
  fingerprinter,
  HOSTILE_BODIES,
  HOSTILE_IDS,
  HOSTILE_VALUES,
  materialize,
  objectOf,
  queryOf,
  queryString,
  RawUrl,
  validish,
} from './fuzz-kit';

/**
 * A property-based fuzzer over every /api/v1 and /fhir route of the route table (routes added later are
 * walked without a change here), docs/decisions/0031-fuzzing-and-limits.md. Each route gets
 * RUNS requests built from its own schemas (valid-ish values) mixed with hostile ones: wrong
 * types, huge strings, deep JSON, NUL and broken unicode, huge and negative numbers, broken JSON,
 * wrong content types, path ids that are not ids, arrays for scalars, extra keys. Mostly as an
 * admin (a rider on rider routes), some as another role, anonymous or with a forged token.
 *
 * Every answer: no 5xx; no stack frame, SQL or path in the body; a 4xx is `{detail}` (plus
 * `errors` on a 400) in core's sentences. After every answer the database is checked (a cheap
 * transaction counter, then a fingerprint of every table when something wrote): a refused (4xx)
 * request must have changed nothing; a success may write, and becomes the new baseline.
 *
 * Reproduce a failure with the seed printed: FUZZ_SEED=<seed> npx vitest run ... ; FUZZ_RUNS
 * changes the requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 125);

const t = await createTestApp();
// A small demo world, so ids 1, 2, 3 name real customers, orders, riders and lookups, and
// valid-ish requests can succeed (and write) as well as be refused.
await generateDemoData(t.db, { orders: 40, staffPassword: 'demo-pass', seed: 7 });
const u = await createUser(t, ALL_PERMISSIONS);
const admin = bearer((await login(t.app, u.email, u.password)).token);
// Two demo riders: the second is the first's twin for the routes that end sessions (below).
const [demoRider, twinRider] = (
  (await t.db.execute(
    sql`select id, email from users where user_type = ${USER_TYPES.RIDER} order by id limit 2`,
  )) as unknown as { rows: { id: number; email: string }[] }
).rows;
const rider = bearer(
  await t.app.tokens.signAccess({
    id: demoRider?.id ?? 999_999,
    email: demoRider?.email ?? 'rider@test.local',
    userType: USER_TYPES.RIDER,
    permissions: [],
  }),
);
// The admin's twin, with the same permissions: see SESSION_OF.
const twinAdmin = await createUser(t, ALL_PERMISSIONS);
const fingerprint = await fingerprinter(t.db);
afterAll(() => t.close());

/**
 * Every API route but the realtime stream: a valid request opens a server-sent event stream that
 * only ends when the client goes, so app.inject would wait forever (its refusals are covered in
 * realtime.test.ts and by the hostile-input suite).
 */
const ROUTES = [...apiRoutes(t.app), ...fhirRoutes(t.app)].filter(
  (r) => r.url !== '/api/v1/realtime/stream',
);

const WHO = {
  admin,
  rider,
  anonymous: {},
  forged: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MX0.' },
  basic: { authorization: 'Basic YWRtaW46YWRtaW4=' },
} as Record<string, Record<string, string>>;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; name: string; contentType: string; text: string };

function requestArbitrary(r: RouteEntry) {
  const own = r.access === ROUTE_ACCESS.RIDER ? 'rider' : 'admin';
  const who = fc.oneof(
    { arbitrary: fc.constant(own), weight: 17 },
    { arbitrary: fc.constantFrom('admin', 'rider', 'anonymous', 'forged', 'basic'), weight: 3 },
  );
  const id = fc.oneof(
    { arbitrary: fc.constantFrom('1', '2', '3'), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_IDS), weight: 2 },
  );
  const vertical = fc.oneof(
    { arbitrary: fc.constant('blood'), weight: 8 },
    { arbitrary: fc.constantFrom('BLOOD', 'x', '1', 'blood%00', 'constructor'), weight: 1 },
  );
  const schema = r.schema?.body;
  const json = fieldsOf(schema).length
    ? objectOf(schema)
    : schema
      ? validish(schema as never)
      : fc.constant({});
  const body: fc.Arbitrary<Body> =
    r.method === 'GET'
      ? fc.oneof(
          { arbitrary: fc.constant({ kind: 'none' as const }), weight: 9 },
          {
            arbitrary: fc
              .constantFrom(...HOSTILE_BODIES)
              .map((b) => ({ kind: 'raw' as const, ...b })),
            weight: 1,
          },
        )
      : fc.oneof(
          { arbitrary: json.map((value) => ({ kind: 'json' as const, value })), weight: 12 },
          {
            arbitrary: fc
              .constantFrom(...HOSTILE_VALUES)
              .map((value) => ({ kind: 'json' as const, value })),
            weight: 1,
          },
          {
            arbitrary: fc
              .constantFrom(...HOSTILE_BODIES)
              .map((b) => ({ kind: 'raw' as const, ...b })),
            weight: 3,
          },
          { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
        );
  // The rider app's writes take an Idempotency-Key (ADR 0062): a few keys shared across the
  // routes and bodies (replays and REPLAY_DIFFERS), and keys of the wrong length.
  const idempotencyKey =
    r.access === ROUTE_ACCESS.RIDER && r.method !== 'GET'
      ? fc.option(
          fc.constantFrom(
            'fuzz-key-0001',
            'fuzz-key-0002',
            'short',
            'k'.repeat(101),
            ' '.repeat(9),
          ),
          { freq: 2 },
        )
      : fc.constant(null);
  return fc.record({
    who,
    id,
    vertical,
    query: isFhirUrl(r.url) ? fhirQueryOf() : queryOf(r.schema?.querystring),
    body,
    idempotencyKey,
  });
}

type Spec = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer S> ? S : never;

const urlPart = (v: string | RawUrl) => (v instanceof RawUrl ? v.text : encodeURIComponent(v));

const stats = {
  requests: 0,
  byStatus: {} as Record<string, number>,
  dbChecks: 0,
  fullFingerprints: 0,
  refusedWrites: 0,
  ms: 0,
};
let baseline: Record<string, string> = {};
let lastXid = 0n;
let seq = 0;

/** A full fingerprint, the new baseline; the transaction counter read after it. */
async function rebase() {
  stats.fullFingerprints++;
  baseline = await fingerprint.full();
  lastXid = await fingerprint.xid();
}

/**
 * After each answer: did anything write since the last? txid_current() is one more than its
 * previous call when no transaction wrote in between (a transaction gets an id only when it
 * writes), so most checks cost one cheap query. When something did write, the full fingerprint
 * says what; a refused request that changed it fails here, named exactly. (A write rolled back
 * uses an id too but changes no fingerprint: allowed.)
 */
async function checkDatabase(status: number, what: string) {
  stats.dbChecks++;
  const xid = await fingerprint.xid();
  if (xid === lastXid + 1n) {
    lastXid = xid;
    return;
  }
  const before = baseline;
  await rebase();
  const changed = changedTables(before, baseline);
  if (status >= 400 && changed.length) {
    stats.refusedWrites++;
    throw new Error(
      `${what}\n  -> refused with ${status} but changed the database:\n  ${changed.join('\n  ')}`,
    );
  }
}

/**
 * Routes that end the caller's session or all of a user's (ADR 0053). Each call is made by the
 * caller's twin (same user type and permissions) in a session of its own: "sign out everywhere"
 * as the admin itself ended the admin's session, and every route walked after it was answered
 * 401 (87 % of the requests, until each route's run started checking the sessions below).
 */
const ENDS_SESSIONS = /\/auth\/logout|\/sessions\/end-all|\/deactivate/;
const SESSION_OF: Record<string, { id: number; email: string; userType: number } | undefined> = {
  admin: { id: twinAdmin.id, email: twinAdmin.email, userType: USER_TYPES.STAFF },
  rider: twinRider && { id: twinRider.id, email: twinRider.email, userType: USER_TYPES.RIDER },
};

/** Whether the admin's and the rider's sessions still answer: a route's run must not end them. */
async function sessionsAlive() {
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers, remoteAddress: '10.9.9.9' });
  return { admin: (await me(admin)).statusCode, rider: (await me(rider)).statusCode };
}

async function send(r: RouteEntry, spec: Spec) {
  const path = r.url.replace(/:vertical\b/g, spec.vertical).replace(/:\w+/g, urlPart(spec.id));
  const url = path + queryString(spec.query);
  const headers: Record<string, string> = { ...WHO[spec.who] };
  if (spec.idempotencyKey !== null) headers['idempotency-key'] = spec.idempotencyKey;
  const own = ENDS_SESSIONS.test(r.url) ? SESSION_OF[spec.who] : undefined;
  if (own) {
    Object.assign(headers, bearer(await t.app.tokens.signAccess({ ...own, permissions: [] })));
    await rebase(); // the new session row is the test's write, not the request's
  }
  let payload: string | undefined;
  if (spec.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(materialize(spec.body.value)) ?? '';
  } else if (spec.body.kind === 'raw') {
    headers['content-type'] = spec.body.contentType;
    payload = spec.body.text;
  }
  seq++;
  const remoteAddress = `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255 || 1}`;
  const started = performance.now();
  const res = await t.app.inject({
    method: r.method as 'GET',
    url,
    headers,
    remoteAddress,
    ...(payload !== undefined ? { payload } : {}),
  });
  stats.ms += performance.now() - started;
  stats.requests++;
  const bucket = `${res.statusCode}`;
  stats.byStatus[bucket] = (stats.byStatus[bucket] ?? 0) + 1;
  const what = `${r.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url} as ${spec.who}${
    payload !== undefined
      ? ` body ${payload.length > 200 ? `${payload.slice(0, 200)}…` : payload}`
      : ''
  }`;
  const problem = (isFhirUrl(r.url) ? checkFhirAnswer : checkAnswer)(
    res.statusCode,
    res.body,
    String(res.headers['content-type'] ?? ''),
  );
  if (problem) throw new Error(`${what}\n  -> ${problem}\n  body: ${res.body.slice(0, 400)}`);
  await checkDatabase(res.statusCode, what);
}

/** A route's own seed, so adding a route does not change the requests made to the others. */
const seedOf = (r: RouteEntry) => {
  let x = SEED;
  for (const c of `${r.method} ${r.url}`) x = (Math.imul(x, 31) + c.charCodeAt(0)) | 0;
  return x;
};

describe(`fuzzing every route (seed ${SEED}, ${RUNS} requests a route)`, () => {
  it('walks the whole route table', () => {
    expect(ROUTES.length).toBeGreaterThan(70);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, r) => {
    await rebase();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(r), (spec) => send(r, spec)),
      { seed: seedOf(r), numRuns: RUNS, endOnFailure: true },
    );
    // Else every route walked after this one would be fuzzed as a stranger, not as its user.
    expect(await sessionsAlive()).toEqual({ admin: 200, rider: 200 });
    await rebase(); // the checks' own session reads
  });

  it('made at least 10,000 requests with no 5xx, no leak and no refused write', () => {
    console.log(
      `fuzz: seed ${SEED}, ${stats.requests} requests over ${ROUTES.length} routes, ` +
        `${stats.dbChecks} database checks (${stats.fullFingerprints} full), ${Math.round(stats.ms)} ms in the app; by status ` +
        JSON.stringify(stats.byStatus),
    );
    expect(stats.requests).toBeGreaterThanOrEqual(10_000);
    expect(Object.keys(stats.byStatus).filter((s) => Number(s) >= 500)).toEqual([]);
  });
});
