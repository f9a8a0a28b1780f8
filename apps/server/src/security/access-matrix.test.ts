import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES } from '@dastak/core/entities/api-keys';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROUTE_ACCESS,
} from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import type { RouteEntry } from '../plugins/auth';
import { createFixtures, createRider, placeOrder } from '../test/fixtures/orders.fixtures';
import { apiRoutes, fhirRoutes, fillPath, isFhirUrl } from '../test/route-walk';
import { bearer, createTestApp, createUser, login } from '../test/test-app';
import { dbFingerprint } from './db-fingerprint';

/**
 * Every /api/v1 and /fhir route of the route table against every kind of caller (ADR 0030). The expected
 * answer comes from the route's declared access and the caller's identity alone, so a route added
 * later is in the matrix without a line here.
 */

type Identity =
  | { kind: 'staff'; permissions: readonly string[] }
  | { kind: 'rider' }
  /** An API key (ADR 0066): only routes gated by a permission among its scopes. */
  | { kind: 'apiKey'; scopes: readonly string[] }
  /** No identity the server may accept: anonymous, expired, forged, gone. */
  | { kind: 'none' };

interface Principal {
  name: string;
  headers: Record<string, string>;
  identity: Identity;
}

type Expected = 'allowed' | 401 | 403;

/** What the declaration promises: the semantics of ROUTE_ACCESS (permissions.ts, ADR 0010). */
function expected(access: string | undefined, who: Identity): Expected {
  if (access === ROUTE_ACCESS.PUBLIC) return 'allowed';
  if (who.kind === 'none') return 401;
  if (who.kind === 'apiKey') {
    const staffWide = [ROUTE_ACCESS.SIGNED_IN, ROUTE_ACCESS.RIDER, ROUTE_ACCESS.AUTHENTICATED];
    return access !== undefined &&
      !(staffWide as string[]).includes(access) &&
      who.scopes.includes(access)
      ? 'allowed'
      : 403;
  }
  if (access === ROUTE_ACCESS.SIGNED_IN) return 'allowed';
  if (access === ROUTE_ACCESS.RIDER) return who.kind === 'rider' ? 'allowed' : 403;
  if (who.kind === 'rider') return 403;
  if (access === ROUTE_ACCESS.AUTHENTICATED) return 'allowed';
  return access !== undefined && who.permissions.includes(access) ? 'allowed' : 403;
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
/** The token with its payload replaced and its old signature kept. */
const tamper = (token: string, change: Record<string, unknown>) => {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  return `${header}.${b64({ ...claims, ...change })}.${signature}`;
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let principals: Principal[];

beforeAll(async () => {
  t = await createTestApp();
  const f = await createFixtures(t);
  // Rows with id 1 in the tables the path ids name (an order, its customer, a rider...), so an
  // allowed request reaches the handler's real work rather than a 404 on every route.
  await placeOrder(f);
  const staff = async (permissions: readonly string[]) => {
    const u = await createUser(t, permissions);
    return { ...u, ...(await login(t.app, u.email, u.password)) };
  };
  const admin = await staff(ROLE_PERMISSIONS.admin);
  const dispatcher = await staff(ROLE_PERMISSIONS.dispatcher);
  const agent = await staff(ROLE_PERMISSIONS.agent);
  const nobody = await staff([]);
  // What the lab's systems hold (an API key with the read-orders scope): the FHIR API asks no more.
  const reader = await staff([PERMISSIONS.CAN_VIEW_ORDER]);
  const rider = await createRider(f);

  const secret = new TextEncoder().encode(t.config.JWT_SECRET);
  const adminClaims = { email: admin.email, typ: USER_TYPES.STAFF, perms: [...ALL_PERMISSIONS] };
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT(adminClaims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(admin.id))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(secret);
  const otherKey = await new SignJWT(adminClaims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(admin.id))
    .setIssuedAt()
    .setExpirationTime(now + 600)
    .sign(randomBytes(32));
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(admin.token))}.`;

  // Users who had a valid session and lost it: deleted, and deactivated.
  const deleted = await staff(ALL_PERMISSIONS);
  await t.db.delete(users).where(eq(users.id, deleted.id));
  const deactivated = await staff(ALL_PERMISSIONS);
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));

  // API keys (ADR 0066): every scope, one scope, and keys the server must not know.
  const newKey = async (scopes: readonly string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: bearer(admin.token),
      payload: { name: `matrix ${scopes.length}`, scopes },
    });
    if (res.statusCode !== 201) throw new Error(`api key: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; key: string };
  };
  const allScopes = await newKey(API_KEY_SCOPES);
  const readOrders = await newKey([PERMISSIONS.CAN_VIEW_ORDER]);
  const revoked = await newKey([PERMISSIONS.CAN_VIEW_ORDER]);
  const revokedRes = await t.app.inject({
    method: 'POST',
    url: `/api/v1/api-keys/${revoked.id}/revoke/`,
    headers: bearer(admin.token),
    payload: {},
  });
  if (revokedRes.statusCode !== 200) throw new Error(`revoke: ${revokedRes.body}`);

  const none: Identity = { kind: 'none' };
  principals = [
    {
      name: 'admin',
      headers: bearer(admin.token),
      identity: { kind: 'staff', permissions: ROLE_PERMISSIONS.admin },
    },
    {
      name: 'dispatcher',
      headers: bearer(dispatcher.token),
      identity: { kind: 'staff', permissions: ROLE_PERMISSIONS.dispatcher },
    },
    {
      name: 'agent',
      headers: bearer(agent.token),
      identity: { kind: 'staff', permissions: ROLE_PERMISSIONS.agent },
    },
    {
      name: 'order reader',
      headers: bearer(reader.token),
      identity: { kind: 'staff', permissions: [PERMISSIONS.CAN_VIEW_ORDER] },
    },
    {
      name: 'staff, no permission',
      headers: bearer(nobody.token),
      identity: { kind: 'staff', permissions: [] },
    },
    { name: 'rider', headers: rider.auth, identity: { kind: 'rider' } },
    { name: 'anonymous', headers: {}, identity: none },
    { name: 'expired token', headers: bearer(expired), identity: none },
    { name: 'alg none', headers: bearer(algNone), identity: none },
    {
      name: 'tampered perms',
      headers: bearer(tamper(nobody.token, { perms: [...ALL_PERMISSIONS] })),
      identity: none,
    },
    {
      name: 'tampered sub',
      headers: bearer(tamper(nobody.token, { sub: String(admin.id) })),
      identity: none,
    },
    { name: 'another key', headers: bearer(otherKey), identity: none },
    { name: 'refresh token as access', headers: bearer(admin.refreshToken), identity: none },
    { name: 'deleted user', headers: bearer(deleted.token), identity: none },
    { name: 'deactivated user', headers: bearer(deactivated.token), identity: none },
    {
      name: 'api key, every scope',
      headers: bearer(allScopes.key),
      identity: { kind: 'apiKey', scopes: API_KEY_SCOPES },
    },
    {
      name: 'api key, read orders',
      headers: bearer(readOrders.key),
      identity: { kind: 'apiKey', scopes: [PERMISSIONS.CAN_VIEW_ORDER] },
    },
    { name: 'revoked api key', headers: bearer(revoked.key), identity: none },
    {
      name: 'unknown api key',
      headers: bearer(`${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`),
      identity: none,
    },
  ];
});
afterAll(() => t.close());

