import {
  dashboardStatsSchema,
  onTimeRateSchema,
  orderStatsSchema,
} from '@dastak/core/entities/lookups';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { type MilestoneInput, onTimeOutcome, onTimePercentage } from '@dastak/core/rules/lateness';
import { ORDER_STATES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dashboardToken,
  get,
  insertOrder,
  MIN,
  windowAround,
} from '../../test/fixtures/dashboards.fixtures';
import { createFixtures, type Fixtures } from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';

// The test app runs with the defaults: grace 10 minutes, service 10 minutes (ADR 0009).
let f: Fixtures;
let call: ReturnType<typeof get>;
const now = Date.now();
const DAY = 24 * 60 * MIN;
const today = karachiDateString(new Date(now));
const noonOf = (daysBack: number) =>
  new Date(`${karachiDateString(new Date(now - daysBack * DAY))}T12:00:00+05:00`).getTime();

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = get(f, await dashboardToken(f));
  const o = (spec: Parameters<typeof insertOrder>[2]) => insertOrder(f, now, spec);
  // Orders panel, in the other blood region: hand-counted buckets.
  const other = f.otherBloodRegion;
  for (const state of [
    'scheduled',
    'needsAssignment',
    'needsAssignment',
    'assigned',
    'reached',
    'collected',
    'offlineInProgress',
    'delivered',
    'delivered',
    'unverified',
    'problem',
    'cancelled',
    'cancelled',
  ] as const) {
    await o({ state, pickupIn: -30, regionId: other });
  }
  await o({ state: 'delivered', pickupIn: -10 * 60 - (5 * DAY) / MIN, regionId: other }); // outside the window
  // Noon today: 'today' by default whatever the hour the suite runs.
  await o({ vertical: 'xray', state: 'problem', pickupIn: (noonOf(0) - now) / MIN });

  // On-time table, in the blood region: minutes after pickup when reached / collected.
  await o({ state: 'delivered', pickupIn: -120, reachedAfter: 5, collectedAfter: 15 }); // on, on
  await o({ state: 'delivered', pickupIn: -120, reachedAfter: 12, collectedAfter: 25 }); // off, off
  await o({ state: 'delivered', pickupIn: -100, reachedAfter: 10, collectedAfter: 20 }); // on, on (the deadlines count)
  await o({ state: 'collected', pickupIn: -60, reachedAfter: -10, collectedAfter: 5 }); // early: on, on
  await o({ state: 'assigned', pickupIn: -30 }); // nobody yet, both deadlines passed: off, off
  await o({ state: 'assigned', pickupIn: -15 }); // reach deadline passed: off; collect not due
  await o({ state: 'assigned', pickupIn: 30 }); // not due
  await o({ state: 'collected', pickupIn: -60, collectedAfter: 30 }); // only collected stamped: off, off
  await o({ state: 'cancelled', pickupIn: -60 }); // excluded
  await o({ state: 'unverified', pickupIn: -60 }); // excluded
  await o({ state: 'delivered', pickupIn: -60, collectedAfter: 60, fulfillmentMethod: 'offline' }); // excluded

  // Daily rate, blood region, earlier days at Karachi noon. Day -1 is left out: just after
  // midnight the on-time table's orders above (up to two hours back) fall on it.
  const at = (daysBack: number, collectedAfter: number) =>
    o({
      state: 'delivered',
      pickupIn: (noonOf(daysBack) - now) / MIN,
      reachedAfter: 0,
      collectedAfter,
    });
  await at(2, 10);
  await at(2, 40);
  await at(3, 20);
  await at(6, 21);
  await at(7, 5); // before the range
});
afterAll(() => f.t.close());

describe('GET /stats/{vertical}/orders/', () => {
  it('counts the window by state bucket; cancelled is in no count and not in the total', async () => {
    const res = await call('/stats/blood/orders/', {
      ...windowAround(now),
      region_id: f.otherBloodRegion,
    });
    expect(res.status).toBe(200);
    expect(orderStatsSchema.parse(res.body)).toEqual({
      total: 11,
      pending: 3,
      inProgress: 4,
      completed: 2,
      unverified: 1,
      escalated: 1,
    });
  });

  it('defaults to today, covers every region without region_id, and keeps verticals apart', async () => {
    const xray = await call('/stats/xray/orders/');
    expect(xray.body).toEqual({
      total: 1,
      pending: 0,
      inProgress: 0,
      completed: 0,
      unverified: 0,
      escalated: 1,
    });
    const none = await call('/stats/blood/orders/', { ...windowAround(now), region_id: 987654 });
    expect(none.body.total).toBe(0);
  });
});

