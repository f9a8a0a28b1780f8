import { PING_CLOCK_SKEW_MINUTES } from '@dastak/core/constants';
import { FORM_VALIDATION, INPUT_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, customers, patients } from '../db/schema/customers';
import { riderLocationPings } from '../db/schema/riders';
import { users } from '../db/schema/users';
import {
  type Geography,
  insertRider,
  riderToken,
  seedGeography,
} from '../modules/riders/riders.fixtures';
import { createStaffUser } from '../modules/users/users.service';
import {
  apiRoutes,
  dateFormatOf,
  fieldsOf,
  fillPath,
  isCatalogueMessage,
  OUT_OF_RANGE_DATES,
  snake,
} from '../test/route-walk';
import { bearer, createAdminTestApp, type createTestApp } from '../test/test-app';

/**
 * Bad input: 4xx, never 5xx, never stored (issue 27, docs/decisions/0050-bad-input.md). One date
 * rule and one text rule in core, walked over the route table where the routes declare them and
 * tried by hand on the bodies that store names, addresses, dates of birth and pings.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let geo: Geography;
let admin: Record<string, string>;
let rider: Record<string, string>;
let riderId: number;
let customerId: number;

beforeAll(async () => {
  ({ t, admin } = await createAdminTestApp());
  geo = await seedGeography(t.db);
  const r = await insertRider(t.db, { regionId: geo.gulberg.id });
  riderId = r.id;
  rider = bearer(await riderToken(t.app, r));
  const [c] = await t.db
    .insert(customers)
    .values({ phone: '03001112223', firstName: 'Asma', lastName: 'Iqbal' })
    .returning();
  customerId = c!.id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object | string,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers:
      typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
    payload,
  });

const rows = async (table: typeof customers | typeof patients | typeof customerAddresses) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

/** A 400 in core's words whose errors name `field` with `message`. */
function expectRefused(
  res: { statusCode: number; json: () => unknown; body: string },
  field: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { detail: string; errors: Record<string, string[]> };
  expect(isCatalogueMessage(body.detail)).toBe(true);
  expect(body.errors[field], res.body).toContain(message);
}

