import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client';
import { hotspots } from '../apps/server/src/db/schema/locations';
import { riderShifts } from '../apps/server/src/db/schema/shifts';
import { freePort, serverArgs } from '../apps/server/src/ops/spawn-server';
import {
  insertRider,
  RIDER_PASSWORD,
  seedGeography,
} from '../apps/server/src/test/fixtures/riders.fixtures';

/**
 * Ping ingest with the attendance roll-up (docs/decisions/0037-attendance.md):
 * sustained pings a second through POST /api/v1/rider-app/location/ over HTTP on 127.0.0.1, on
 * the real server (apps/server/src/main.ts as `npm start` runs it, PGlite in a temp DATA_DIR,
 * LOG_LEVEL info to /dev/null). Two fleets on the same server, driven one after the other in
 * alternating halves: riders on a shift (every ping rolled up: slots, presence, start position,
 * distance, online %) and riders with no shift (the same endpoint without attendance work: the
 * floor). Each rider sends its own 10-second track, timestamped in the shift's past so that every
 * ping is in order and a moving rider's every ping adds distance; half the riders move at 5 m/s,
 * half stand with GPS jitter. One ping a request, as phones with coverage send them.
 * Target: at least 500 pings/s on shift.
 *
 *   npm run bench:ping-ingest -w @dastak/bench
 *
 * BENCH_SECONDS (default 10 a fleet), BENCH_CONNECTIONS (10), BENCH_RIDERS (100 a fleet) and
 * BENCH_MAX_PINGS (20,000 a fleet) bound it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RIDERS = Number(process.env.BENCH_RIDERS ?? 100);
const MAX_PINGS = Number(process.env.BENCH_MAX_PINGS ?? 20_000);
const TARGET = 500;
const MIN = 60_000;
const HOTSPOT = { latitude: 31.52, longitude: 74.33 };
const STEP_MS = 10_000;

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-bench-pings-'));

// The database first, with the bench process as its only user: a region, a hotspot, two fleets.
const now = Date.now();
/** Every shift started long enough ago for each rider's track to stay in the past. */
const shiftStart = new Date(now - 10 * 60 * MIN);
const fleets = await (async () => {
  const handle = await openDb({ dataDir: dir });
  const geo = await seedGeography(handle.db);
  const [hotspot] = await handle.db
    .insert(hotspots)
    .values({ name: 'Bench', regionId: geo.gulberg.id, ...HOTSPOT })
    .returning();
  const make = async (onShift: boolean) => {
    const riders: { id: number; email: string }[] = [];
    for (let i = 0; i < RIDERS; i++) {
      const r = await insertRider(handle.db, { regionId: geo.gulberg.id });
      riders.push(r);
      if (onShift) {
        await handle.db.insert(riderShifts).values({
          riderId: r.id,
          regionId: geo.gulberg.id,
          hotspotId: hotspot!.id,
          startDatetime: shiftStart,
          endDatetime: new Date(now + 2 * 60 * MIN),
        });
      }
    }
    return riders;
  };
  const result = { onShift: await make(true), offShift: await make(false) };
  await handle.close();
  return result;
})();

const port = await freePort();
const adminPassword = randomBytes(12).toString('hex');
const server: ChildProcess = spawn(process.execPath, serverArgs(root), {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: 'bench@dastak.local',
    ADMIN_PASSWORD: adminPassword,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    // Each rider logs in from an address of its own (the login limit is per address).
    TRUST_PROXY: 'on',
    NODE_ENV: 'production',
  },
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);
const url = `http://127.0.0.1:${port}`;
for (let until = Date.now() + 120_000; ; ) {
  if (server.exitCode !== null) throw new Error('the server exited while starting');
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > until) throw new Error('the server did not answer within 120 s');
  await new Promise((r) => setTimeout(r, 200));
}

