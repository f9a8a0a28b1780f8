import {
  AUTO_ASSIGN_HORIZON_MINUTES,
  RIDER_REACH_LEAD_MINUTES_DEFAULT,
} from '@dastak/core/constants';
import {
  endOfKarachiDay,
  karachiDateString,
  startOfKarachiDay,
} from '@dastak/core/rules/karachi-time';
import { isLate, lateOrdersWindow } from '@dastak/core/rules/lateness';
import { ORDER_STATES, type OrderState, RIDER_STATES, VERTICALS } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { DISPATCH_DEFAULTS } from '../modules/dispatch/dispatch-config';
import { listFreeTimeSlots } from '../modules/dispatch/time-slots/time-slots.service';
import { openTestPglite } from '../test/db-template';
import { generateDemoData } from './generate';
import {
  MIN_DELIVERING_RIDERS_PER_VERTICAL,
  MIN_LATE_PER_VERTICAL,
  MIN_UNVERIFIED_TODAY_PER_VERTICAL,
} from './order-timeline';

/**
 * The demo is a working world at whatever hour it is made (ADR 0007): the e2e
 * server's demo (default seed, 2,000 orders) generated at hours around the clock, on either
 * side of midnight, has in every region riders on duty and online and a slot on offer inside
 * the auto-assignment horizon, and in every vertical orders assigned around now, late orders
 * in the Late Orders tab's window, and unverified orders today (the dashboards' Unverified);
 * and riders delivering collected orders (made at 23:45, blood once had none: the order
 * detail's and Force Deliver's e2e tests failed in a CI run at that hour); and every order
 * state.
 */
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Karachi times (UTC+5) of one day, on either side of midnight. */
const AT = ['03:00', '07:30', '12:00', '18:40', '23:30', '23:45', '00:20'] as const;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(AT)('the demo made at %s Karachi', (hhmm) => {
  it('has riders on duty and slots on offer in every region, and assigned and late orders in every vertical', async () => {
    const now = new Date(`2026-11-28T${hhmm}:00+05:00`);
    const handle = await openTestPglite();
    try {
      const { db } = handle;
      await generateDemoData(db, { orders: 2_000, staffPassword: 'demo-pass', now });
      // Every order state, for the lists' and filters' specs (48 half-hours of a day, by hand).
      const states = await rows<{ state: OrderState }>(db, sql`select distinct state from orders`);
      expect(states.map((r) => r.state).sort()).toEqual([...ORDER_STATES].sort());
      const regions = await rows<{ id: number; vertical: 'blood' | 'xray'; on_duty: number }>(
        db,
        sql`select r.id, r.vertical,
                   count(p.user_id) filter (where p.is_on_duty and p.is_online)::int as on_duty
              from regions r left join rider_profiles p on p.region_id = r.id
             group by r.id order by r.id`,
      );
      expect(regions.length).toBeGreaterThanOrEqual(6);
      const short: string[] = [];
      const horizon = now.getTime() + AUTO_ASSIGN_HORIZON_MINUTES * MINUTE;
      for (const r of regions) {
        if (r.on_duty === 0) short.push(`region ${r.id}: no rider on duty`);
        const slots = [];
        for (const day of [now, new Date(now.getTime() + 24 * HOUR)]) {
          const q = { vertical: r.vertical, regionId: r.id, isCovid: false };
          slots.push(...(await listFreeTimeSlots(db, { ...q, date: karachiDateString(day) }, now)));
        }
        const soon = slots.filter((s) => new Date(s.dateTime).getTime() < horizon);
        if (soon.length === 0) short.push(`region ${r.id}: no slot on offer within the horizon`);
      }
      expect(short).toEqual([]);

      const orders = await rows<{
        vertical: string;
        state: OrderState;
        fulfillment_method: 'online' | 'offline';
        pickup: string;
        reached_at: string | null;
      }>(
        db,
        sql`select vertical, state, fulfillment_method, pickup::text, reached_at::text from orders
             where pickup >= ${lateOrdersWindow(now).pickupFrom}
               and pickup < ${new Date(horizon).toISOString()}`,
      );
      // Its riders keep the rider app's rule (ADR 0055): none reached an order before the lead.
      const [early] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders
             where reached_at < pickup - make_interval(mins => ${RIDER_REACH_LEAD_MINUTES_DEFAULT})`,
      );
      expect(early?.n, 'reached before the lead').toBe(0);
      for (const vertical of VERTICALS) {
        const mine = orders.filter((o) => o.vertical === vertical);
        const assigned = mine.filter(
          (o) => o.state === 'assigned' && new Date(o.pickup).getTime() >= now.getTime(),
        );
        expect(assigned.length, `${vertical} assigned ahead`).toBeGreaterThan(0);
        const late = mine.filter((o) =>
          isLate(
            {
              state: o.state,
              fulfillmentMethod: o.fulfillment_method,
              pickup: new Date(o.pickup),
              reachedAt: o.reached_at ? new Date(o.reached_at) : null,
            },
            now,
            DISPATCH_DEFAULTS,
          ),
        );
        // In the Late Orders tab's window: at 00:20, the evening before's.
        expect(late.length, `${vertical} late`).toBeGreaterThanOrEqual(MIN_LATE_PER_VERTICAL);
      }

      const unverifiedToday = await rows<{ vertical: string; n: number }>(
        db,
        sql`select vertical, count(*)::int as n from orders
             where state = 'unverified' and fulfillment_method = 'online'
               and pickup >= ${startOfKarachiDay(now).toISOString()}
               and pickup <= ${endOfKarachiDay(now).toISOString()}
             group by vertical`,
      );
      for (const vertical of VERTICALS) {
        const n = unverifiedToday.find((r) => r.vertical === vertical)?.n ?? 0;
        expect(n, `${vertical} unverified today`).toBeGreaterThanOrEqual(
          MIN_UNVERIFIED_TODAY_PER_VERTICAL,
        );
      }

      // Riders carrying collected samples to the lab, with nothing else in hand (Force Deliver).
      const carrying = await rows<{ vertical: string; collected: number; delivering: number }>(
        db,
        sql`select v.vertical,
              (select count(*) from orders o where o.vertical = v.vertical
                  and o.state = 'collected' and o.collected_at is not null)::int as collected,
              (select count(*) from rider_profiles p where p.vertical = v.vertical
                  and p.state = ${RIDER_STATES.DELIVERING})::int as delivering
              from (values ('blood'), ('xray')) v(vertical)`,
      );
      for (const vertical of VERTICALS) {
        const c = carrying.find((r) => r.vertical === vertical);
        expect(c?.collected, `${vertical} collected`).toBeGreaterThanOrEqual(
          MIN_DELIVERING_RIDERS_PER_VERTICAL,
        );
        expect(c?.delivering, `${vertical} riders delivering`).toBeGreaterThanOrEqual(
          MIN_DELIVERING_RIDERS_PER_VERTICAL,
        );
      }
    } finally {
      await handle.close();
    }
  });
});
