import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { generateDemoData } from '../../demo/generate';
import { openTestPglite } from '../../test/db-template';
import { DISPATCH_DEFAULTS } from '../dispatch/public';
import { rollupModel } from './report-rollups.repository';
import { followUps, ordersByDay, revenue, satisfaction, timings } from './reports.service';

/**
 * The demo data ends with the report roll-ups built (ADR 0040), and on its realistic orders the
 * reports agree with counts taken straight from the raw tables.
 */

let handle: DbHandle;
const NOW = new Date('2026-03-04T11:00:00+05:00');
const q = { dateFrom: '2026-01-01', dateTo: '2026-03-04' };

beforeAll(async () => {
  handle = await openTestPglite();
  await generateDemoData(handle.db, { orders: 300, staffPassword: 'demo-pass', seed: 7, now: NOW });
});
afterAll(() => handle?.close());

const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
const from = new Date(`${q.dateFrom}T00:00:00+05:00`);
const to = new Date(`${q.dateTo}T23:59:59.999+05:00`);

describe('reports over the demo data', () => {
  it('the roll-ups are built with the on-time model, no mark is left', async () => {
    expect(await rollupModel(handle.db)).toMatchObject({
      onTimeGraceMinutes: DISPATCH_DEFAULTS.onTimeGraceMinutes,
    });
    expect(
      (await one<{ n: number }>(sql`select count(*)::int as n from report_dirty_days`)).n,
    ).toBe(0);
  });

  it('orders, follow-ups and revenue equal the raw tables’ counts', async () => {
    const raw = await one<{ orders: number; followUps: number; delivered: number; pkr: number }>(
      sql`select count(*)::int as orders, sum(total_follow_ups)::int as "followUps",
        count(*) filter (where state = 'delivered')::int as delivered,
        coalesce(sum(coalesce(given_value, (select round(sum(t.value * t.count)
          * (100 - o.discount_percent) / 100) from order_scan_types t where t.order_id = o.id)))
          filter (where state = 'delivered'), 0)::int as pkr
      from orders o where vertical = 'blood' and pickup between ${from} and ${to}`,
    );
    expect(raw.orders).toBeGreaterThan(100);
    const days = await ordersByDay(handle.db, 'blood', q);
    expect(days.reduce((n, d) => n + d.total, 0)).toBe(raw.orders);
    expect((await followUps(handle.db, 'blood', q)).followUps).toBe(raw.followUps);
    const money = await revenue(handle.db, 'blood', q);
    expect(money.byDay.reduce((n, d) => n + d.orders, 0)).toBe(raw.delivered);
    expect(money.totalPkr).toBe(raw.pkr);
    expect(raw.pkr).toBeGreaterThan(0);
  });

  it('timings and satisfaction have figures', async () => {
    const t = await timings(handle.db, 'blood', q);
    expect(t.bookingToAssignmentMedianMinutes).not.toBeNull();
    expect(t.assignmentToReachedMedianMinutes).not.toBeNull();
    const raw = await one<{ n: number }>(
      sql`select count(*)::int as n from order_reviews r join orders o on o.id = r.order_id
        where o.vertical = 'blood' and r.submitted_at between ${from} and ${to}`,
    );
    expect((await satisfaction(handle.db, 'blood', q)).orderReviews.answered).toBe(raw.n);
  });
});
