import { REPORT_KINDS } from '@dastak/core/entities/reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { runReportRollupsOnce } from '../../jobs/report-rollups';
import { api, createFixtures, type Fixtures, tokenWith } from '../../test/fixtures/orders.fixtures';
import { createReportFixture, D1, D2 } from '../../test/fixtures/reports.fixtures';
import { createTestApp } from '../../test/test-app';

// The figures below are counted by hand from test/fixtures/reports.fixtures.ts (grace 10, service 10 minutes).
let f: Fixtures;
let fx: Awaited<ReturnType<typeof createReportFixture>>;
let auth: Record<string, string>;

const get = async (path: string, query: Record<string, string>, headers = auth) => {
  const res = await f.t.app.inject({
    method: 'GET',
    url: `/api/v1/reports/${path}?${new URLSearchParams(query)}`,
    headers,
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
};
const report = async (kind: string, query: Record<string, string> = {}, vertical = 'blood') => {
  const res = await get(`${vertical}/${kind}/`, { date_from: D1, date_to: D2, ...query });
  expect(res.status).toBe(200);
  return JSON.parse(res.body);
};
const runJob = () => runReportRollupsOnce(f.t.db, f.t.config.dispatch);

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  fx = await createReportFixture(f);
  auth = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_REPORTS]);
  await runJob();
});
afterAll(() => f.t.close());

describe('reports over the fixture', () => {
  it('orders-by-day: orders per pickup day by state, every state present', async () => {
    const days = await report('orders-by-day');
    expect(days.map((d: { date: string; total: number }) => [d.date, d.total])).toEqual([
      [D1, 4],
      [D2, 3],
    ]);
    expect(days[0].byState).toMatchObject({
      delivered: 2,
      cancelled: 1,
      collected: 1,
      assigned: 0,
    });
    expect(days[1].byState).toMatchObject({ assigned: 1, cancelled: 1, delivered: 1 });
    expect(Object.keys(days[0].byState)).toHaveLength(Object.keys(days[1].byState).length);
  });

  it('on-time-by-day: the dashboards’ definition (offline and cancelled orders excluded)', async () => {
    expect(await report('on-time-by-day')).toEqual([
      {
        date: D1,
        due: 3,
        reachedOnTime: 2,
        collectedOnTime: 2,
        reachedPercentage: 66.67,
        collectedPercentage: 66.67,
      },
      {
        date: D2,
        due: 1,
        reachedOnTime: 0,
        collectedOnTime: 0,
        reachedPercentage: 0,
        collectedPercentage: 0,
      },
    ]);
  });

  it('timings: medians of booking -> first assignment and last assignment -> reached', async () => {
    expect(await report('timings')).toEqual({
      bookingToAssignmentMedianMinutes: 25,
      assignmentToReachedMedianMinutes: 63.5,
      byDay: [
        { date: D1, bookingToAssignmentMedianMinutes: 30, assignmentToReachedMedianMinutes: 63.5 },
        { date: D2, bookingToAssignmentMedianMinutes: 20, assignmentToReachedMedianMinutes: null },
      ],
    });
  });

  it('reasons: cancellations and reschedules by the reason chosen', async () => {
    expect(await report('reasons')).toEqual({
      cancellations: [
        { reason: 'Customer not available', count: 1 },
        { reason: 'Duplicate order', count: 1 },
      ],
      reschedules: [{ reason: 'Customer asked for another time', count: 1 }],
    });
  });

  it('follow-ups: per order and per day', async () => {
    expect(await report('follow-ups')).toEqual({
      orders: 7,
      ordersWithFollowUp: 2,
      followUps: 3,
      perOrder: 0.43,
      byDay: [
        { date: D1, orders: 4, followUps: 3 },
        { date: D2, orders: 3, followUps: 0 },
      ],
    });
  });

  it('revenue: delivered orders’ price after discount, and tests by test', async () => {
    expect(await report('revenue')).toEqual({
      totalPkr: 3670,
      tests: 5,
      byDay: [
        { date: D1, orders: 2, tests: 4, revenuePkr: 2170 },
        { date: D2, orders: 1, tests: 1, revenuePkr: 1500 },
      ],
      byTest: [
        { code: 'COVID', name: 'COVID-19 PCR', count: 1, revenuePkr: 1500 },
        { code: 'CBC', name: 'Complete Blood Count', count: 3, revenuePkr: 1450 },
        { code: 'LFT', name: 'Liver Function Test', count: 1, revenuePkr: 720 },
      ],
    });
  });

  it('riders: completed, reached on time, distance and attendance where shifts exist', async () => {
    expect(await report('riders')).toEqual([
      {
        rider: { id: fx.r1.id, name: fx.r1.name },
        completed: 2,
        onTimePercentage: 50,
        distanceKm: 12.35,
        shifts: 2,
        attendancePercentage: 50,
      },
      {
        rider: { id: fx.r2.id, name: fx.r2.name },
        completed: 0,
        onTimePercentage: 50,
        distanceKm: 0,
        shifts: 0,
        attendancePercentage: null,
      },
    ]);
  });

  it('satisfaction: reviews and surveys by the day answered, average stars, share of 5s', async () => {
    expect(await report('satisfaction')).toEqual({
      orderReviews: { answered: 2, averageStars: 4, fiveShare: 50 },
      surveys: { answered: 1, averageStars: 4, fiveShare: 0 },
      byDay: [
        { date: D1, answered: 2, averageStars: 4 },
        { date: D2, answered: 1, averageStars: 4 },
      ],
    });
  });

  it('filters by region, by date and by vertical', async () => {
    const regionA = await report('orders-by-day', { regions: String(fx.A) });
    expect(regionA.map((d: { total: number }) => d.total)).toEqual([3, 2]);
    const both = await report('orders-by-day', { regions: `${fx.A},${fx.B}` });
    expect(both.map((d: { total: number }) => d.total)).toEqual([4, 3]);
    const d2 = await report('revenue', { date_from: D2, date_to: D2 });
    expect(d2.totalPkr).toBe(1500);
    expect(d2.byDay).toEqual([{ date: D2, orders: 1, tests: 1, revenuePkr: 1500 }]);
    const xray = await report('revenue', {}, 'xray');
    expect(xray.totalPkr).toBe(1500);
    expect((await report('satisfaction', {}, 'xray')).orderReviews).toEqual({
      answered: 1,
      averageStars: 1,
      fiveShare: 0,
    });
  });
});

