import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, serverArgs } from '../apps/server/src/ops/spawn-server';

/**
 * Per-request overhead (ADR 0022): an authenticated JSON route that touches no database,
 * GET /api/v1/orders/blood/states/, on the real server (the bundle of apps/server/src/main.ts
 * that `npm start` runs, ADR 0046: PGlite in a temp DATA_DIR, LOG_LEVEL info, its log going through the production
 * destination to /dev/null), against a bare node:http server answering the same bytes, in the
 * same run. Each server is a process of its own; autocannon drives them from this one, one after
 * the other, 10 connections for BENCH_SECONDS (30) each after a short warm-up, in alternating
 * 5 s slices. Besides req/s it prints each process's CPU time a request (Linux), which holds up
 * better than req/s when other work shares the machine.
 * Target: the route serves at least 0.5x the bare server's requests a second, on the runtime
 * deployments run: Node 24, the current LTS (docs/operations.md; scripts/node24.sh installs it
 * into .tmp/node24 from npm the first time). The same comparison then runs on the Node that runs
 * this file (20 here, end of life since April 2026) and is printed beside it, not judged.
 *
 *   npm run bench:json-route -w @dastak/bench
 *
 * BENCH_LOG_LEVEL sets the server's LOG_LEVEL (default info, the production default);
 * BENCH_SECONDS and BENCH_CONNECTIONS the load; BENCH_BASELINE=<checkout dir> also runs that
 * checkout's server, interleaved, for an A/B of a change; BENCH_NODE=<binary> measures that Node
 * alone instead of the two.
 */
// 30 s a side in 5 s slices: this machine's speed drifts by 15% within seconds (the same server
// read 76-100 us of CPU a request in consecutive 8 s windows), and two 5 s halves a side let
// that drift alone move the ratio from 0.43x to 0.56x between runs.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SLICE_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const TARGET = 0.5;
const ROUTE = '/api/v1/orders/blood/states/';

const root = path.resolve(import.meta.dirname, '..');
const adminEmail = 'bench@dastak.local';
const adminPassword = randomBytes(12).toString('hex');

async function waitFor(url: string, child: ChildProcess, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', stopAll);

/** The real server from the checkout at `checkout`, started as `npm start` starts it, on `node`. */
async function startServer(checkout: string, node: string) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-bench-json-'));
  dataDirs.push(dir);
  const child = spawn(
    node,
    [
      // BENCH_CPU_PROF=<dir> writes the server's CPU profile there (read its top self times).
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      ...serverArgs(checkout),
    ],
    {
      cwd: checkout,
      // Its stdout (the log) goes to /dev/null.
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DEMO_DATA: 'off',
        LOG_LEVEL,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        NODE_ENV: 'production',
      },
    },
  );
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child, 120);
  const login = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { url, child, headers: { authorization: `Bearer ${token}` } };
}

const dataDirs: string[] = [];