let address = 0;
async function login(email: string, password: string) {
  address++;
  const res = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface Rider {
  id: number;
  token: string;
  moving: boolean;
  sent: number;
}
const ridersOf = async (list: { id: number; email: string }[]) =>
  Promise.all(
    list.map(async (r, i) => ({
      id: r.id,
      token: await login(r.email, RIDER_PASSWORD),
      moving: i % 2 === 0,
      sent: 0,
    })),
  );
const onShift = await ridersOf(fleets.onShift);
const offShift = await ridersOf(fleets.offShift);

const DEG_PER_METRE = 1 / 111_195;
/** The rider's next ping: 10 s after its last; 50 m on for a mover, a few metres of jitter else. */
function nextPing(r: Rider) {
  const k = r.sent++;
  const at = new Date(shiftStart.getTime() + k * STEP_MS);
  const wobble = ((k * 7919) % 11) - 5;
  const north = r.moving ? 50 * k : wobble;
  return {
    latitude: HOTSPOT.latitude + (north + (r.id % 7) * 10) * DEG_PER_METRE,
    longitude: HOTSPOT.longitude + wobble * DEG_PER_METRE,
    accuracy_metres: 8,
    battery: 80,
    recorded_at: at.toISOString(),
  };
}

/** CPU time (user + system, ms) the server has used, for CPU a ping (Linux; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Run {
  pings: number;
  ms: number;
  cpuMs: number;
  latencies: number[];
}
/** CONNECTIONS loops, each sending one ping at a time, rider after rider, for `seconds`. */
async function drive(riders: Rider[], seconds: number, maxPings: number): Promise<Run> {
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const latencies: number[] = [];
  let next = 0;
  let sent = 0;
  const loop = async () => {
    while (performance.now() < until && sent < maxPings) {
      sent++;
      const r = riders[next++ % riders.length]!;
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/rider-app/location/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}` },
        body: JSON.stringify(nextPing(r)),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`ping: ${res.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { pings: sent, ms: performance.now() - t0, cpuMs: cpuMs(server.pid) - cpu0, latencies };
}
const add = (a: Run, b: Run): Run => ({
  pings: a.pings + b.pings,
  ms: a.ms + b.ms,
  cpuMs: a.cpuMs + b.cpuMs,
  latencies: [...a.latencies, ...b.latencies],
});

// Warm-up on both fleets (JIT, connections, token cache, the shifts' first points).
await drive(onShift, 2, 1_000);
await drive(offShift, 2, 1_000);
const none = (): Run => ({ pings: 0, ms: 0, cpuMs: 0, latencies: [] });
let withShift = none();
let floor = none();
for (let half = 0; half < 2; half++) {
  floor = add(floor, await drive(offShift, SECONDS / 2, MAX_PINGS / 2));
  withShift = add(withShift, await drive(onShift, SECONDS / 2, MAX_PINGS / 2));
}

// The work was done: the fleet's shifts read back through the attendance list.
const admin = await login('bench@dastak.local', adminPassword);
const list = await fetch(
  `${url}/api/v1/shift/rider-shifts/?page_size=100&start_datetime=${encodeURIComponent(
    new Date(now - 24 * 60 * MIN).toISOString(),
  )}&end_datetime=${encodeURIComponent(new Date(now + 24 * 60 * MIN).toISOString())}`,
  { headers: { authorization: `Bearer ${admin}` } },
);
const records = list.ok
  ? ((await list.json()) as {
      count: number;
      results: {
        isPresent: boolean;
        riderShiftOnlinePercentage: number;
        distanceTravelled: number | null;
      }[];
    })
  : null;

const rate = (r: Run) => (r.pings * 1000) / r.ms;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const line = (name: string, r: Run) =>
  `  ${name.padEnd(30)} ${rate(r).toFixed(0).padStart(6)} pings/s   ${((r.cpuMs * 1000) / r.pings).toFixed(0).padStart(5)} us server CPU a ping   p50 ${pct(r.latencies, 50).toFixed(1)} ms   p95 ${pct(r.latencies, 95).toFixed(1)} ms   p99 ${pct(r.latencies, 99).toFixed(1)} ms   (${r.pings} pings)`;
console.log(
  `Ping ingest, POST /api/v1/rider-app/location/ on PGlite: ${RIDERS} riders a fleet (half moving 5 m/s, half standing), ${CONNECTIONS} connections, ${SECONDS} s a fleet in alternating halves, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log(line('riders with no shift (floor)', floor));
console.log(line('riders on shift (roll-up)', withShift));
console.log(
  `  on shift ${(rate(withShift) / rate(floor)).toFixed(2)}x of the floor's pings/s; target >= ${TARGET} pings/s: ${rate(withShift) >= TARGET ? 'met' : 'MISSED'}`,
);
if (records) {
  const moving = records.results.filter((r) => (r.distanceTravelled ?? 0) > 0).length;
  const online = records.results.filter((r) => r.riderShiftOnlinePercentage > 0).length;
  console.log(
    `  rolled up: ${records.count} shifts listed; of the first ${records.results.length}, ${records.results.filter((r) => r.isPresent).length} present, ${online} with online slots, ${moving} with distance`,
  );
} else {
  console.log(`  (attendance list unavailable: ${list.status})`);
}

stop();
await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
fs.rmSync(dir, { recursive: true, force: true });
if (rate(withShift) < TARGET) process.exitCode = 1;
