import { PING_CLOCK_SKEW_MINUTES } from '@dastak/core/constants';
import { FORM_VALIDATION, INPUT_MESSAGES } from '@dastak/core/messages';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema/customers';
import { riderLocationPings } from '../db/schema/riders';
import {
  apiRoutes,
  dateFormatOf,
  fieldsOf,
  fillPath,
  OUT_OF_RANGE_DATES,
  snake,
} from '../test/route-walk';
import { badInputWorld, expectRefused, newCustomerBody } from './bad-input.kit';

/**
 * The one date rule (docs/decisions/0050-bad-input.md): every date in a body or a
 * query within 1900-01-01..2100-12-31, walked over every date query parameter of the route table,
 * and tried by hand on the bodies that store dates of birth and pings. Nothing refused is stored.
 */

const w = badInputWorld();

describe('the date rule: 1900-01-01 to 2100-12-31 on every date', () => {
  /** Every API route with a date query parameter, and that parameter's format. */
  const dateQueries = () =>
    apiRoutes(w.t.app)
      .filter((r) => r.url !== '/api/v1/realtime/stream')
      .flatMap((r) =>
        fieldsOf(r.schema?.querystring).flatMap(([name, field]) => {
          const format = dateFormatOf(field);
          return format ? [{ r, name, format }] : [];
        }),
      );

  it('refuses an out-of-range date in every date query parameter of the route table', async () => {
    const walked = dateQueries();
    // The order lists and CSVs, dashboards, stats, reports, demand, attendance: 32 operations.
    expect(new Set(walked.map((q) => `${q.r.method} ${q.r.url}`)).size).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const { r, name, format } of walked) {
      const who = r.access === ROUTE_ACCESS.RIDER ? w.rider : w.admin;
      for (const bad of OUT_OF_RANGE_DATES[format]) {
        const url = `${fillPath(r.url, '1')}?${snake(name)}=${encodeURIComponent(bad)}`;
        const res = await w.t.app.inject({ method: r.method as 'GET', url, headers: who });
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
    for (const [url, field] of [
      ['/orders/blood/csv/?pickup_from=0000-01-01T00:00:00Z', 'pickupFrom'],
      ['/orders/xray/csv/?pickup_to=9999-12-31T23:59:59Z', 'pickupTo'],
      ['/shift/rider-shifts/csv/?start_datetime=0000-01-01T00:00:00Z', 'startDatetime'],
    ] as const) {
      const res = await w.call('GET', url, w.admin);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expectRefused(res, field, INPUT_MESSAGES.DATE_OUT_OF_RANGE);
    }
  });

  it('keeps dates inside the range working', async () => {
    const res = await w.call(
      'GET',
      '/orders/blood/?pickup_from=1900-01-01T00:00:00Z&pickup_to=2100-12-31T23:59:59Z',
      w.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  const tomorrow = karachiDateString(new Date(Date.now() + 36 * 3600_000));

  it('refuses a dob out of range or in the future on create and edit, storing nothing', async () => {
    const before = await w.rows(customers);
    for (const [dob, message] of [
      ['0000-01-01', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
      ['9999-12-31', FORM_VALIDATION.DOB_FUTURE],
      ['1899-12-31', INPUT_MESSAGES.DATE_OUT_OF_RANGE],
      [tomorrow, FORM_VALIDATION.DOB_FUTURE],
    ] as const) {
      expectRefused(
        await w.call('POST', '/entity/customers/', w.admin, newCustomerBody({ dob })),
        'dob',
        message,
      );
      expectRefused(
        await w.call('PATCH', `/entity/customer/${w.customerId}/`, w.admin, { dob }),
        'dob',
        message,
      );
    }
    expect(await w.rows(customers)).toBe(before);
    const [c] = await w.t.db.select().from(customers).where(eq(customers.id, w.customerId));
    expect(c!.dob).toBeNull();
    expect(
      (await w.call('POST', '/entity/customers/', w.admin, newCustomerBody({ dob: '1900-01-01' })))
        .statusCode,
    ).toBe(201);
  });

  it("refuses a w.rider ping dated 2099, year 0 or 9999, storing none; a phone's small drift passes", async () => {
    const pings = async () =>
      (
        await w.t.db
          .select({ n: count() })
          .from(riderLocationPings)
          .where(eq(riderLocationPings.riderId, w.riderId))
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
      const one = await w.call('POST', '/rider-app/location/', w.rider, ping(at));
      expect(one.statusCode, one.body).toBe(400);
      expect(one.body).toContain(message);
      const batch = await w.call('POST', '/rider-app/location/', w.rider, {
        pings: [ping(new Date().toISOString()), ping(at)],
      });
      expect(batch.statusCode, batch.body).toBe(400);
    }
    expect(await pings()).toBe(0);
    const drift = new Date(Date.now() + 60_000).toISOString();
    expect((await w.call('POST', '/rider-app/location/', w.rider, ping(drift))).statusCode).toBe(
      200,
    );
    expect(await pings()).toBe(1);
  });
});