/** The bare floor and the real server (and BENCH_BASELINE's) on one Node binary, side by side. */
async function measure(node: string) {
  const app = await startServer(root, node);
  // BENCH_BASELINE=<another checkout> runs that checkout's server too, interleaved with this one
  // (an A/B of a change on the same machine load; node_modules resolve as in this one).
  const baseline = process.env.BENCH_BASELINE
    ? await startServer(process.env.BENCH_BASELINE, node)
    : null;
  const appUrl = app.url;
  const headers = app.headers;

  const sample = await fetch(`${appUrl}${ROUTE}`, { headers });
  if (!sample.ok) throw new Error(`${ROUTE}: ${sample.status}`);
  const body = await sample.text();

  // The floor: node:http answering the same body, in a process of its own like the server.
  const barePort = await freePort();
  const bareSource = `
    const body = Buffer.from(process.env.BODY);
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const bare = spawn(node, ['-e', bareSource], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PORT: String(barePort), BODY: body },
  });
  children.push(bare);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareUrl}${ROUTE}`, bare, 20);

  const drive = async (url: string, seconds: number, pid?: number, auth = headers) => {
    const cpu0 = cpuMs(pid);
    const result = await autocannon({
      url: `${url}${ROUTE}`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: auth,
    });
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0) throw new Error(`${url}: ${bad} failed requests of ${result.requests.total}`);
    return {
      requests: result.requests.total,
      seconds,
      cpuMs: cpuMs(pid) - cpu0,
      p99: [result.latency.p99],
    } satisfies Run;
  };

  // Warm-up: JIT, connection set-up and the token cache, on every side.
  await drive(bareUrl, 2);
  await drive(appUrl, 3);
  if (baseline) await drive(baseline.url, 3, undefined, baseline.headers);
  // Alternating slices, so a change in the machine's load during the run falls on every side.
  const slices = Math.max(2, Math.round(SECONDS / SLICE_SECONDS));
  let floor = none();
  let route = none();
  let base = baseline ? none() : null;
  for (let slice = 0; slice < slices; slice++) {
    const seconds = SECONDS / slices;
    floor = add(floor, await drive(bareUrl, seconds, bare.pid));
    route = add(route, await drive(appUrl, seconds, app.child.pid));
    if (baseline && base) {
      base = add(base, await drive(baseline.url, seconds, baseline.child.pid, baseline.headers));
    }
  }
  for (const child of [app.child, bare, ...(baseline ? [baseline.child] : [])]) {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
  return { body, floor, route, base };
}

/** CPU time (user + system, ms) a process has used: per request, it holds up on a shared machine. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ 100
  } catch {
    return Number.NaN; // not Linux: req/s only
  }
}

interface Run {
  requests: number;
  seconds: number;
  cpuMs: number;
  p99: number[];
}
const none = (): Run => ({ requests: 0, seconds: 0, cpuMs: 0, p99: [] });
const add = (a: Run, b: Run): Run => ({
  requests: a.requests + b.requests,
  seconds: a.seconds + b.seconds,
  cpuMs: a.cpuMs + b.cpuMs,
  p99: [...a.p99, ...b.p99],
});
const rps = (r: Run) => r.requests / r.seconds;
const cpuPerRequest = (r: Run) => (r.cpuMs * 1000) / r.requests;
const line = (name: string, r: Run) =>
  `  ${name.padEnd(26)} ${rps(r).toFixed(0).padStart(7)} req/s   ${cpuPerRequest(r).toFixed(0).padStart(4)} us CPU a request   p99 ${Math.max(...r.p99)} ms`;
const versionOf = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

// The deployment runtime first (judged), then the Node running this file (printed beside it).
const runtimes = process.env.BENCH_NODE
  ? [process.env.BENCH_NODE]
  : [
      execFileSync('bash', [path.join(root, 'scripts/node24.sh')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }).trim(),
      process.execPath,
    ];
let judged: number | undefined;
for (const node of runtimes) {
  const { body, floor, route, base } = await measure(node);
  const ratio = rps(route) / rps(floor);
  judged ??= ratio;
  console.log(
    `JSON route ${ROUTE} (${body.length} bytes) on Node ${versionOf(node)}, ${CONNECTIONS} connections, ${SECONDS} s each, LOG_LEVEL=${LOG_LEVEL}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(line('bare node:http (floor)', floor));
  console.log(line('server (npm start)', route));
  if (base) {
    console.log(line('baseline server', base));
    console.log(
      `  baseline ${(rps(base) / rps(floor)).toFixed(2)}x of the floor's req/s (its CPU a request: ${(cpuPerRequest(floor) / cpuPerRequest(base)).toFixed(2)}x)`,
    );
  }
  const verdict =
    node === runtimes[0]
      ? `target >= ${TARGET}x: ${ratio >= TARGET ? 'met' : 'MISSED'}`
      : 'printed, not judged';
  console.log(
    `  ratio ${ratio.toFixed(2)}x of the floor's req/s (its CPU a request: ${(cpuPerRequest(floor) / cpuPerRequest(route)).toFixed(2)}x); ${verdict}`,
  );
}

stopAll();
await Promise.all(
  children.map((c) =>
    c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve(),
  ),
);
for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
if ((judged ?? 0) < TARGET) process.exitCode = 1;
