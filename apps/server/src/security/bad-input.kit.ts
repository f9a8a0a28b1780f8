import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { customers } from '../db/schema/customers';
import {
  type Geography,
  insertRider,
  riderToken,
  seedGeography,
} from '../test/fixtures/riders.fixtures';
import { isCatalogueMessage } from '../test/route-walk';
import { bearer, createAdminTestApp, type createTestApp } from '../test/test-app';

/**
 * The world of the bad-input tests (docs/decisions/0050-bad-input.md): an app on a
 * fresh database with the demo-like geography, an admin, a rider and a customer. Registers its
 * own beforeAll/afterAll; read the fields inside tests.
 */
export function badInputWorld() {
  const w = {} as {
    t: Awaited<ReturnType<typeof createTestApp>>;
    geo: Geography;
    admin: Record<string, string>;
    rider: Record<string, string>;
    riderId: number;
    customerId: number;
    /** A call under /api/v1; a string payload is sent as JSON text, as it is. */
    call: (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT',
      url: string,
      headers: Record<string, string>,
      payload?: object | string,
    ) => Promise<LightMyRequestResponse>;
    /** The rows of a table, to show a refused request stored nothing. */
    rows: (table: PgTable) => Promise<number>;
  };
  beforeAll(async () => {
    ({ t: w.t, admin: w.admin } = await createAdminTestApp());
    w.geo = await seedGeography(w.t.db);
    const r = await insertRider(w.t.db, { regionId: w.geo.gulberg.id });
    w.riderId = r.id;
    w.rider = bearer(await riderToken(w.t.app, r));
    const [c] = await w.t.db
      .insert(customers)
      .values({ phone: '03001112223', firstName: 'Asma', lastName: 'Iqbal' })
      .returning();
    w.customerId = c!.id;
  });
  afterAll(() => w.t.close());
  w.call = (method, url, headers, payload) =>
    w.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers:
        typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      payload,
    });
  w.rows = async (table) => (await w.t.db.select({ n: count() }).from(table))[0]!.n;
  return w;
}

/** A 400 in core's words whose errors name `field` with `message`. */
export function expectRefused(
  res: { statusCode: number; json: () => unknown; body: string },
  field: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { detail: string; errors: Record<string, string[]> };
  expect(isCatalogueMessage(body.detail)).toBe(true);
  expect(body.errors[field], res.body).toContain(message);
}

/** A valid new customer's body (a fresh number each time), with `over` on top. */
export const newCustomerBody = (over: object) => ({
  phone: `0345${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  first_name: 'Hina',
  last_name: 'Rauf',
  gender: 2,
  dob: '1990-05-20',
  ...over,
});
