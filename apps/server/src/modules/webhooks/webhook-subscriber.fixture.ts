import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A lab's system on loopback for the webhook tests: it records every POST (headers and raw body)
 * and answers `status` (200 by default), or never: every request with `hang`, or those that come
 * once `hangFrom` have been recorded (`hung` counts them).
 */
export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** The status it answered. */
  answered: number;
}

export async function startSubscriber() {
  const received: ReceivedHook[] = [];
  const state = { status: 200, hang: false, hangFrom: Number.POSITIVE_INFINITY, hung: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.hang || received.length >= state.hangFrom) {
        state.hung += 1;
        return;
      }
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
        answered: state.status,
      });
      res.statusCode = state.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    state,
    /** The parsed bodies that reached `path` and were answered 2xx, in arrival order. */
    bodies: (path = '/hooks') =>
      received
        .filter((r) => r.path === path && r.answered < 300)
        .map(
          (r) => JSON.parse(r.raw) as { id: string; type: string; data: { order: { id: number } } },
        ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: a subscriber that is down. */
export async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
