import { APP_VERSION } from '@dastak/core/constants';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobHealth } from '../../jobs/job-health';
import { INSTANCE_ID } from '../../jobs/job-leases.repository';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database reachable, without a token', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    status: 'ok',
    database: 'up',
    engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    jobs: [],
    version: APP_VERSION,
    instanceId: INSTANCE_ID,
    uptimeSeconds: expect.any(Number),
  });
});

it('answers liveness without the database and readiness with it: 503 when it is down', async () => {
  const live = await t.app.inject({ url: '/api/health/live' });
  expect(live.json()).toMatchObject({ status: 'alive', version: APP_VERSION });
  const ready = await t.app.inject({ url: '/api/health/ready' });
  expect([ready.statusCode, ready.json().ready]).toEqual([200, true]);

  const ping = t.app.dbHandle.ping;
  t.app.dbHandle.ping = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  try {
    const down = await t.app.inject({ url: '/api/health/ready' });
    expect([down.statusCode, down.json()]).toMatchObject([503, { ready: false, database: 'down' }]);
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
  } finally {
    t.app.dbHandle.ping = ping;
  }
});

it('reports each background job, degraded while one fails, ok again once it runs clean', async () => {
  let fail = true;
  const job = startPeriodicJob({
    name: 'test-job',
    periodMs: 20,
    log: t.app.log,
    run: async () => {
      if (fail) throw new Error('select * from secrets failed');
    },
  });
  try {
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/health' })).json())
      .toMatchObject({
        status: 'degraded',
        jobs: [{ name: 'test-job', state: 'failing' }],
      });
    // The error text stays in the log: the route is public.
    expect((await t.app.inject({ url: '/api/health' })).body).not.toContain('secrets');
    fail = false;
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/health' })).json())
      .toMatchObject({
        status: 'ok',
        jobs: [{ name: 'test-job', state: 'ok' }],
      });
  } finally {
    await job.stop();
  }
});

it('counts a job stalled when no run finished for three periods and a minute', () => {
  const status = { ...job0(), periodMs: 1000, lastFinishedAt: new Date(0) };
  expect(jobHealth(status, 62_000).state).toBe('ok');
  expect(jobHealth(status, 64_000).state).toBe('stalled');
  // Skipping because another instance holds the period (ADR 0035) is not stalling.
  const skipping = { ...status, skipped: 5, lastSkippedAt: new Date(60_000) };
  expect(jobHealth(skipping, 64_000).state).toBe('ok');
  expect(jobHealth(skipping, 124_000).state).toBe('stalled');
});

function job0() {
  return {
    name: 'x',
    periodMs: 1000,
    runs: 1,
    failures: 0,
    skipped: 0,
    lastSkippedAt: null,
    running: false,
    lastStartedAt: new Date(0),
    lastFinishedAt: new Date(0),
    lastDurationMs: 1,
    lastError: null,
  };
}

it('serves the OpenAPI document and its UI at /api/docs', async () => {
  const ui = await t.app.inject({ url: '/api/docs/' });
  expect(ui.statusCode).toBe(200);
  const spec = await t.app.inject({ url: '/api/docs/json' });
  expect(spec.statusCode).toBe(200);
  const paths = Object.keys(spec.json().paths);
  expect(paths).toContain('/api/v1/auth/login/');
  expect(paths).toContain('/api/v1/location/regions/');
});

it('unknown API paths answer 404 Not found.', async () => {
  const res = await t.app.inject({ url: '/api/v1/nothing-here/' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ detail: 'Not found.' });
});

it('malformed JSON is a 400, not a 500', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().detail).toBeTruthy();
});
