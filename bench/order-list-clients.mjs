/**
 * The clients of bench/order-list.bench.ts, on a thread of their own so that making requests
 * and reading answers does not share the server's event loop (a real console is elsewhere).
 * Each phase message runs `clients` loops of `perClient` calls through the mix, in turn from a
 * different offset per client, and answers the latencies by mix index.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { port, token, paths, raw, databaseUrl, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: clients }) : null;

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

const counts = paths.map(() => '');

async function call(kind, i) {
  if (kind === 'raw') {
    await pool.query(raw[i].sql, raw[i].params);
    return;
  }
  const res = await get(paths[i]);
  if (res.status !== 200) throw new Error(`${paths[i]}: ${res.status} ${res.body}`);
  if (!counts[i]) {
    const page = JSON.parse(res.body);
    counts[i] = `${page.count}${page.countIsCapped ? '+' : ''}`;
  }
}

parentPort.on('message', async ({ kind, perClient }) => {
  if (kind === 'stop') {
    agent.destroy();
    await pool?.end();
    parentPort.close();
    return;
  }
  const samples = paths.map(() => []);
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let k = 0; k < perClient; k++) {
        const i = (c + k) % paths.length;
        const t0 = performance.now();
        await call(kind, i);
        samples[i].push(performance.now() - t0);
      }
    }),
  );
  parentPort.postMessage({ samples, counts });
});
