import { PERMISSIONS } from '@dastak/core/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import {
  type Geography,
  insertRider,
  riderToken,
  seedGeography,
  type TestCtx,
} from './riders.fixtures';

/**
 * The rider-app test files' shared world: an app on a fresh database, the demo-like geography, a
 * staff token that can read riders back, and helpers to call the API as a rider. Registers its
 * own beforeAll/afterAll; read the fields inside tests, after the hooks ran. `env` is the
 * server's configuration on top of the tests' defaults.
 */
export function riderAppHarness(env: Record<string, string> = {}) {
  const h = {} as {
    t: TestCtx;
    geo: Geography;
    staff: string;
    call: (
      method: 'GET' | 'POST',
      url: string,
      tok: string,
      payload?: object,
    ) => Promise<LightMyRequestResponse>;
    /** The rider's own record, read through the staff API. */
    rider: (tok: string) => Promise<LightMyRequestResponse>;
    newRider: (profile?: object, regionId?: number) => Promise<{ id: number; token: string }>;
  };
  h.call = (method, url, tok, payload) =>
    h.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok), payload });
  h.rider = (tok) =>
    h.call('GET', `/entity/rider/${JSON.parse(atob(tok.split('.')[1]!)).sub}/`, h.staff);
  h.newRider = async (profile = {}, regionId = h.geo.gulberg.id) => {
    const r = await insertRider(h.t.db, { regionId, profile });
    return { id: r.id, token: await riderToken(h.t.app, r) };
  };
  beforeAll(async () => {
    h.t = await createTestApp(env);
    h.geo = await seedGeography(h.t.db);
    const u = await createUser(h.t, Object.values(PERMISSIONS));
    h.staff = (await login(h.t.app, u.email, u.password)).token;
  });
  afterAll(() => h.t.close());
  return h;
}
