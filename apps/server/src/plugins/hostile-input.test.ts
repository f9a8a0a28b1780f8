import { ERRORS, INPUT_MESSAGES } from '@dastak/core/messages';
import { ALL_PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import { keysToCamel } from '@dastak/core/wire-case';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import {
  apiRoutes,
  fieldsOf,
  fillPath,
  isCatalogueMessage,
  isIdField,
  snake,
  typeOf,
} from '../test/route-walk';
import { bearer, createTestApp, createUser, login, randomAddress } from '../test/test-app';
import type { RouteEntry } from './auth';

/**
 * Hostile input on every route of the table, as an admin (a rider on rider routes): ids past the
 * int4 range of the id columns, NUL characters, keys named like Object's own properties, and
 * values of the wrong type. None may reach PostgreSQL (a 500); each answers in `{detail}` with a
 * sentence from core's messages.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let adminUser: { id: number; email: string; userType: number };
let rider: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t, ALL_PERMISSIONS);
  admin = bearer((await login(t.app, u.email, u.password)).token);
  adminUser = { id: u.id, email: u.email, userType: USER_TYPES.STAFF };
  // A rider who exists: a token of a user who does not is refused (ADR 0030).
  const [riderRow] = await t.db
    .insert(users)
    .values({ email: 'rider@test.local', firstName: 'Rider', userType: USER_TYPES.RIDER })
    .returning({ id: users.id });
  const riderToken = await t.app.tokens.signAccess({
    id: riderRow!.id,
    email: 'rider@test.local',
    userType: USER_TYPES.RIDER,
    permissions: [],
  });
  rider = bearer(riderToken);
});
afterAll(() => t.close());

const BIG_IDS = ['2147483648', '9007199254740991', '99999999999999999999'];
const hasBody = (r: RouteEntry) => r.method !== 'GET' && r.method !== 'DELETE';

/** Routes that end the caller's session (ADR 0053): each call on a session of its own. */
const ENDS_SESSIONS = /\/auth\/logout|\/sessions\/end-all|\/deactivate/;

async function send(
  r: RouteEntry,
  opts: { path?: string; query?: Record<string, string>; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const own = ENDS_SESSIONS.test(r.url)
    ? bearer(await t.app.tokens.signAccess({ ...adminUser, permissions: [...ALL_PERMISSIONS] }))
    : admin;
  return t.app.inject({
    method: r.method as 'GET',
    url: fillPath(r.url, opts.path ?? '1'),
    query: opts.query,
    headers: r.access === ROUTE_ACCESS.RIDER ? rider : own,
    remoteAddress: randomAddress(),
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
}

/** The JSON body, or {} when the answer is not JSON (a CSV, a page). */
function jsonOf(res: LightMyRequestResponse): {
  detail?: unknown;
  errors?: Record<string, string[]>;
} {
  try {
    return res.json();
  } catch {
    return {};
  }
}

/** '' when the answer is the `{detail}` shape with that status, else what is wrong. */
function shapeProblem(res: LightMyRequestResponse, status: number): string {
  if (res.statusCode !== status) return `answered ${res.statusCode} ${res.body.slice(0, 160)}`;
  return typeof jsonOf(res).detail === 'string' ? '' : `no detail: ${res.body.slice(0, 160)}`;
}

describe('ids past the int4 range', () => {
  it('is Not found. (404) in every path id', async () => {
    const problems: string[] = [];
    const routes = apiRoutes(t.app).filter((r) => /:(id|orderId)\b/.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      for (const id of BIG_IDS) {
        const res = await send(r, { path: id, payload: hasBody(r) ? {} : undefined });
        const problem = shapeProblem(res, 404);
        if (problem || jsonOf(res).detail !== ERRORS.NOT_FOUND) {
          problems.push(`${r.method} ${r.url} id=${id}: ${problem || res.body}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('is a 400 naming the field in every query id', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const r of apiRoutes(t.app)) {
      // The audit trail's entity_id is free text (it names records of any kind, ADR 0054).
      const ids = fieldsOf(r.schema?.querystring).filter(
        ([n]) => isIdField(n) && !(r.url.endsWith('/audit-events/') && n === 'entityId'),
      );
      for (const [name] of ids) {
        walked++;
        for (const id of BIG_IDS) {
          const res = await send(r, {
            query: { [snake(name)]: id },
            payload: hasBody(r) ? {} : undefined,
          });
          const problem = shapeProblem(res, 400);
          const errors = Object.keys(jsonOf(res).errors ?? {});
          if (problem || !errors.some((k) => k === name || k.startsWith(`${name}.`))) {
            problems.push(`${r.method} ${r.url} ?${snake(name)}=${id}: ${problem || res.body}`);
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('is a 400 naming the field in every body id', async () => {
    const problems: string[] = [];
    let walked = 0;
    for (const r of apiRoutes(t.app)) {
      // A string id (a customer link's interaction_id) has no integer range to overflow.
      const bodyIds = fieldsOf(r.schema?.body).filter(
        ([n, f]) => isIdField(n) && typeOf(f) !== 'string',
      );
      for (const [name, field] of bodyIds) {
        walked++;
        for (const id of BIG_IDS.slice(0, 2).map(Number)) {
          const value = typeOf(field) === 'array' ? [id] : id;
          const res = await send(r, { payload: { [snake(name)]: value } });
          const problem = shapeProblem(res, 400);
          const errors = Object.keys(jsonOf(res).errors ?? {});
          if (problem || !errors.some((k) => k === name || k.startsWith(`${name}.`))) {
            problems.push(`${r.method} ${r.url} ${snake(name)}=${id}: ${problem || res.body}`);
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });
});

describe('a NUL character in any text', () => {
  it('is refused with a 400 on every route, in the query and in the body', async () => {
    const problems: string[] = [];
    for (const r of apiRoutes(t.app)) {
      const textField = (schema: unknown, fallback: string) =>
        snake(fieldsOf(schema).find(([, f]) => typeOf(f) === 'string')?.[0] ?? fallback);
      const cases = [{ query: { [textField(r.schema?.querystring, 'search')]: 'Ali\u0000' } }];
      if (hasBody(r))
        cases.push({ payload: { [textField(r.schema?.body, 'notes')]: 'a\u0000b' } } as never);
      for (const c of cases) {
        const res = await send(r, {
          ...c,
          payload: (c as { payload?: unknown }).payload ?? (hasBody(r) ? {} : undefined),
        });
        const problem = shapeProblem(res, 400);
        if (problem || jsonOf(res).detail !== INPUT_MESSAGES.NUL_CHARACTER) {
          problems.push(`${r.method} ${r.url} ${JSON.stringify(c)}: ${problem || res.body}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('in a path segment is Not found.', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/blood/1%00/',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: ERRORS.NOT_FOUND });
  });
});

describe('keys named like Object properties are data', () => {
  it('still camelCases a body with a constructor, __proto__ or prototype key', () => {
    const body = JSON.parse(
      '{"constructor": "x", "prototype": 1, "__proto__": {"polluted": true}, "first_name": "A", "nested_list": [{"last_name": "B", "constructor": 2}]}',
    );
    const out = keysToCamel(body) as Record<string, unknown>;
    expect(out.firstName).toBe('A');
    expect(out.nestedList).toEqual([{ lastName: 'B', constructor: 2 }]);
    expect(out.constructor).toBe('x');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    // The query parser's objects: an empty prototype object with a null prototype.
    const query = Object.create(Object.create(null));
    query.page_size = '1';
    query.constructor = 'x';
    expect(keysToCamel(query)).toEqual({ pageSize: '1', constructor: 'x' });
  });

  it('creates a customer from a body that carries a constructor key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/customers/',
      headers: admin,
      payload: {
        constructor: 'x',
        phone: '03331234567',
        first_name: 'Sana',
        last_name: 'Iqbal',
        gender: 2,
        dob: '1990-04-01',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Sana', lastName: 'Iqbal' });
  });

  it('reads a query string with a constructor key', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/customers/',
      headers: admin,
      payload: {
        phone: '03331234569',
        first_name: 'Sara',
        last_name: 'Iqbal',
        gender: 2,
        dob: '1991-04-01',
      },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/entity/customers/?constructor=x&page_size=1&search=Iqbal',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().results).toHaveLength(1);
  });
});

describe('values of the wrong type or format', () => {
  const WRONG_VALUES: unknown[] = [true, 'not valid %', -1, 1.5, { a: 1 }, [], ''];

  it('are answered with sentences of core messages on every route', async () => {
    const leaks: string[] = [];
    for (const r of apiRoutes(t.app)) {
      for (const wrong of WRONG_VALUES) {
        const body = Object.fromEntries(fieldsOf(r.schema?.body).map(([n]) => [snake(n), wrong]));
        const query = Object.fromEntries(
          fieldsOf(r.schema?.querystring).map(([n]) => [snake(n), String(wrong)]),
        );
        if (!Object.keys(body).length && !Object.keys(query).length) continue;
        const res = await send(r, { query, payload: hasBody(r) ? body : undefined });
        expect(res.statusCode, `${r.method} ${r.url} ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 400) continue;
        const json = res.json() as { detail: string; errors?: Record<string, string[]> };
        for (const m of [json.detail, ...Object.values(json.errors ?? {}).flat()]) {
          if (!isCatalogueMessage(m) || /expected|\/\^|Invalid input/.test(m)) {
            leaks.push(`${r.method} ${r.url} ${JSON.stringify(wrong)}: ${m}`);
          }
        }
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it("say 'Required field' only when the value is missing", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/blood/',
      headers: admin,
      payload: { region: 'Gulberg', patient: 1 },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.region).toEqual([INPUT_MESSAGES.NOT_A_NUMBER]);
    expect(errors.customer).toEqual(['Create or Select Customer']);
    const patient = await t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/customers/',
      headers: admin,
      payload: { phone: '03331234568', first_name: 'A', last_name: 'B', gender: 4 },
    });
    expect(patient.json().errors.gender).toEqual([INPUT_MESSAGES.SELECT_OPTION]);
  });
});
