import { PERMISSIONS } from '@dastak/core/permissions';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type DbHandle, openDb } from '../../db/client';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { openStream } from './stream-client';

/**
 * Two instances on one PostgreSQL database (the PostgreSQL suite only: PGlite is one process).
 * A ping accepted by A reaches a dashboard streaming from B through LISTEN/NOTIFY.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL', () => {
  let f: Fixtures;
  let b: { app: App; handle: DbHandle; base: string };

  beforeAll(async () => {
    f = await createFixtures(await createTestApp());
    const pool = (f.t.db as unknown as { $client: pg.Pool }).$client;
    const handle = await openDb({ databaseUrl: pool.options.connectionString as string });
    // Same config, JWT secret included: a token from one instance is good on the other.
    const app = await buildApp({ config: f.t.config, dbHandle: handle, logger: false });
    b = { app, handle, base: await app.listen({ host: '127.0.0.1', port: 0 }) };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.handle.close();
    await f?.t.close();
  });

  it("a ping through A moves the rider on B's stream of that region, not of another", async () => {
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
    const onB = await openStream(b.base, `region_id=${f.bloodRegion}`, viewer);
    const otherOnB = await openStream(b.base, `region_id=${f.otherBloodRegion}`, viewer);
    await Promise.all([onB.next('hello'), otherOnB.next('hello')]);
    const rider = await createRider(f);
    const res = await api(f).post(
      '/rider-app/location/',
      { latitude: 31.541, longitude: 74.371 },
      rider.auth,
    );
    expect(res.statusCode).toBe(200);
    const moved = await onB.next('riderPosition', (e) => e.data.riderId === rider.id);
    expect(moved.data).toMatchObject({ latitude: 31.541, longitude: 74.371 });
    await new Promise((r) => setTimeout(r, 100));
    expect(otherOnB.events.map((e) => e.type)).toEqual(['hello']);
    onB.close();
    otherOnB.close();
  });

  it('a rider going offline through A reaches a city stream on B as riderState', async () => {
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
    const onB = await openStream(b.base, `city_id=${f.cityId}`, viewer);
    await onB.next('hello');
    const rider = await createRider(f);
    await api(f).post('/rider-app/offline/', {}, rider.auth);
    const e = await onB.next('riderState', (x) => x.data.rider.id === rider.id);
    expect(e.data.rider.isOnline).toBe(false);
    onB.close();
  });
});
