import { RIDER_REACH_LEAD_MINUTES_DEFAULT } from '@dastak/core/constants';
import { RIDER_MESSAGES } from '@dastak/core/messages';
import { reachOpensAt, reachOpensLabel } from '@dastak/core/rules/reach-window';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderActivities, orders } from '../../db/schema/orders';
import { riderAppHarness } from '../../test/fixtures/rider-app.harness';
import { insertOrder, insertTask } from '../../test/fixtures/riders.fixtures';

/**
 * An order for 08:00 was once reached, collected and delivered at 22:45 the night before.
 * The rider app's reached is refused earlier than the lead before the slot (ADR 0055). Every
 * pickup here is pinned relative to the clock, so the tests hold at any hour.
 */
const MINUTE = 60_000;
const AT = { latitude: 31.51, longitude: 74.35 };

type Harness = ReturnType<typeof riderAppHarness>;

async function assignedAt(h: Harness, pickup: Date) {
  const r = await h.newRider({ isOnDuty: true, isOnline: true, state: 1 });
  const order = await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, riderId: r.id, pickup });
  await insertTask(h.t.db, { riderId: r.id, orderId: order.id, type: 0, sequence: 0 });
  return { r, order };
}

/** What a refusal must leave behind: the order untouched, no activity row. */
async function untouched(h: Harness, orderId: number) {
  const [row] = await h.t.db.select().from(orders).where(eq(orders.id, orderId));
  const activity = await h.t.db
    .select()
    .from(orderActivities)
    .where(eq(orderActivities.orderId, orderId));
  expect(row).toMatchObject({ state: 'assigned', reachedAt: null, riderReachedLatitude: null });
  expect(activity).toEqual([]);
}

/** The message for this pickup and lead, as read on either side of the request. */
const tooEarly = (pickup: Date, lead: number, nows: Date[]) =>
  nows.map((now) => RIDER_MESSAGES.reachTooEarly(reachOpensLabel(reachOpensAt(pickup, lead), now)));

describe('POST /rider-app/orders/:id/reached/ with the default lead', () => {
  const h = riderAppHarness();
  const lead = RIDER_REACH_LEAD_MINUTES_DEFAULT;

  it('refuses reached before the lead with 409 and when it opens, writing nothing', async () => {
    // The slot starts 5 minutes after the reach would open.
    const pickup = new Date(Date.now() + (lead + 5) * MINUTE);
    const { r, order } = await assignedAt(h, pickup);
    const before = new Date();
    const res = await h.call('POST', `/rider-app/orders/${order.id}/reached/`, r.token, AT);
    const after = new Date();
    expect(res.statusCode).toBe(409);
    expect(tooEarly(pickup, lead, [before, after])).toContain(res.json().detail);
    await untouched(h, order.id);
    // Collected still follows reached.
    const collected = await h.call('POST', `/rider-app/orders/${order.id}/collected/`, r.token, AT);
    expect(collected.statusCode).toBe(409);
    await untouched(h, order.id);
  });

  it("refuses tomorrow's order tonight, naming the day it opens", async () => {
    const pickup = new Date(Date.now() + 10 * 60 * MINUTE);
    const { r, order } = await assignedAt(h, pickup);
    const res = await h.call('POST', `/rider-app/orders/${order.id}/reached/`, r.token, AT);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(
      /^Too early: you can mark this order reached from \d{2}:\d{2}( tomorrow)?$/,
    );
    await untouched(h, order.id);
  });

  it('accepts reached at the lead before the slot, and after the slot', async () => {
    // Exactly the lead as the test reads the clock; the server reads it a little later.
    const atLead = await assignedAt(h, new Date(Date.now() + lead * MINUTE));
    const ok = await h.call(
      'POST',
      `/rider-app/orders/${atLead.order.id}/reached/`,
      atLead.r.token,
      AT,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().orders[0]).toMatchObject({ id: atLead.order.id, state: 'reached' });
    const late = await assignedAt(h, new Date(Date.now() - 30 * MINUTE));
    const res = await h.call(
      'POST',
      `/rider-app/orders/${late.order.id}/reached/`,
      late.r.token,
      AT,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /rider-app/orders/:id/reached/ with RIDER_REACH_LEAD_MINUTES=15', () => {
  const h = riderAppHarness({ RIDER_REACH_LEAD_MINUTES: '15' });

  it('honours the configured lead', async () => {
    // Inside the default hour, outside the configured quarter.
    const pickup = new Date(Date.now() + 30 * MINUTE);
    const early = await assignedAt(h, pickup);
    const before = new Date();
    const res = await h.call(
      'POST',
      `/rider-app/orders/${early.order.id}/reached/`,
      early.r.token,
      AT,
    );
    const after = new Date();
    expect(res.statusCode).toBe(409);
    expect(tooEarly(pickup, 15, [before, after])).toContain(res.json().detail);
    await untouched(h, early.order.id);

    const atLead = await assignedAt(h, new Date(Date.now() + 15 * MINUTE));
    const ok = await h.call(
      'POST',
      `/rider-app/orders/${atLead.order.id}/reached/`,
      atLead.r.token,
      AT,
    );
    expect(ok.statusCode).toBe(200);
  });
});