describe('GET /stats/{vertical}/dashboard/', () => {
  it('gives the share of due orders reached and collected on time, to 2 decimals', async () => {
    const res = await call('/stats/blood/dashboard/', {
      ...windowAround(now, 3),
      region_id: f.bloodRegion,
    });
    expect(res.status).toBe(200);
    // Reached: 7 due (all but 'not due' and the excluded), 3 on time. Collected: 6 due, 3 on time.
    expect(dashboardStatsSchema.parse(res.body)).toEqual({
      onTimeReachedPercentage: 42.86,
      onTimeCollectedPercentage: 50,
    });
  });

  it('is 0 when nothing is due', async () => {
    const res = await call('/stats/blood/dashboard/', { ...windowAround(now + DAY * 3, 1) });
    expect(res.body).toEqual({ onTimeReachedPercentage: 0, onTimeCollectedPercentage: 0 });
  });
});

describe('GET /stats/daily-order-stats/', () => {
  it('gives 7 Karachi days ending today by default, each the collected-on-time share', async () => {
    const res = await call('/stats/daily-order-stats/', { region: f.bloodRegion });
    expect(res.status).toBe(200);
    const days = z.array(onTimeRateSchema).parse(res.body);
    expect(days.map((d) => d.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => karachiDateString(new Date(noonOf(n)))),
    );
    expect(days.at(-1)!.date).toBe(today);
    // Day -2: 10 min (on) and 40 min (off); day -3: 20 min, the deadline (on); day -6: 21 (off).
    expect(days.slice(0, 5).map((d) => d.percentageOnTimeCollections)).toEqual([0, 0, 0, 100, 50]);
  });

  it('starts at date, stops at today, and refuses a date after today', async () => {
    const from = karachiDateString(new Date(noonOf(2)));
    const res = await call('/stats/daily-order-stats/', { region: f.bloodRegion, date: from });
    expect(res.body.map((d: { date: string }) => d.date)).toEqual([
      from,
      karachiDateString(new Date(noonOf(1))),
      today,
    ]);
    const later = await call('/stats/daily-order-stats/', {
      date: karachiDateString(new Date(now + 2 * DAY)),
    });
    expect(later.status).toBe(400);
  });
});

describe('one definition of on time', () => {
  it('the SQL counts equal rules/lateness.ts applied order by order', async () => {
    // Seeded orders in the X-ray region with every state and timing; then compare.
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // The X-ray problem order of the setup (noon today) is in the region too, and in the
    // window below when the suite runs within five hours of noon.
    const specs: MilestoneInput[] =
      Math.abs(noonOf(0) - now) <= 5 * 60 * MIN
        ? [
            {
              state: 'problem',
              fulfillmentMethod: 'online',
              pickup: new Date(noonOf(0)),
              reachedAt: null,
              collectedAt: null,
            },
          ]
        : [];
    for (let i = 0; i < 60; i++) {
      const state = ORDER_STATES[Math.floor(rnd() * ORDER_STATES.length)]!;
      const pickupIn = Math.round(rnd() * 240 - 200);
      const reachedAfter = rnd() < 0.6 ? Math.round(rnd() * 30 - 10) : undefined;
      const collectedAfter = rnd() < 0.5 ? Math.round(rnd() * 40) : undefined;
      const fulfillmentMethod = rnd() < 0.1 ? 'offline' : 'online';
      const row = await insertOrder(f, now, {
        vertical: 'xray',
        state,
        pickupIn,
        reachedAfter,
        collectedAfter,
        fulfillmentMethod,
      });
      const after = (m?: number) =>
        m === undefined ? null : new Date(row.pickup.getTime() + m * MIN);
      specs.push({
        state,
        fulfillmentMethod,
        pickup: row.pickup,
        reachedAt: after(reachedAfter),
        collectedAt: after(collectedAfter),
      });
    }
    const asOf = new Date();
    const res = await call('/stats/xray/dashboard/', {
      ...windowAround(now, 5),
      region_id: f.xrayRegion,
    });
    const model = { onTimeGraceMinutes: 10, pickupServiceMinutes: 10 };
    const share = (m: 'reached' | 'collected') => {
      const out = specs.map((s) => onTimeOutcome(s, m, asOf, model));
      return onTimePercentage(
        out.filter((x) => x === 'on').length,
        out.filter((x) => x !== null).length,
      );
    };
    expect(res.body).toEqual({
      onTimeReachedPercentage: share('reached'),
      onTimeCollectedPercentage: share('collected'),
    });
  });
});
