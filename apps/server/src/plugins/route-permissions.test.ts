import { ALL_PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allowed = new Set<string>([...ALL_PERMISSIONS, ...Object.values(ROUTE_ACCESS)]);

it('every route declares its permission: public, authenticated, rider or a known permission name', () => {
  const undeclared = t.app.routeTable.filter((r) => !r.access || !allowed.has(r.access));
  expect(undeclared.map((r) => `${r.method} ${r.url} -> ${r.access}`)).toEqual([]);
  expect(t.app.routeTable.length).toBeGreaterThan(5);
});

it('only auth, health, docs and the console shell are public', () => {
  const publicApi = t.app.routeTable
    .filter((r) => r.access === ROUTE_ACCESS.PUBLIC && r.url.startsWith('/api/v1/'))
    .map((r) => r.url)
    .filter(
      (u) =>
        !u.startsWith('/api/v1/auth/') &&
        !u.startsWith('/api/v1/feedback/') &&
        !u.startsWith('/api/v1/location/rider-live-location/'),
    );
  expect(publicApi).toEqual([]);
});

it('every non-public /api/v1 route answers 401 without a token', async () => {
  const closed = t.app.routeTable.filter(
    (r) => r.url.startsWith('/api/v1/') && r.access !== ROUTE_ACCESS.PUBLIC && r.method !== 'HEAD',
  );
  for (const r of closed) {
    const url = r.url.replace(/:(\w+)/g, '1');
    const res = await t.app.inject({ method: r.method as 'GET', url });
    expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
  }
});
