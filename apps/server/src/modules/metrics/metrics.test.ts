import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import { claimJobPeriod } from '../../jobs/job-leases.repository';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { createFixtures, type Fixtures, tokenWith } from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { streamDrops } from '../realtime/public';

const TOKEN = 'scrape-token-0123456789abcdef';
const scrape = (f: Fixtures, authorization?: string) =>
  f.t.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });

/** The value of a sample line `name{labels} value` whose labels include every given pair. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('without METRICS_TOKEN', () => {
  let f: Fixtures;
  let staff: string | undefined;
  beforeAll(async () => {
    f = await createFixtures(await createTestApp());
    staff = (await tokenWith(f.t, [])).authorization;
  });
  afterAll(() => f.t.close());

  it('the route is closed: Not found., whatever the token', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`, staff]) {
      const res = await scrape(f, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let f: Fixtures;
  let staff: string | undefined;
  beforeAll(async () => {
    f = await createFixtures(await createTestApp({ METRICS_TOKEN: TOKEN }));
    staff = (await tokenWith(f.t, [])).authorization;
  });
  afterAll(() => f.t.close());

  it('refuses a scrape without the token, or with a staff token, with 401', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789abcde', staff]) {
      const res = await scrape(f, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('counts and times requests by route pattern, never by URL', async () => {
    for (let i = 0; i < 3; i++)
      await f.t.app.inject({ url: `/api/v1/orders/blood/${900000 + i}/` });
    const res = await scrape(f, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const route = '/api/v1/orders/:vertical/:id/';
    expect(sample(text, 'http_requests_total', { method: 'GET', route, status_code: '401' })).toBe(
      3,
    );
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route })).toBe(3);
    expect(text).not.toContain('/900000/');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports job runs, the outbox backlog and the open streams', async () => {
    let fail = false;
    const job = startPeriodicJob({
      name: 'metrics-test-job',
      periodMs: 10,
      log: f.t.app.log,
      run: async () => {
        fail = !fail;
        if (fail) throw new Error('every other run fails');
      },
    });
    // Another instance holds this job's period for a minute: every tick here is a skip.
    expect(await claimJobPeriod(f.t.db, 'metrics-leased-job', 60_000, 'another-instance')).toBe(
      true,
    );
    let leasedRuns = 0;
    const leased = startPeriodicJob({
      name: 'metrics-leased-job',
      periodMs: 10,
      log: f.t.app.log,
      lease: { db: f.t.db, holder: 'this-instance' },
      run: async () => {
        leasedRuns++;
      },
    });
    await f.t.db.insert(outbox).values([
      { kind: 'email', payload: {} },
      { kind: 'email', payload: {}, state: 'sent' },
    ]);
    try {
      await expect
        .poll(async () => {
          const text = (await scrape(f, `Bearer ${TOKEN}`)).body;
          return [
            (sample(text, 'dastak_job_runs_total', { job: 'metrics-test-job', outcome: 'ok' }) ??
              0) > 0,
            (sample(text, 'dastak_job_runs_total', {
              job: 'metrics-test-job',
              outcome: 'failed',
            }) ?? 0) > 0,
            (sample(text, 'dastak_job_runs_total', {
              job: 'metrics-leased-job',
              outcome: 'skipped',
            }) ?? 0) > 0,
            // Running every 10 ms: not stalled (the alert rule's input, deploy/).
            sample(text, 'dastak_job_stalled', { job: 'metrics-test-job' }),
          ];
        })
        .toEqual([true, true, true, 0]);
    } finally {
      await job.stop();
      await leased.stop();
    }
    expect(leasedRuns).toBe(0);
    const text = (await scrape(f, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'dastak_outbox_backlog')).toBe(1);
    expect(sample(text, 'dastak_realtime_stream_clients')).toBe(0);
    // What the hub dropped since this process started, by why (the alert rule's input).
    for (const [reason, total] of Object.entries(streamDrops)) {
      expect(sample(text, 'dastak_realtime_streams_dropped_total', { reason })).toBe(total);
    }
    if (process.env.TEST_DATABASE_URL)
      expect(sample(text, 'dastak_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });
});
