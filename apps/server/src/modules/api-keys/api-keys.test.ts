import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreated } from '@dastak/core/entities/api-keys';
import { ERRORS } from '@dastak/core/messages';
import { API_KEY_MESSAGES } from '@dastak/core/messages/api-keys';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@dastak/core/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { type AuditRow, auditRowsWhere } from '../../test/fixtures/audit.fixtures';
import {
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let f: Fixtures;
let admin: Record<string, string>;
let adminId: number;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixtures(t);
  const u = await createUser(t, ROLE_PERMISSIONS.admin);
  adminId = u.id;
  admin = bearer((await login(t.app, u.email, u.password)).token);
  orderId = (await placeOrder(f)).id;
});
afterAll(() => t.close());

const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers, payload });
const revoke = (id: number, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${id}/revoke/`, headers, payload: {} });
const get = (url: string, key: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(key) });
const rowsWhere = (match: (r: AuditRow) => boolean, atLeast = 1) =>
  auditRowsWhere(t.db, match, atLeast);

async function newKey(body: object = {}): Promise<ApiKeyCreated> {
  const res = await create({
    name: 'Lab LIS',
    scopes: [PERMISSIONS.CAN_VIEW_ORDER, PERMISSIONS.CAN_CHANGE_ORDER],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('API keys', () => {
  it('a key reaches the routes of its scopes, and no other: not even the staff-wide ones', async () => {
    const key = await newKey();
    expect(key.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.key.length).toBeGreaterThan(API_KEY_PREFIX.length + 40);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({
      name: 'Lab LIS',
      scopes: [PERMISSIONS.CAN_VIEW_ORDER, PERMISSIONS.CAN_CHANGE_ORDER],
      createdBy: { id: adminId },
      revoked: null,
      lastUsed: null,
      rateLimitPerMinute: 600,
    });

    // In scope: read orders, write an order's notes.
    expect((await get('/orders/blood/', key.key)).statusCode).toBe(200);
    expect((await get(`/orders/blood/${orderId}/`, key.key)).statusCode).toBe(200);
    const note = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/orders/update/${orderId}/`,
      headers: bearer(key.key),
      payload: { data: { additionalNotes: 'Sample received at the lab' } },
    });
    expect(note.statusCode, note.body).toBe(200);

    // The lab's own vocabulary with the same scope: FHIR's Task of the order and a search.
    const fhir = (url: string, key: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(key) });
    const task = await fhir(`/fhir/Task/${orderId}`, key.key);
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json()).toMatchObject({ resourceType: 'Task', id: String(orderId) });
    const search = await fhir('/fhir/ServiceRequest?_count=1', key.key);
    expect(search.json()).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    // A key without it reads no FHIR.
    const riders = await newKey({ name: 'Riders only', scopes: [PERMISSIONS.CAN_VIEW_RIDER] });
    expect((await fhir(`/fhir/Task/${orderId}`, riders.key)).statusCode).toBe(403);

    // Out of scope: riders, customers; staff-only (authenticated) and session routes.
    for (const url of ['/entity/riders/', '/entity/customers/', '/api-keys/']) {
      const res = await get(url, key.key);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: ERRORS.PERMISSION_DENIED });
    }
    expect((await get('/orders/problem-strings/', key.key)).statusCode).toBe(403);
    expect((await get('/auth/me/', key.key)).statusCode).toBe(403);
    expect((await get('/issue-reports/', key.key)).statusCode).toBe(403);
  });

  it('is shown once and stored as a SHA-256 only', async () => {
    const key = await newKey({ name: 'Shown once' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const { createHash } = await import('node:crypto');
    expect(row?.secretHash).toBe(createHash('sha256').update(key.key).digest('hex'));
    // Nothing in the table holds the key.
    const dump = JSON.stringify(
      (await t.db.execute(sql`select * from api_keys where id = ${key.id}`)) as unknown,
    );
    expect(dump).not.toContain(key.key.slice(API_KEY_PREFIX.length));
    // The list shows the prefix, never the key.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.key);
    const listed = (list.json().results as ApiKey[]).find((k) => k.id === key.id);
    expect(listed).toMatchObject({ prefix: key.prefix, name: 'Shown once' });
    expect(listed).not.toHaveProperty('key');
  });

  it('a revoked key is refused at once with 401', async () => {
    const key = await newKey({ name: 'To revoke' });
    expect((await get('/orders/blood/', key.key)).statusCode).toBe(200);
    const res = await revoke(key.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: key.id, revokedBy: { id: adminId } });
    expect(res.json().revoked).toEqual(expect.any(String));
    const refused = await get('/orders/blood/', key.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: API_KEY_MESSAGES.INVALID_KEY });
    // Again: 400 with the reason; unknown: 404.
    expect((await revoke(key.id)).json()).toEqual({ detail: API_KEY_MESSAGES.ALREADY_REVOKED });
    expect((await revoke(999_999)).statusCode).toBe(404);
    // A made-up or malformed key: 401.
    expect((await get('/orders/blood/', `${API_KEY_PREFIX}${'A'.repeat(43)}`)).statusCode).toBe(
      401,
    );
    expect((await get('/orders/blood/', `${API_KEY_PREFIX}short`)).statusCode).toBe(401);
  });

  it("a key stops with its creator's account", async () => {
    const u = await createUser(t, ROLE_PERMISSIONS.admin);
    const own = bearer((await login(t.app, u.email, u.password)).token);
    const res = await create({ name: 'Creator leaves', scopes: [PERMISSIONS.CAN_VIEW_ORDER] }, own);
    const key = res.json() as ApiKeyCreated;
    expect((await get('/orders/blood/', key.key)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/staff/${u.id}/deactivate/`,
      headers: admin,
      payload: {},
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get('/orders/blood/', key.key)).statusCode).toBe(401);
  });

  it('has its own rate-limit budget, per key', async () => {
    const a = await newKey({ name: 'Budget A', rateLimitPerMinute: 3 });
    const b = await newKey({ name: 'Budget B', rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await get('/orders/blood/', a.key)).statusCode).toBe(200);
    const limited = await get('/orders/blood/', a.key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key, and the admin's own session, keep their budgets.
    expect((await get('/orders/blood/', b.key)).statusCode).toBe(200);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/blood/',
      headers: admin,
    });
    expect(staff.statusCode).toBe(200);
  });

  it('writes every use to the audit trail, and its last use on the key', async () => {
    const key = await newKey({ name: 'Audited' });
    expect((await get(`/orders/blood/${orderId}/`, key.key)).statusCode).toBe(200);
    expect((await get('/entity/riders/', key.key)).statusCode).toBe(403);
    const rows = await rowsWhere((r) => r.type === 'api-key' && r.entityId === String(key.id), 2);
    expect(rows).toHaveLength(2);
    const [refused, ok] = rows;
    expect(ok).toMatchObject({
      action: 'R',
      outcome: '0',
      agentId: adminId,
      entityType: 'ApiKey',
      detail: expect.objectContaining({ route: '/api/v1/orders/:vertical/:id/', status: 200 }),
    });
    expect(ok?.agentName).toContain(key.prefix);
    expect(refused).toMatchObject({ outcome: '4', outcomeDesc: '403' });
    // The create is in the trail too.
    const [made] = await rowsWhere(
      (r) => r.type === 'api-key-change' && r.action === 'C' && r.entityId === String(key.id),
    );
    expect(made?.agentId).toBe(adminId);
    // The last use, written off the request.
    for (let i = 0; i < 50; i++) {
      const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      if (row?.lastUsedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: admin });
    const listed = (list.json().results as ApiKey[]).find((k) => k.id === key.id);
    expect(listed?.lastUsed).toEqual(expect.any(String));
  });

  it('is managed only with its permission, and validates its input', async () => {
    const dispatcher = await tokenWith(t, ROLE_PERMISSIONS.dispatcher);
    expect(ROLE_PERMISSIONS.dispatcher).not.toContain(PERMISSIONS.CAN_MANAGE_API_KEYS);
    expect(ROLE_PERMISSIONS.admin).toContain(PERMISSIONS.CAN_MANAGE_API_KEYS);
    expect(
      (await create({ name: 'x', scopes: [PERMISSIONS.CAN_VIEW_ORDER] }, dispatcher)).statusCode,
    ).toBe(403);
    const noScopes = await create({ name: 'x', scopes: [] });
    expect(noScopes.statusCode).toBe(400);
    expect(noScopes.json().errors.scopes).toEqual([API_KEY_MESSAGES.SCOPES_REQUIRED]);
    // A scope outside the key scopes (staff management) is refused.
    expect((await create({ name: 'x', scopes: [PERMISSIONS.CAN_MANAGE_STAFF] })).statusCode).toBe(
      400,
    );
    const noName = await create({ name: '  ', scopes: [PERMISSIONS.CAN_VIEW_ORDER] });
    expect(noName.json().errors.name).toEqual([API_KEY_MESSAGES.NAME_REQUIRED]);
    // A key cannot make keys (its scopes never include the permission).
    const key = await newKey({ name: 'No keys' });
    expect(
      (await create({ name: 'y', scopes: [PERMISSIONS.CAN_VIEW_ORDER] }, bearer(key.key)))
        .statusCode,
    ).toBe(403);
  });

  it('a key whose creator is not a staff user is refused', async () => {
    const key = await newKey({ name: 'Type change' });
    const u = await createUser(t, ROLE_PERMISSIONS.admin);
    await t.db.update(apiKeys).set({ createdById: u.id }).where(eq(apiKeys.id, key.id));
    await t.db.update(users).set({ userType: 1 }).where(eq(users.id, u.id));
    expect((await get('/orders/blood/', key.key)).statusCode).toBe(401);
  });
});