describe('on-time of days still open', () => {
  it('counts the days still open live, as the dashboards do, at any hour', async () => {
    const now = Date.now();
    const day = (ms: number) => karachiDateString(new Date(ms));
    const o = (minutesAgo: number, state: 'assigned' | 'delivered', reached?: number) => {
      const pickup = new Date(Math.floor((now - minutesAgo * 60_000) / 1000) * 1000);
      const stamp = (m?: number) =>
        m === undefined ? null : new Date(pickup.getTime() + m * 60_000);
      return f.t.db.insert(orders).values({
        number: `B-L${minutesAgo}${state}`,
        vertical: 'blood',
        state,
        pickup,
        regionId: fx.A,
        customerId: f.customerId,
        patientId: f.patientId,
        reachedAt: stamp(reached),
        collectedAt: stamp(reached === undefined ? undefined : reached + 3),
      });
    };
    await o(60, 'assigned'); // nobody came: late at both
    await o(60, 'delivered', 5); // on time at both
    // The roll-up job as it runs every 30 s. An hour ago may be yesterday (just after midnight),
    // a day already settled and read from its roll-ups; otherwise these count live as well.
    await runJob();
    // After the job, so only the live count can see it: 15 minutes ago is always a day still
    // open (its last deadline, 20 minutes after a pickup, has not passed).
    await o(15, 'assigned'); // late to the door; collection not due yet
    const from = day(now - 24 * 60 * 60_000);
    const days = await report('on-time-by-day', {
      date_from: from,
      date_to: day(now),
      regions: String(fx.A),
    });
    expect(days.reduce((n: number, d: { due: number }) => n + d.due, 0)).toBe(3);
    expect(days.reduce((n: number, d: { reachedOnTime: number }) => n + d.reachedOnTime, 0)).toBe(
      1,
    );
    const dashboard = await f.t.app.inject({
      method: 'GET',
      url: `/api/v1/stats/daily-order-stats/?region=${fx.A}&date=${from}`,
      headers: await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]),
    });
    const rates = new Map(
      dashboard
        .json()
        .map((r: { date: string; percentageOnTimeCollections: number }) => [
          r.date,
          r.percentageOnTimeCollections,
        ]),
    );
    for (const d of days) expect(d.collectedPercentage).toBe(rates.get(d.date));
  });
});

