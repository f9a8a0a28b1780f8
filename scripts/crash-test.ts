// Usage: npm run crash-test [-- --cycles 50 --minutes 20]
//        CRASH_DATABASE_URL=postgres://... npm run crash-test   (PostgreSQL instead of PGlite)
//
// kill -9 of the real server (apps/server/src/main.ts, loopback, a free port) during a write
// load, N cycles: orders booked through the API as a call-centre agent would (the simulator's
// demand loop), rider location pings and password-reset requests (each enqueues an email). After
// each kill the database is opened by this script and every write the server acknowledged with a
// 2xx must be there; then the server restarts on it. After the last cycle the server restarts
// once more and drains the outbox: every email must be 'sent' with exactly one .eml file in
// DATA_DIR/outbox and no file without its row. Prints the figures; exits 1 on a lost write, a
// database that does not open, or an email missing or sent twice.
// Why: docs/decisions/0032-shutdown-backup-crash.md, 0035-instances-and-exactly-once.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDb } from '../apps/server/src/db/client';
import { emlFileOf, outboxMessageKey } from '../apps/server/src/modules/notifications/mailer';
import { STALE_CLAIM_MS } from '../apps/server/src/modules/notifications/notifications.repository';
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
const metricsToken = 'crash-test-metrics-token';
// Demo staff (apps/server/src/demo/riders.ts) who ask for password resets during the load.
const resetEmails = ['dispatcher@dastak.local', 'agent@dastak.local', 'agent2@dastak.local'];
const env = {
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DEMO_DATA: 'on',
  DEMO_ORDERS: '20',
  DEMO_STAFF_PASSWORD: staffPassword,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'warn',
  // The outbox backlog is read from the metrics while the (embedded) database is the server's.
  METRICS_TOKEN: metricsToken,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ackedOrders = new Set<string>();
const ackedPings: { riderId: number; latitude: number }[] = [];
let attempts = 0;
let pingSeq = 0;
let resetsAcked = 0;
const figures = { cycles: 0, opens: [] as number[], starts: [] as number[], lost: 0 };
const outboxDir = path.join(dataDir, 'outbox');
/** Log lines of every server run: resends the file sink refused are counted from them. */
const serverLogs: string[] = [];

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

/**
 * Restarts the server once more, waits (bounded) until its outbox has nothing pending or
 * sending, stops it, and compares the outbox rows with the .eml files of the sink.
 */
async function drainOutbox(port: number) {
  let aged = 0;
  if (databaseUrl) {
    // On PostgreSQL a killed instance's claims are requeued once stale (another instance may be
    // sending); the restart stands in for one coming STALE_CLAIM_MS later. The embedded
    // database requeues them on start (one server at a time).
    const handle = await openDb({ databaseUrl });
    try {
      const { rows } = (await handle.db.execute(sql`
        update outbox set claimed_at = claimed_at - ${STALE_CLAIM_MS}::double precision * interval '1 millisecond'
        where state = 'sending' returning id`)) as unknown as { rows: unknown[] };
      aged = rows.length;
    } finally {
      await handle.close();
    }
  }
  const server = await spawnServer(env, 300, port);
  const started = Date.now();
  try {
    for (;;) {
      const res = await fetch(`${server.url}/api/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      const backlog = /^dastak_outbox_backlog (\d+)/m.exec(await res.text())?.[1];
      if (backlog === '0') break;
      if (Date.now() - started > 60_000) throw new Error(`outbox backlog ${backlog} after 60 s`);
      await sleep(250);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    serverLogs.push(server.output());
  }
  const drainMs = Date.now() - started;
  const handle = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const { rows } = (await handle.db.execute(
      sql`select id, created, state from outbox where kind = 'email' order by id`,
    )) as unknown as { rows: { id: number; created: string | Date; state: string }[] };
    const files = fs.existsSync(outboxDir)
      ? fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml') && !f.startsWith('.'))
      : [];
    const expected = new Set(
      rows.map((r) => emlFileOf(outboxMessageKey({ id: r.id, created: new Date(r.created) }))),
    );
    // One file per Message-ID: a message written under two names would show here.
    const messageIds = files.map(
      (f) => /^Message-ID: (.*)$/im.exec(fs.readFileSync(path.join(outboxDir, f), 'utf8'))?.[1],
    );
    return {
      rows: rows.length,
      sent: rows.filter((r) => r.state === 'sent').length,
      unsent: rows.filter((r) => r.state !== 'sent').length,
      files: files.length,
      missing: [...expected].filter((f) => !files.includes(f)).length,
      orphans: files.filter((f) => !expected.has(f)).length,
      duplicates: messageIds.length - new Set(messageIds).size,
      refused: serverLogs.join('').split('outbox: message already sent').length - 1,
      aged,
      drainMs,
    };
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
            body: { latitude, longitude: 67.05, battery: 80, network_state: true },
          });
          ackedPings.push({ riderId, latitude });
        } catch {
          // not acknowledged: not counted
        }
      }
    };
    const reset = async (url: string) => {
      for (let k = cycle; running; k++) {
        attempts++;
        try {
          const res = await fetch(`${url}/api/v1/auth/password-reset-request/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: resetEmails[k % resetEmails.length] }),
          });
          if (res.ok) resetsAcked++;
        } catch {
          // not acknowledged: not counted
        }
        // The route allows 30 a minute from one address; the restarts reset the count.
        await sleep(120);
      }
    };
    const load = [book(), book(), ping(), ping(), reset(server.url)];
    await sleep(1000 + Math.floor(Math.random() * 3000));
    server.child.kill('SIGKILL');
    await server.exited;
    serverLogs.push(server.output());
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
  if (figures.cycles > 0) {
    const mail = await drainOutbox(server.port);
    console.log(
      `outbox: ${resetsAcked} password resets acknowledged, ${mail.rows} emails enqueued, ` +
        `${mail.sent} sent, ${mail.files} .eml files; missing ${mail.missing}, ` +
        `duplicates ${mail.duplicates}, files without a row ${mail.orphans}, unsent ${mail.unsent}; ` +
        `resends refused by the sink ${mail.refused}, stale claims aged ${mail.aged}, ` +
        `drained in ${mail.drainMs} ms`,
    );
    if (mail.missing || mail.duplicates || mail.orphans || mail.unsent || mail.rows < resetsAcked)
      failed = true;
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
