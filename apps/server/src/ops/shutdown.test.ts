import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { openDb } from '../db/client';
import { users } from '../db/schema/users';
import { seedDataDir } from '../test/db-template';
import { adminSocketOf } from './data-dir';
import {
  exitWithin,
  loginToken,
  type SpawnedServer,
  spawnServer,
  stopLeftover,
  untilRefused,
  untilUnlocked,
} from './spawn-server';

/**
 * SIGTERM on the real server process (main.ts on PGlite in a temp DATA_DIR): a request in flight
 * when the signal arrives still gets its answer, a new connection is refused, a realtime stream
 * ends, the process exits 0 within the bound and releases the data directory's lock, and the
 * database opens afterwards.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-shutdown-'));
const email = 'shutdown@dastak.local';
const password = 'shutdown-test-password';
let server: SpawnedServer | undefined;

afterEach(async () => {
  const s = server;
  server = undefined;
  await stopLeftover(s, dataDir);
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A login whose body arrives in two parts: in flight until `finish` is called. */
function slowLogin(url: string) {
  const body = Buffer.from(JSON.stringify({ email, password }));
  let finish!: () => void;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${url}/api/v1/auth/login/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, 5));
    req.flushHeaders();
    finish = () => req.end(body.subarray(5));
  });
  return { answered, finish: () => finish() };
}

it('SIGTERM drains requests, ends streams, exits 0 and leaves the database whole', async () => {
  await seedDataDir(dataDir);
  server = await spawnServer({
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    DEMO_ORDERS: '0',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  });
  const { url, port } = server;
  const token = await loginToken(url, email, password);
  const auth = { authorization: `Bearer ${token}` };
  const cities = (await (
    await fetch(`${url}/api/v1/location/cities/`, { headers: auth })
  ).json()) as {
    results: { id: number }[];
  };
  const cityId = cities.results[0]?.id;
  expect(cityId).toBeTypeOf('number');

  // A dashboard stream, open and greeted.
  const stream = await fetch(`${url}/api/v1/realtime/stream?city_id=${cityId}`, { headers: auth });
  expect(stream.status).toBe(200);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain('hello');
  // The hub drops its streams' sockets (as it does a stalled client's): the console's fetch sees
  // the body end, cleanly or as `terminated`, and reconnects.
  const streamEnded = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return 'ended';
    } catch (err) {
      return (err as Error).message;
    }
  })();

  const inFlight = slowLogin(url);
  await new Promise((r) => setTimeout(r, 300)); // the headers have reached the server
  const signalled = Date.now();
  server.child.kill('SIGTERM');

  // The stream ends on its own, while the request is still in flight.
  expect(['ended', 'terminated']).toContain(await streamEnded);
  // New connections are refused once the listener has closed; one that lands while it closes
  // may be reset first (untilRefused fails at once if one is served).
  const closing = await untilRefused(port);
  expect(server.child.exitCode).toBeNull(); // still waiting for the request in flight

  inFlight.finish();
  const answer = await inFlight.answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).token).toBeTypeOf('string');

  expect(await exitWithin(server, 15_000)).toBe(0);
  const ms = Date.now() - signalled;
  expect(ms).toBeLessThan(10_000);
  expect(server.output()).toContain('"msg":"stopped"');
  // The lock is released, and a clean stop removes its socket too.
  await untilUnlocked(dataDir);
  expect(fs.existsSync(adminSocketOf(dataDir))).toBe(false);
  console.log(
    `shutdown: exit 0 in ${ms} ms after SIGTERM (in-flight request answered; ` +
      `before the port refused: ${closing.join(', ') || 'nothing'})`,
  );

  // The database opens (and is not left half-written): the admin is still there.
  const handle = await openDb({ dataDir });
  try {
    const rows = await handle.db.select({ email: users.email }).from(users);
    expect(rows.map((r) => r.email)).toContain(email);
  } finally {
    await handle.close();
  }
}, 180_000);

it('a request that never finishes: exit 1 after the 10 s bound, with a log line', async () => {
  server = await spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
  const stuck = slowLogin(server.url); // its body never completes
  stuck.answered.catch(() => {});
  await new Promise((r) => setTimeout(r, 300));
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  expect(await exitWithin(server, 15_000)).toBe(1);
  const ms = Date.now() - signalled;
  expect(ms).toBeGreaterThanOrEqual(10_000);
  expect(ms).toBeLessThan(13_000);
  expect(server.output()).toContain('shutdown did not finish in time; exiting');
  await untilUnlocked(dataDir);
  console.log(`shutdown bound: exit 1 after ${ms} ms with a request held open`);
}, 180_000);
