import { performance } from 'node:perf_hooks';

/**
 * The soak's client-side meter: every request this process sends to the server passes through a
 * wrapped global fetch (the simulator's ApiClient, the dashboards, the order lists, the floors),
 * which counts its answer by status class and times it to the last byte of the body.
 */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'error';
export type Timed = 'ping' | 'orderList' | 'health' | 'bare' | 'pingToStream';

export class Window {
  requests = 0;
  readonly byClass: Record<StatusClass, number> = {
    '2xx': 0,
    '3xx': 0,
    '4xx': 0,
    '5xx': 0,
    error: 0,
  };
  readonly ms: Record<Timed, number[]> = {
    ping: [],
    orderList: [],
    health: [],
    bare: [],
    pingToStream: [],
  };
  /** Method and path (ids and query cut) of the first few 5xx answers, for the report. */
  readonly fiveXx: string[] = [];
}

const classOf = (status: number): StatusClass =>
  status >= 500
    ? '5xx'
    : status >= 400
      ? '4xx'
      : status >= 300
        ? '3xx'
        : status > 0
          ? '2xx'
          : 'error';

/** Ids in paths and query strings would make every call its own kind. */
export const routeOf = (method: string, path: string) =>
  `${method} ${path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`;

/** What a call is timed as: a single location ping, an orders list page, the health floor. */
function timedAs(method: string, path: string, body: unknown): Timed | null {
  if (method === 'POST' && path === '/api/v1/rider-app/location/') {
    // A batch uploaded after an offline spell is a different call: only single fixes count.
    return typeof body === 'string' && !body.startsWith('{"pings"') ? 'ping' : null;
  }
  if (method === 'GET' && /^\/api\/v1\/orders\/(blood|xray)\/\?/.test(path)) return 'orderList';
  if (method === 'GET' && path.startsWith('/api/health')) return 'health';
  return null;
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const LOGIN_PATH = '/api/v1/auth/login/';

export class Meter {
  window = new Window();
  readonly routes5xx = new Map<string, number>();
  /** Every request by route, and network errors by their cause (a timeout, a reset...). */
  readonly routes = new Map<string, number>();
  readonly errorCauses = new Map<string, number>();
  /** Set before the server is stopped: answers after it are the shutdown's, not the soak's. */
  closed = false;
  afterClose = 0;
  /** Ping send times by position, matched by the streams' riderPosition events. */
  private readonly sentPings = new Map<string, number>();
  private readonly loginAddress = new Map<string, number>();

  constructor(
    private readonly base: string,
    /** Dispatchers that send from other loopback addresses (one per simulated phone network). */
    private readonly loginDispatchers: unknown[],
  ) {}

  /** Ends the current window and starts a new one. */
  take(): Window {
    const w = this.window;
    this.window = new Window();
    const old = performance.now() - 30_000;
    for (const [k, t] of this.sentPings) if (t < old) this.sentPings.delete(k);
    return w;
  }

  time(kind: Timed, ms: number) {
    this.window.ms[kind].push(ms);
  }

  /** A riderPosition event arrived on a stream: the time since its ping was sent. */
  positionSeen(latitude: number, longitude: number) {
    const key = `${latitude},${longitude}`;
    const sent = this.sentPings.get(key);
    if (sent === undefined) return;
    this.sentPings.delete(key);
    this.time('pingToStream', performance.now() - sent);
  }

  private count(method: string, path: string, status: number, error?: unknown) {
    if (this.closed) {
      this.afterClose++;
      return;
    }
    const w = this.window;
    const route = routeOf(method, path);
    this.routes.set(route, (this.routes.get(route) ?? 0) + 1);
    if (error !== undefined) {
      const e = error as { name?: string; cause?: { code?: string; name?: string } };
      const cause = `${route}: ${e.cause?.code ?? e.cause?.name ?? e.name ?? 'error'}`;
      this.errorCauses.set(cause, (this.errorCauses.get(cause) ?? 0) + 1);
    }
    w.requests++;
    const c = classOf(status);
    w.byClass[c]++;
    if (c === '5xx') {
      this.routes5xx.set(route, (this.routes5xx.get(route) ?? 0) + 1);
      if (w.fiveXx.length < 5) w.fiveXx.push(`${route} ${status}`);
    }
  }

  /** Replaces global fetch; calls to anything but the server pass straight through. */
  install(): typeof fetch {
    const original = globalThis.fetch;
    const wrapped = async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith(this.base)) return original(input, init);
      const path = url.slice(this.base.length);
      const method = init?.method ?? 'GET';
      if (path.startsWith('/api/v1/realtime/stream')) {
        const res = await original(input, init).catch((e) => {
          this.count(method, path, 0, e);
          throw e;
        });
        this.count(method, path, res.status);
        return res;
      }
      const kind = timedAs(method, path, init?.body);
      const t0 = performance.now();
      if (kind === 'ping') {
        const { latitude, longitude } = JSON.parse(init?.body as string);
        this.sentPings.set(`${latitude},${longitude}`, t0);
      }
      let sendInit = init;
      if (method === 'POST' && path === LOGIN_PATH && this.loginDispatchers.length) {
        const email = String(JSON.parse(String(init?.body ?? '{}')).email ?? '');
        let i = this.loginAddress.get(email);
        if (i === undefined) {
          i = this.loginAddress.size % this.loginDispatchers.length;
          this.loginAddress.set(email, i);
        }
        sendInit = { ...init, dispatcher: this.loginDispatchers[i] } as RequestInit;
      }
      try {
        const res = await original(input, sendInit);
        const body = await res.arrayBuffer();
        const ms = performance.now() - t0;
        this.count(method, path, res.status);
        if (kind && res.ok) this.time(kind, ms);
        return new Response(NULL_BODY.has(res.status) ? null : body, {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers,
        });
      } catch (e) {
        this.count(method, path, 0, e);
        throw e;
      }
    };
    globalThis.fetch = wrapped as typeof fetch;
    return original;
  }
}

/**
 * Phones log in from addresses of their own; this one process would otherwise be held to the
 * server's 30 logins a minute per address (docs/decisions/0011) and 150 riders would take six
 * minutes to come on. Other 127.0.0.x addresses reach the same 127.0.0.1 listener. The dispatcher
 * class is the one behind Node's own fetch (undici is not a dependency); when it cannot be found
 * the logins come from 127.0.0.1 at the simulator's pace.
 */
export function loopbackDispatchers(count: number): unknown[] {
  const global = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')];
  const Agent = (global as { constructor?: new (o: object) => unknown } | undefined)?.constructor;
  if (Agent?.name !== 'Agent') return [];
  return Array.from({ length: count }, (_, i) => new Agent({ localAddress: `127.0.0.${i + 2}` }));
}
