import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loginToken, ROOT, spawnServer } from '../apps/server/src/ops/spawn-server';

/**
 * Health and the orders list during an embedded backup (ADR 0069, issue 31): the real server
 * (`npm start`'s bundle) on the demo database in a temp DATA_DIR, `/api/health` and the blood
 * orders list asked in turn every 100 ms on 127.0.0.1, first for BENCH_SECONDS with nothing else
 * running (the floor), then while `npm run backup` takes a backup from the running server.
 * Target: every answer during the backup within 1 s (before ADR 0069: 9.3 s).
 *
 *   npm run bench:backup-health -w @dastak/bench
 *
 * DEMO_ORDERS (default 20,000, the demo database) and BENCH_SECONDS (default 10) bound it.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = process.env.DEMO_ORDERS ?? '20000';
const TARGET_MS = 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-bench-backup-'));
const started = Date.now();
const ADMIN = { email: 'admin@dastak.local', password: 'bench-admin-password' };
const server = await spawnServer(
  { DATA_DIR: dir, DEMO_ORDERS: ORDERS, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' },
  600,
);
console.log(
  `demo database of ${ORDERS} orders ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

/** Asks health and the orders list in turn every 100 ms until `until` resolves; the times. */
async function poll(token: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  const urls = [
    [`${server.url}/api/health`, {}],
    [`${server.url}/api/v1/orders/blood/?page=1`, { authorization: `Bearer ${token}` }],
  ] as const;
  for (let i = 0; !done && i < 10_000; i++) {
    const [url, headers] = urls[i % 2] ?? urls[0];
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  return times.sort((a, b) => a - b);
}
const describe = (t: number[]) =>
  `${t.length} answers, p50 ${t[Math.floor(t.length / 2)]?.toFixed(0)} ms, max ${t.at(-1)?.toFixed(0)} ms`;

let failed = false;
try {
  const token = await loginToken(server.url, ADMIN.email, ADMIN.password);
  const floor = await poll(token, new Promise((r) => setTimeout(r, SECONDS * 1000)));
  const out = path.join(dir, 'bench.tar.gz');
  const backup = promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'apps/server/src/ops/backup-cli.ts'),
      'backup',
      '--out',
      out,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
  );
  const during = await poll(token, backup);
  const { stdout } = await backup;
  const held = /"heldMs":(\d+)/.exec(server.output())?.[1];
  console.log(`floor (nothing else running): ${describe(floor)}`);
  console.log(`during the backup:            ${describe(during)}`);
  console.log(`${stdout.trim()}; statements held ${held} ms`);
  const worst = during.at(-1) ?? 0;
  failed = worst > TARGET_MS;
  console.log(
    `${failed ? 'FAIL' : 'ok'}: slowest answer during the backup ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS} ms)`,
  );
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