describe('bad input and access', () => {
  it('refuses a range over 92 days and a from after to with core’s messages (400)', async () => {
    const long = await get('blood/revenue/', { date_from: '2026-01-01', date_to: '2026-04-05' });
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body).errors.dateTo).toEqual(['A report covers at most 92 days']);
    const backwards = await get('blood/riders/csv/', { date_from: D2, date_to: D1 });
    expect(backwards.status).toBe(400);
    expect(JSON.parse(backwards.body).errors.dateFrom).toEqual([
      "From date can't be after to date",
    ]);
    const exact = await get('blood/revenue/', { date_from: '2026-01-01', date_to: '2026-04-02' });
    expect(exact.status).toBe(200);
  });

  it('needs Can view reports (403), for the JSON and the CSV alike', async () => {
    const other = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
    const q = { date_from: D1, date_to: D2 };
    expect((await get('blood/orders-by-day/', q, other)).status).toBe(403);
    expect((await get('blood/orders-by-day/csv/', q, other)).status).toBe(403);
  });
});

describe('API docs', () => {
  it('documents every report and its CSV, with the report’s answer schema', async () => {
    const res = await f.t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get?: { responses?: object } }>;
    for (const kind of REPORT_KINDS) {
      expect(paths[`/api/v1/reports/{vertical}/${kind}/`]?.get?.responses).toHaveProperty('200');
      expect(paths).toHaveProperty([`/api/v1/reports/{vertical}/${kind}/csv/`]);
    }
  });
});

describe('CSV', () => {
  it('one record per table row, with a header, formula starts made harmless', async () => {
    const res = await get('blood/follow-ups/csv/', { date_from: D1, date_to: D2 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`follow-ups-blood-${D1}-to-${D2}.csv`);
    expect(res.body).toBe(`Date,Orders,Follow-ups\r\n${D1},4,3\r\n${D2},3,0\r\n`);
    const riders = await get('blood/riders/csv/', { date_from: D1, date_to: D2 });
    expect(riders.body.split('\r\n')).toEqual([
      'Rider,Completed,On time %,Distance (km),Shifts,Attendance %',
      `${fx.r1.name},2,50,12.35,2,50`,
      `${fx.r2.name},0,50,0,0,`,
      '',
    ]);
  });

  it('quotes a reason that starts like a formula', async () => {
    await f.t.db.update(orders).set({ state: 'cancelled' }).where(eq(orders.id, fx.o4.id));
    const { lookups } = await import('../../db/schema/lookups');
    const [evil] = await f.t.db
      .insert(lookups)
      .values({ kind: 'cancellation', text: '=HYPERLINK("x")' })
      .returning();
    await f.t.db
      .update(orders)
      .set({ cancellationStringId: evil!.id })
      .where(eq(orders.id, fx.o4.id));
    await runJob();
    const res = await get('blood/reasons/csv/', { date_from: D1, date_to: D1 });
    expect(res.body).toContain(`Cancellation,"'=HYPERLINK(""x"")",1\r\n`);
    // Put o4 back as it was for the tests that follow.
    await f.t.db
      .update(orders)
      .set({ state: 'collected', cancellationStringId: null })
      .where(eq(orders.id, fx.o4.id));
    await runJob();
  });
});

describe('the roll-ups follow order changes once the job has run', () => {
  it('a cancel through the API and a delivery written to the table', async () => {
    const cancel = await api(f).post(`/orders/blood/${fx.o5.id}/cancel/`, {
      reason: 'no answer',
      cancellation_string_id: f.lookups.cancellation,
    });
    expect(cancel.statusCode).toBe(200);
    await f.t.db
      .update(orders)
      .set({ state: 'delivered', deliveredAt: new Date() })
      .where(eq(orders.id, fx.o4.id));
    // Until the job runs, the reports answer from the roll-ups as they were.
    expect((await report('orders-by-day'))[1].byState.assigned).toBe(1);
    expect(await runJob()).toBeGreaterThan(0);

    const days = await report('orders-by-day');
    expect(days[1].byState).toMatchObject({ assigned: 0, cancelled: 2, delivered: 1 });
    expect(days[0].byState).toMatchObject({ delivered: 3, collected: 0 });
    expect((await report('reasons')).cancellations).toEqual([
      { reason: 'Customer not available', count: 2 },
      { reason: 'Duplicate order', count: 1 },
    ]);
    expect((await report('on-time-by-day'))[1]).toMatchObject({ date: D2, due: 0 });
    const revenue = await report('revenue');
    expect(revenue.totalPkr).toBe(3670 + 500);
    const riders = await report('riders');
    expect(riders.find((r: { rider: { id: number } }) => r.rider.id === fx.r2.id)).toMatchObject({
      completed: 1,
      onTimePercentage: 100,
    });
    // Nothing left to do.
    expect(await runJob()).toBe(0);
  });
});
