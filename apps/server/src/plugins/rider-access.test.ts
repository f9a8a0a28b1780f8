import { ERRORS } from '@dastak/core/messages';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertRider, riderToken, seedGeography } from '../test/fixtures/riders.fixtures';
import { apiRoutes, fillPath } from '../test/route-walk';
import { bearer, createTestApp } from '../test/test-app';

/**
 * A rider token opens the rider-app API and the session's own routes, nothing else (ADR 0010):
 * 'authenticated' means an authenticated staff user, so reference lists, staff names and every
 * permission-named route answer a rider 403.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let rider: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const geo = await seedGeography(t.db);
  rider = bearer(await riderToken(t.app, await insertRider(t.db, { regionId: geo.gulberg.id })));
});
afterAll(() => t.close());

const RIDER_OPEN = new Set<string>([
  ROUTE_ACCESS.PUBLIC,
  ROUTE_ACCESS.RIDER,
  ROUTE_ACCESS.SIGNED_IN,
]);

it('gets 403 from every staff route, lookups and staff names included', async () => {
  const staffRoutes = apiRoutes(t.app).filter((r) => !RIDER_OPEN.has(r.access ?? ''));
  expect(staffRoutes.map((r) => r.url)).toContain('/api/v1/entity/staff-np/');
  expect(staffRoutes.map((r) => r.url)).toContain('/api/v1/orders/problem-strings/');
  const opened: string[] = [];
  for (const r of staffRoutes) {
    const res = await t.app.inject({
      method: r.method as 'GET',
      url: fillPath(r.url, '1'),
      headers: rider,
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
    });
    if (res.statusCode !== 403 || res.json().detail !== ERRORS.PERMISSION_DENIED) {
      opened.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
  }
  expect(opened).toEqual([]);
});

it('keeps the rider app and the session open to the rider', async () => {
  const tasks = await t.app.inject({
    method: 'GET',
    url: '/api/v1/rider-app/tasks/',
    headers: rider,
  });
  expect(tasks.statusCode).toBe(200);
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: rider });
  expect(me.statusCode).toBe(200);
});

it('only the session routes are open to staff and riders alike', () => {
  const signedIn = apiRoutes(t.app).filter((r) => r.access === ROUTE_ACCESS.SIGNED_IN);
  // Who am I, and my own sessions: a rider on a lost phone signs out everywhere too (ADR 0053).
  expect(signedIn.map((r) => r.url).sort()).toEqual([
    '/api/v1/auth/me/',
    '/api/v1/auth/sessions/',
    '/api/v1/auth/sessions/end-all/',
  ]);
});
