import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { PERMISSIONS } from '@dastak/core/permissions';
import { realtimeHubOf } from '../apps/server/src/modules/realtime/hub';
import {
  createFixtures,
  createRider,
  tokenWith,
} from '../apps/server/src/test/fixtures/orders.fixtures';
import { createTestApp } from '../apps/server/src/test/test-app';
import { ms, percentile } from './instances';

/**
 * The realtime stream under load (ADR 0026): a PGlite server on 127.0.0.1, STREAMS (100)
 * dashboard streams open on one region (read in a worker thread), RIDERS (300) riders of that
 * region pinging POST /rider-app/location/ at increasing rates, each step STEP_SECONDS (5) long.
 * Latency of a ping: from just before it is sent to its riderPosition event arriving on EVERY
 * stream (the slowest of the 100); the curve prints its p50/p95 per rate, and the ping's own HTTP
 * round trip (p95) as the floor. Target: p95 <= 200 ms at 150 pings/s.
 *
 *   npm run bench:realtime -w @dastak/bench
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const RIDERS = Number(process.env.BENCH_RIDERS ?? 300);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const RATES = (process.env.BENCH_RATES ?? '50,100,150,200,300,400').split(',').map(Number);
const TARGET = { rate: 150, p95: 200 };

const now = () => performance.timeOrigin + performance.now();

const f = await createFixtures(await createTestApp());
const base = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
const riders: Awaited<ReturnType<typeof createRider>>[] = [];
for (let i = 0; i < RIDERS; i++) riders.push(await createRider(f));

const worker = new Worker(new URL('./realtime-streams.mjs', import.meta.url), {
  workerData: {
    url: `${base}/api/v1/realtime/stream?region_id=${f.bloodRegion}`,
    token: viewer.authorization.slice('Bearer '.length),
    streams: STREAMS,
  },
});
let ready = 0;
let onArrivals: (a: number[]) => void = () => {};
worker.on('message', (m) => {
  if (m.type === 'ready') ready++;
  else if (m.type === 'error') console.error(m.message);
  else if (m.type === 'arrivals') onArrivals(m.arrivals);
});
while (ready < STREAMS) await new Promise((r) => setTimeout(r, 20));
console.log(
  `realtime: ${STREAMS} streams on one region, ${RIDERS} riders, ${STEP_SECONDS} s a step, PGlite`,
);

let seq = 0;
async function step(rate: number) {
  const sent = new Map<string, number>();
  const roundTrips: number[] = [];
  const inFlight: Promise<unknown>[] = [];
  const start = now();
  let issued = 0;
  while (now() - start < STEP_SECONDS * 1000) {
    const due = Math.floor(((now() - start) / 1000) * rate);
    for (; issued < due; issued++) {
      const rider = riders[seq % RIDERS];
      if (!rider) throw new Error('no rider');
      // A latitude unique to this ping identifies its event on every stream.
      const latitude = 31.5 + (seq++ % 1_000_000) / 1e7;
      const key = `${rider.id}:${latitude}`;
      const t0 = now();
      sent.set(key, t0);
      inFlight.push(
        fetch(`${base}/api/v1/rider-app/location/`, {
          method: 'POST',
          headers: { ...rider.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ latitude, longitude: 74.35 }),
        }).then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`ping answered ${res.status}`);
          roundTrips.push(now() - t0);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 1000)); // let the last events arrive
  const arrivals = await new Promise<number[]>((resolve) => {
    onArrivals = resolve;
    worker.postMessage('flush');
  });
  // Per ping: the arrival on each stream; the latency is the slowest stream's.
  const reached = new Map<string, { streams: number; last: number }>();
  for (let i = 0; i < arrivals.length; i += 4) {
    const key = `${arrivals[i + 1]}:${arrivals[i + 2]}`;
    const r = reached.get(key) ?? { streams: 0, last: 0 };
    r.streams++;
    r.last = Math.max(r.last, arrivals[i + 3] as number);
    reached.set(key, r);
  }
  const latencies: number[] = [];
  let complete = 0;
  for (const [key, t0] of sent) {
    const r = reached.get(key);
    if (!r) continue;
    if (r.streams === STREAMS) complete++;
    latencies.push(r.last - t0);
  }
  const elapsed = (now() - start) / 1000;
  return {
    rate,
    achieved: sent.size / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    floorP95: percentile(roundTrips, 95),
    complete: complete / sent.size,
  };
}

const results = [];
for (const rate of RATES) {
  const r = await step(rate);
  results.push(r);
  const conns = [...(realtimeHubOf(f.t.db)?.connections ?? [])];
  console.log(
    `${String(rate).padStart(4)} pings/s (sent ${r.achieved.toFixed(0)}/s): ` +
      `to all ${STREAMS} streams p50 ${ms(r.p50)}, p95 ${ms(r.p95)}; ` +
      `ping round trip p95 ${ms(r.floorP95)} (floor); ` +
      `${(r.complete * 100).toFixed(1)}% of pings reached every stream; open ${conns.length}`,
  );
}

const atTarget = results.find((r) => r.rate === TARGET.rate);
const pass = atTarget !== undefined && atTarget.p95 <= TARGET.p95 && atTarget.complete >= 0.99;
console.log(
  `target: p95 <= ${TARGET.p95} ms at ${TARGET.rate} pings/s: ` +
    `${atTarget ? ms(atTarget.p95) : 'not measured'} ${pass ? 'PASS' : 'FAIL'}`,
);
await worker.terminate();
await f.t.close();
process.exit(pass ? 0 : 1);
