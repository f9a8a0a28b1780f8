// Usage: npm run crash-test [-- --cycles 50 --minutes 20]
//        CRASH_DATABASE_URL=postgres://... npm run crash-test   (PostgreSQL instead of PGlite)
//
// kill -9 of the real server (apps/server/src/main.ts, loopback, a free port) during a write
// load, N cycles: orders booked through the API as a call-centre agent would (the simulator's
// demand loop) and rider location pings. After each kill the database is opened by this script
// and every write the server acknowledged with a 2xx must be there; then the server restarts on
// it. Prints the figures; exits 1 on a lost write or a database that does not open.
// Why: docs/decisions/0032-shutdown-backup-crash.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDb } from '../apps/server/src/db/client';
import { spawnServer } from '../apps/server/src/ops/spawn-server';
import { ApiClient, LoginGate } from '../apps/simulator/src/api-client';
import { Demand } from '../apps/simulator/src/demand';
import { Rng } from '../apps/simulator/src/random';
import { Stats } from '../apps/simulator/src/stats';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '20' },
  },
});
const CYCLES = Math.min(1000, Math.max(1, Number(values.cycles)));
const DEADLINE = Date.now() + Math.min(240, Number(values.minutes)) * 60_000;
const databaseUrl = process.env.CRASH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-crash-'));
const admin = { email: 'crash@dastak.local', password: 'crash-test-password' };
const staffPassword = 'crash-demo-password';
const env = {
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DEMO_DATA: 'on',
  DEMO_ORDERS: '20',
  DEMO_STAFF_PASSWORD: staffPassword,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'warn',
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ackedOrders = new Set<string>();
const ackedPings: { riderId: number; latitude: number }[] = [];
let attempts = 0;
let pingSeq = 0;
const figures = { cycles: 0, opens: [] as number[], starts: [] as number[], lost: 0 };

async function verify() {
  const started = Date.now();
  const handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  figures.opens.push(Date.now() - started);
  try {
    const numbers = [...ackedOrders];
    const { rows: found } = (await handle.db.execute(
      sql`select count(*)::int as n from orders where number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
    )) as unknown as { rows: { n: number }[] };
    const { rows: pings } = (await handle.db.execute(sql`
      select count(*)::int as n from rider_location_pings p
      join jsonb_to_recordset(${JSON.stringify(ackedPings)}::jsonb)
        as a("riderId" int, latitude float8)
      on p.rider_id = a."riderId" and p.latitude = a.latitude`)) as unknown as {
      rows: { n: number }[];
    };
    const lostOrders = numbers.length - (found[0]?.n ?? 0);
    const lostPings = ackedPings.length - (pings[0]?.n ?? 0);
    return { lostOrders, lostPings };
  } finally {
    await handle.close();
  }
}

let failed = false;
try {
  let server = await spawnServer(env, 300);
  const gate = new LoginGate(600);
  const stats = new Stats();
  const agent = new ApiClient(server.url, admin, gate);
  const rider = new ApiClient(
    server.url,
    { email: 'rider1@dastak.local', password: staffPassword },
    gate,
  );
  const demand = new Demand(agent, new Rng(7), stats, ['blood', 'xray'], 60, (msg) => {
    const m = /^demand: booked \w+ order (\S+)/.exec(msg);
    if (m?.[1]) ackedOrders.add(m[1]);
  });
  await demand.prepare();
  const riderId = (await rider.login()).id;

  for (let cycle = 1; cycle <= CYCLES && Date.now() < DEADLINE; cycle++) {
    if (cycle > 1) {
      const t = Date.now();
      server = await spawnServer(env, 300, server.port);
      figures.starts.push(Date.now() - t);
    }
    let running = true;
    const book = async () => {
      while (running) {
        attempts++;
        await demand.bookOne().catch(() => {});
      }
    };
    const ping = async () => {
      while (running) {
        attempts++;
        const latitude = Number((24.8 + ++pingSeq * 1e-6).toFixed(6));
        try {
          await rider.post('/rider-app/location/', {
            latitude,
            longitude: 67.05,
            battery: 80,
            network_state: true,
          });
          ackedPings.push({ riderId, latitude });
        } catch {
          // not acknowledged: not counted
        }
      }
    };
    const load = [book(), book(), ping(), ping()];
    await sleep(1000 + Math.floor(Math.random() * 3000));
    server.child.kill('SIGKILL');
    await server.exited;
    running = false;
    await Promise.all(load);
    const { lostOrders, lostPings } = await verify();
    figures.cycles = cycle;
    figures.lost += lostOrders + lostPings;
    console.log(
      `cycle ${cycle}: ${ackedOrders.size} orders and ${ackedPings.length} pings acknowledged so far; lost ${lostOrders} orders, ${lostPings} pings`,
    );
    if (lostOrders || lostPings) failed = true;
  }
} catch (err) {
  failed = true;
  console.error(`crash-test: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? 0;
console.log(
  `crash-test (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${figures.cycles} kill -9 cycles, ` +
    `${attempts} write attempts, ${ackedOrders.size} orders and ${ackedPings.length} pings acknowledged, ` +
    `${figures.lost} lost; database opened ${figures.opens.length}/${figures.cycles} times ` +
    `(median ${p(figures.opens, 0.5)} ms), restart median ${p(figures.starts, 0.5)} ms, max ${p(figures.starts, 1)} ms`,
);
process.exit(failed ? 1 : 0);
