import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@dastak/core/permissions';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLogger,
  loggerOptions,
  RequestLogController,
  RequestLogger,
  urlWithoutQueryValues,
} from './logger';
import { bearer, createTestApp, createUser, login } from './test/test-app';

// What the app logs, line by line, through the production logger options at the default level.
const lines: Record<string, unknown>[] = [];
const capture = {
  write(chunk: string) {
    for (const line of chunk.split('\n')) if (line) lines.push(JSON.parse(line));
  },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let user: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp(
    {},
    { loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, capture) },
  );
  const u = await createUser(t, [PERMISSIONS.CAN_VIEW_ORDER]);
  user = { id: u.id, token: (await login(t.app, u.email, u.password)).token };
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

describe('request log', () => {
  it('writes exactly one line per request, on completion: method, url without query values, status, time, user', async () => {
    const res = await t.app.inject({
      url: '/api/v1/orders/blood/states/?search=03001234567&page=2',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/v1/orders/blood/states/?search&page',
      statusCode: 200,
      userId: user.id,
    });
    expect(typeof line?.responseTime).toBe('number');
    // Neither the searched phone number nor the credentials reach the log.
    const text = JSON.stringify(lines);
    expect(text).not.toContain('03001234567');
    expect(text).not.toContain(user.token);
  });

  it('writes one line for refused and unknown requests too, without a user', async () => {
    await t.app.inject({ url: '/api/v1/orders/blood/states/' });
    await t.app.inject({ url: '/api/v1/no-such-thing/?phone=03001234567' });
    expect(lines.map((l) => [l.statusCode, l.url, l.userId])).toEqual([
      [401, '/api/v1/orders/blood/states/', undefined],
      [404, '/api/v1/no-such-thing/?phone', undefined],
    ]);
  });

  it('is the line pino itself writes for the same fields, the request id included', async () => {
    await t.app.inject({ url: '/api/v1/orders/blood/states/', headers: bearer(user.token) });
    const [line] = lines;
    // The line is put together by hand (ADR 0022): same fields, same order, as pino's own.
    const expected: Record<string, unknown>[] = [];
    const reference = pino(loggerOptions('info') as pino.LoggerOptions, {
      write: (chunk: string) => expected.push(JSON.parse(chunk)),
    });
    reference.child({ reqId: line?.reqId }).info(
      {
        method: line?.method,
        url: line?.url,
        statusCode: line?.statusCode,
        responseTime: line?.responseTime,
        userId: line?.userId,
      },
      'request',
    );
    // A random tag of the process and a counter (lib/request-id.ts).
    expect(line?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(Object.keys(line ?? {})).toEqual(Object.keys(expected[0] ?? {}));
    expect({ ...line, time: 0 }).toEqual({ ...expected[0], time: 0 });
  });

  it("gives a request's own log lines its request id, making pino's child only when one is logged", () => {
    const parent = pino(loggerOptions('info') as pino.LoggerOptions, capture);
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    }) as typeof parent.child;
    const log = new RequestLogger(parent, { reqId: 'req-7' });
    log.debug('below the level');
    expect(children).toBe(0);
    log.warn({ detail: 'x' }, 'geocoder unreachable');
    log.error('again');
    expect(children).toBe(1);
    expect(lines.map((l) => [l.reqId, l.level, l.msg])).toEqual([
      ['req-7', 40, 'geocoder unreachable'],
      ['req-7', 50, 'again'],
    ]);
  });

  it('takes every query value out of the url, keeping the names', () => {
    expect(urlWithoutQueryValues('/a/?x=1&y=&z')).toBe('/a/?x&y&z');
    expect(urlWithoutQueryValues('/a/?search=Ayesha%20Khan')).toBe('/a/?search');
    expect(urlWithoutQueryValues('/a/?')).toBe('/a/');
    expect(urlWithoutQueryValues('/a/')).toBe('/a/');
  });

  it('logs no customer link id or reset token, in page or API paths', () => {
    const id = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3Jh';
    expect(urlWithoutQueryValues(`/app/order-review/${id}`)).toBe('/app/order-review/:id');
    expect(urlWithoutQueryValues(`/app/rider-live-location/${id}?x=1`)).toBe(
      '/app/rider-live-location/:id?x',
    );
    expect(urlWithoutQueryValues(`/app/password-reset/${id}`)).toBe('/app/password-reset/:id');
    expect(urlWithoutQueryValues(`/api/v1/feedback/order_review/${id}/`)).toBe(
      '/api/v1/feedback/order_review/:id/',
    );
    expect(urlWithoutQueryValues(`/api/v1/feedback/physical_visit/${id}`)).toBe(
      '/api/v1/feedback/physical_visit/:id',
    );
    expect(urlWithoutQueryValues(`/api/v1/feedback/cro-feedback/${id}/`)).toBe(
      '/api/v1/feedback/cro-feedback/:id/',
    );
    expect(urlWithoutQueryValues(`/api/v1/location/rider-live-location/${id}/`)).toBe(
      '/api/v1/location/rider-live-location/:id/',
    );
    // Routes without a secret stay as they are.
    expect(urlWithoutQueryValues('/api/v1/feedback/physical_visit_questions/')).toBe(
      '/api/v1/feedback/physical_visit_questions/',
    );
    expect(urlWithoutQueryValues('/app/order-review-success')).toBe('/app/order-review-success');
    expect(urlWithoutQueryValues('/app/blood/orders/detail/12')).toBe(
      '/app/blood/orders/detail/12',
    );
  });
});