// Revoking key 1 (the ':id' every route is called with) ends the every-scope key's access.
const ENDS_SESSIONS = /\/auth\/logout|\/sessions\/end-all|\/deactivate|\/api-keys\/:id\/revoke/;

/** A new session of the principal's user (signAccess without a session starts one). */
async function ownSession(p: Principal): Promise<Record<string, string>> {
  const token = p.headers.authorization?.slice('Bearer '.length);
  if (p.identity.kind === 'none' || p.identity.kind === 'apiKey' || !token) return p.headers;
  const c = claimsOf(token);
  const user = { id: Number(c.sub), email: String(c.email), userType: Number(c.typ) };
  return bearer(await t.app.tokens.signAccess({ ...user, permissions: [] }));
}

const call = (r: RouteEntry, headers: Record<string, string>) =>
  t.app.inject({
    method: r.method as 'GET',
    url: fillPath(r.url, '1'),
    headers,
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

it('answers every route as its declared access allows, for every principal, and a refusal writes nothing', async () => {
  const routes = [...apiRoutes(t.app), ...fhirRoutes(t.app)];
  const cells = routes.flatMap((route) =>
    principals.map((p) => ({ route, p, want: expected(route.access, p.identity) })),
  );
  console.log(
    `access matrix: ${routes.length} routes x ${principals.length} principals = ${cells.length} requests` +
      ` (${cells.filter((c) => c.want !== 'allowed').length} refusals expected)`,
  );
  expect(routes.length).toBeGreaterThan(50);

  const wrong: string[] = [];
  // Refusals first, between two fingerprints of the database: nothing a refused request does
  // may show in any table.
  const before = await dbFingerprint(t.db);
  for (const { route, p, want } of cells.filter((c) => c.want !== 'allowed')) {
    const res = await call(route, p.headers);
    const body = String(res.headers['content-type'] ?? '').includes('json')
      ? res.json()
      : undefined;
    const keys = body && typeof body === 'object' ? Object.keys(body) : [];
    // The FHIR API refuses with an OperationOutcome holding the same sentence (ADR 0068).
    const refusalShape = isFhirUrl(route.url)
      ? body?.resourceType === 'OperationOutcome' &&
        typeof body.issue?.[0]?.diagnostics === 'string' &&
        String(res.headers['content-type']).startsWith('application/fhir+json')
      : typeof body?.detail === 'string' && keys.every((k) => k === 'detail');
    if (res.statusCode !== want || !refusalShape) {
      wrong.push(
        `${p.name}: ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 80)}, want ${want}`,
      );
    }
  }
  const after = await dbFingerprint(t.db);

  // Routes that end the caller's session or a user's (ADR 0053) go last, each on a session of
  // its own, so the cells after them keep theirs.
  const allowed = cells.filter((c) => c.want === 'allowed');
  const last = allowed.filter((c) => ENDS_SESSIONS.test(c.route.url));
  for (const { route, p } of [...allowed.filter((c) => !last.includes(c)), ...last]) {
    const headers = last.some((c) => c.route === route) ? await ownSession(p) : p.headers;
    const res = await call(route, headers);
    if (res.statusCode === 401 || res.statusCode === 403) {
      wrong.push(
        `${p.name}: ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 80)}, want allowed`,
      );
    }
  }
  expect(wrong).toEqual([]);
  expect(after).toEqual(before);
}, 120_000);