describe('the date rule: 1900-01-01 to 2100-12-31 on every date', () => {
  /** Every API route with a date query parameter, and that parameter's format. */
  const dateQueries = () =>
    apiRoutes(t.app)
      .filter((r) => r.url !== '/api/v1/realtime/stream')
      .flatMap((r) =>
        fieldsOf(r.schema?.querystring).flatMap(([name, field]) => {
          const format = dateFormatOf(field);
          return format ? [{ r, name, format }] : [];
        }),
      );

  it('refuses an out-of-range date in every date query parameter of the route table', async () => {
    const walked = dateQueries();
    // The order lists and CSVs, dashboards, stats, reports, demand, attendance: ~36 operations.
    expect(new Set(walked.map((w) => `${w.r.method} ${w.r.url}`)).size).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const { r, name, format } of walked) {
      const who = r.access === ROUTE_ACCESS.RIDER ? rider : admin;
      for (const bad of OUT_OF_RANGE_DATES[format]) {
        const url = `${fillPath(r.url, '1')}?${snake(name)}=${encodeURIComponent(bad)}`;
        const res = await t.app.inject({ method: r.method as 'GET', url, headers: who });
        const body = res.json() as { detail?: string; errors?: Record<string, string[]> };
        if (
          res.statusCode !== 400 ||
          !body.errors?.[name]?.includes(INPUT_MESSAGES.DATE_OUT_OF_RANGE)
        ) {
          failures.push(`${r.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a CSV export with bad dates 400 {detail} before its first byte, not an empty file', async () => {
    for (const url of [
      '/orders/blood/csv/?pickup_from=0000-01-01T00:00:00Z',
      '/orders/xray/csv/?pickup_to=9999-12-31T23:59:59Z',
      '/shift/rider-shifts/csv/?start_datetime=0000-01-01T00:00:00Z',
    ]) {
      const res = await call('GET', url, admin);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expectRefused(
        res,
        url.includes('pickup_from')
          ? 'pickupFrom'
          : url.includes('pickup_to')
            ? 'pickupTo'
            : 'startDatetime',
        INPUT_MESSAGES.DATE_OUT_OF_RANGE,
      );
    }
  });

  it('keeps dates inside the range working', async () => {
    const res = await call(
      'GET',
      '/orders/blood/?pickup_from=1900-01-01T00:00:00Z&pickup_to=2100-12-31T23:59:59Z',
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  const newCustomer = (over: object) => ({
    phone: `0345${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    first_name: 'Hina',
    last_name: 'Rauf',
    gender: 2,
    dob: '1990-05-20',
    ...over,
  });
  const tomorrow = karachiDateString(new Date(Date.now() + 36 * 3600_000));

  it('refuses a dob out of range or in the future on create and edit, storing nothing', async () => {
    const before = await rows(customers);
    for (const [dob, message] of [
      ['0000-01-01', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
      ['9999-12-31', FORM_VALIDATION.DOB_FUTURE],
      ['1899-12-31', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
      [tomorrow, FORM_VALIDATION.DOB_FUTURE],
    ] as const) {
      expectRefused(
        await call('POST', '/entity/customers/', admin, newCustomer({ dob })),
        'dob',
        message,
      );
      expectRefused(
        await call('PATCH', `/entity/customer/${customerId}/`, admin, { dob }),
        'dob',
        message,
      );
    }
    expect(await rows(customers)).toBe(before);
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(c!.dob).toBeNull();
    expect(
      (await call('POST', '/entity/customers/', admin, newCustomer({ dob: '1900-01-01' })))
        .statusCode,
    ).toBe(201);
  });

  it("refuses a rider ping dated 2099, year 0 or 9999, storing none; a phone's small drift passes", async () => {
    const pings = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(riderLocationPings)
          .where(eq(riderLocationPings.riderId, riderId))
      )[0]!.n;
    const ping = (recorded_at: string) => ({ latitude: 31.51, longitude: 74.35, recorded_at });
    for (const [at, message] of [
      ['2099-01-01T00:00:00Z', INPUT_MESSAGES.RECORDED_IN_FUTURE],
      [
        new Date(Date.now() + (PING_CLOCK_SKEW_MINUTES + 2) * 60_000).toISOString(),
        INPUT_MESSAGES.RECORDED_IN_FUTURE,
      ],
      ['0000-01-01T00:00:00Z', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
      ['9999-12-31T23:59:59Z', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
    ] as const) {
      const one = await call('POST', '/rider-app/location/', rider, ping(at));
      expect(one.statusCode, one.body).toBe(400);
      expect(one.body).toContain(message);
      const batch = await call('POST', '/rider-app/location/', rider, {
        pings: [ping(new Date().toISOString()), ping(at)],
      });
      expect(batch.statusCode, batch.body).toBe(400);
    }
    expect(await pings()).toBe(0);
    const drift = new Date(Date.now() + 60_000).toISOString();
    expect((await call('POST', '/rider-app/location/', rider, ping(drift))).statusCode).toBe(200);
    expect(await pings()).toBe(1);
  });
});

describe('the text rule: names, addresses and emails', () => {
  /** Text no name may be, with the message that refuses it. */
  const BAD_NAMES: [string, string, string][] = [
    ['zero-width only', '\u200b\u200d\ufeff', VALIDATION.REQUIRED],
    ['zero-width and spaces', ' \u200c \u2060 ', VALIDATION.REQUIRED],
    ['bidi override', '\u202eevil', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['bidi isolate', 'Ali\u2066Khan', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['bell control', 'Ali\u0007', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['C1 control', 'Ali\u0085', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['newline in a name', 'Ali\nKhan', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
  ];
  /** A JSON body with a lone surrogate, as a client sending invalid UTF-16 writes it. */
  const withLoneSurrogate = (body: object, field: string) =>
    JSON.stringify({ ...body, [field]: 'X' }).replace('"X"', '"A\\ud800B"');

  const urdu = { first_name: 'عائشہ', last_name: 'صدیقی' };

  it('customers: refuses bad names and a 300-character email, stores nothing; takes Urdu', async () => {
    const before = await rows(customers);
    for (const [what, name, message] of BAD_NAMES) {
      const res = await call(
        'POST',
        '/entity/customers/',
        admin,
        newCustomerBody({ first_name: name }),
      );
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'firstName', message);
      expectRefused(
        await call('PATCH', `/entity/customer/${customerId}/`, admin, { last_name: name }),
        'lastName',
        message,
      );
    }
    const surrogate = await call(
      'POST',
      '/entity/customers/',
      admin,
      withLoneSurrogate(newCustomerBody({}), 'first_name'),
    );
    expectRefused(surrogate, 'firstName', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS);
    const longEmail = `${'a'.repeat(290)}@example.pk`;
    expectRefused(
      await call('POST', '/entity/customers/', admin, newCustomerBody({ email: longEmail })),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect(await rows(customers)).toBe(before);

    const ok = await call('POST', '/entity/customers/', admin, newCustomerBody(urdu));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ firstName: 'عائشہ', lastName: 'صدیقی' });
    // Urdu's zero-width non-joiner inside a word is text, not a blank name.
    const zwnj = await call('PATCH', `/entity/customer/${customerId}/`, admin, {
      first_name: 'نرگس\u200cبی بی',
    });
    expect(zwnj.statusCode, zwnj.body).toBe(200);
  });

  const newCustomerBody = (over: object) => ({
    phone: `0346${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    first_name: 'Hina',
    last_name: 'Rauf',
    gender: 2,
    dob: '1990-05-20',
    ...over,
  });

  it('patients: refuses bad names, stores nothing; takes Urdu', async () => {
    const body = { first_name: 'Bilal', last_name: 'Ahmed', customer: customerId };
    const before = await rows(patients);
    for (const [what, name, message] of BAD_NAMES) {
      const res = await call('POST', '/entity/patient/', admin, { ...body, last_name: name });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'lastName', message);
    }
    expectRefused(
      await call('POST', '/entity/patient/', admin, withLoneSurrogate(body, 'first_name')),
      'firstName',
      INPUT_MESSAGES.TEXT_INVALID_CHARACTERS,
    );
    expectRefused(
      await call('POST', '/entity/patient/', admin, { ...body, email: `${'b'.repeat(250)}@x.pk` }),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect(await rows(patients)).toBe(before);
    const ok = await call('POST', '/entity/patient/', admin, { ...body, ...urdu });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('riders: refuses bad names and a 300-character email, stores nothing; takes Urdu', async () => {
    const body = {
      first_name: 'Kamran',
      last_name: 'Ali',
      phone: '03009998887',
      email: 'kamran.rider@test.local',
      region: geo.gulberg.id,
      password1: 'secret123',
      password2: 'secret123',
    };
    const before = (await t.db.select({ n: count() }).from(users))[0]!.n;
    for (const [what, name, message] of BAD_NAMES) {
      const res = await call('POST', '/entity/rider-create/', admin, { ...body, first_name: name });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'firstName', message);
    }
    expectRefused(
      await call('POST', '/entity/rider-create/', admin, {
        ...body,
        email: `${'c'.repeat(290)}@test.local`,
      }),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    const ok = await call('POST', '/entity/rider-create/', admin, { ...body, ...urdu });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('staff: the user service refuses bad names and long emails; takes Urdu', async () => {
    const staff = (over: object) => ({
      email: `staff-${Math.random().toString(36).slice(2)}@test.local`,
      password: 'secret123',
      firstName: 'Sana',
      lastName: 'Javed',
      permissions: [],
      ...over,
    });
    for (const [, name, message] of BAD_NAMES) {
      await expect(createStaffUser(t.db, staff({ firstName: name }))).rejects.toThrow(message);
    }
    await expect(
      createStaffUser(t.db, staff({ email: `${'d'.repeat(290)}@test.local` })),
    ).rejects.toThrow(VALIDATION.EMAIL_INVALID);
    const ok = await createStaffUser(t.db, staff({ firstName: 'ثنا', lastName: 'جاوید' }));
    expect(ok.firstName).toBe('ثنا');
  });

  it('addresses and other free text: refuses control, bidi and blank text; takes Urdu', async () => {
    const pin = {
      latitude: 31.530123,
      longitude: 74.350123,
      customer: customerId,
      vertical: 'blood',
      address: 'House 12, Street 4',
    };
    const before = await rows(customerAddresses);
    for (const [what, text, message] of [
      ['zero-width only', '\u200b\u200b', VALIDATION.REQUIRED],
      ['bidi override', 'House \u202e21', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
      ['escape control', 'House\u001b[2J', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ] as const) {
      const res = await call('POST', '/entity/blood/customer-address/', admin, {
        ...pin,
        address: text,
      });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'address', message);
    }
    // A free-text field with no rule of its own: the boundary's text rule still holds.
    expectRefused(
      await call('POST', '/entity/blood/customer-address/', admin, {
        ...pin,
        google_address: 'x\u2067y',
      }),
      'googleAddress',
      INPUT_MESSAGES.TEXT_INVALID_CHARACTERS,
    );
    expect(await rows(customerAddresses)).toBe(before);
    const ok = await call('POST', '/entity/blood/customer-address/', admin, {
      ...pin,
      address: 'مکان نمبر 12، گلی 4\nگلبرگ، لاہور',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