describe('rider pings in the log', () => {
  it('write no info line each (8.6 M a day at 1,000 riders) but one count a minute', async () => {
    // The real ping route: refused here (no token), and still not a line at info.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider-app/location/',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);

    // The count, on a controller of its own (the app's writes it every QUIET_SUMMARY_MS).
    const own: Record<string, unknown>[] = [];
    const controller = new RequestLogController();
    const app = Fastify({
      loggerInstance: pino({ level: 'debug' }, { write: (l: string) => own.push(JSON.parse(l)) }),
      logController: controller,
    });
    app.post('/ping', { config: { logQuietly: true } }, async () => ({ ok: true }));
    app.get('/other', async () => ({ ok: true }));
    for (let i = 0; i < 3; i++) await app.inject({ method: 'POST', url: '/ping' });
    await app.inject({ url: '/other' });
    controller.close();
    await app.close();
    const requests = own.filter((l) => l.msg === 'request');
    // At debug, each quiet request is still there; the other is at info, as always.
    expect(requests.map((l) => [l.level, l.url])).toEqual([
      [20, '/ping'],
      [20, '/ping'],
      [20, '/ping'],
      [30, '/other'],
    ]);
    expect(own.filter((l) => l.msg === 'quiet requests')).toMatchObject([
      { level: 30, requests: 3, failed: 0 },
    ]);
  });
});

describe('production logger', () => {
  it('writes every line logged before it is closed (the asynchronous destination is flushed)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-log-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    const { log, close } = createLogger('info', fd);
    for (let i = 0; i < 500; i++) log.info({ i }, 'line');
    await close(); // closes the file too
    const written = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(written).toHaveLength(500);
    expect(JSON.parse(written[499] ?? '{}').i).toBe(499);
  });
});

describe('log lines on a terminal', () => {
  it('are readable lines with the same fields; a file gets the JSON line', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-log-')), 'out.log');
    for (const pretty of [true, false]) {
      const fd = fs.openSync(file, 'w');
      const { log, close } = createLogger('info', fd, pretty);
      log.info(
        {
          reqId: 'ab12-3',
          method: 'GET',
          url: '/api/v1/x/?search',
          statusCode: 200,
          responseTime: 1.5,
        },
        'request',
      );
      log.warn({ reqId: 'ab12-4', err: new Error('geocoder unreachable') }, 'fell back');
      await close();
      const text = fs.readFileSync(file, 'utf8');
      if (pretty) {
        const [request, warn] = text.split('\n');
        expect(request).toMatch(
          /^\d\d:\d\d:\d\d INFO {2}GET \/api\/v1\/x\/\?search 200 1\.5 ms reqId=ab12-3$/,
        );
        expect(warn).toMatch(/^\d\d:\d\d:\d\d WARN {2}fell back err="geocoder unreachable"$/);
        expect(text).toContain('reqId=ab12-4');
        expect(text).not.toContain('"level"');
      } else {
        expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({
          level: 30,
          msg: 'request',
          reqId: 'ab12-3',
        });
      }
    }
  });
});

describe('a server error', () => {
  it('answers its request id, the id of the logged error line', async () => {
    // A database that is gone: the list's statement fails, which no input can cause.
    const broken = await createTestApp(
      {},
      { loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, capture) },
    );
    const u = await createUser(broken, [PERMISSIONS.CAN_VIEW_ORDER]);
    const token = (await login(broken.app, u.email, u.password)).token;
    await broken.app.dbHandle.close();
    lines.length = 0;
    const res = await broken.app.inject({ url: '/api/v1/orders/blood/', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.detail).toBe('Uh oh, it seems that something has gone wrong on our end');
    expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const logged = lines.filter((l) => l.reqId === body.requestId);
    expect(logged.map((l) => l.level)).toContain(50);
    // Nothing of the failure leaks to the client.
    expect(Object.keys(body).sort()).toEqual(['detail', 'requestId']);
    await broken.app.close().catch(() => {});
  });
});

describe('a failed statement in the log', () => {
  it('keeps the statement and the code, not the values (phone numbers, names)', () => {
    const written: string[] = [];
    const log = pino(loggerOptions('info') as pino.LoggerOptions, {
      write: (chunk: string) => written.push(chunk),
    });
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'customers_phone_key',
      detail: 'Key (phone)=(03001234567) already exists.',
    });
    const failed = new DrizzleQueryError(
      'insert into customers (phone, first_name) values ($1, $2)',
      ['03001234567', 'Ayesha'],
      cause,
    );
    log.error({ err: failed }, 'unhandled error');
    log.error({ err: cause }, 'unhandled error');
    const text = written.join('');
    expect(text).not.toContain('03001234567');
    expect(text).not.toContain('Ayesha');
    expect(text).toContain('insert into customers (phone, first_name) values ($1, $2)');
    expect(text).toContain('params: [redacted]');
    expect(text).toContain('customers_phone_key');
    expect(text).toContain('23505');
  });
});
