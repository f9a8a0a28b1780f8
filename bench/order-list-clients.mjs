/**
 * The clients of bench/order-list.bench.ts, on a thread of their own so that making requests
 * and reading answers does not share the server's event loop (a real console is elsewhere).
 * Each phase message (endpoint, bare HTTP or raw) runs `clients` loops of `perClient` calls through the mix, in turn from a
 * different offset per client, and answers the latencies by mix index.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { port, barePort, token, paths, raw, databaseUrl, clients } = workerData;
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: clients }) : null;

/**
 * One keep-alive HTTP/1.1 connection per client, read by Content-Length. Why not node:http: its
 * client costs about 0.5 ms of CPU per request, on the same two cores as the server it measures;
 * this costs a tenth of that, so the endpoint's figure is the server's, not the client's.
 */
class Connection {
  constructor(port) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.setNoDelay(true);
    this.buffer = Buffer.alloc(0);
    this.pending = null;
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (error) => this.pending?.reject(error));
    // A server that closes an idle connection must fail the phase, not leave it waiting forever.
    this.socket.on('close', () => this.pending?.reject(new Error(`connection to ${port} closed`)));
  }

  get(path) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`,
      );
    });
  }

  onData(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    if (!Number.isFinite(length)) {
      this.pending?.reject(new Error(`no Content-Length in:\n${head}`));
      return;
    }
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    const status = Number(head.slice(9, 12));
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ status, body });
  }

  close() {
    this.socket.destroy();
  }
}

const connections = {
  endpoint: Array.from({ length: clients }, () => new Connection(port)),
  bare: Array.from({ length: clients }, () => new Connection(barePort)),
};

const counts = paths.map(() => '');

async function call(kind, i, c) {
  if (kind === 'raw') {
    await pool.query({ name: raw[i].name, text: raw[i].sql, values: raw[i].params });
    return;
  }
  const res = await connections[kind][c].get(paths[i]);
  if (res.status !== 200) throw new Error(`${paths[i]}: ${res.status} ${res.body}`);
  if (kind === 'endpoint' && !counts[i]) {
    const page = JSON.parse(res.body);
    counts[i] = `${page.count}${page.countIsCapped ? '+' : ''}`;
  }
}

parentPort.on('message', async ({ kind, perClient }) => {
  if (kind === 'stop') {
    for (const connection of [...connections.endpoint, ...connections.bare]) connection.close();
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
        await call(kind, i, c);
        samples[i].push(performance.now() - t0);
      }
    }),
  );
  parentPort.postMessage({ samples, counts });
});
