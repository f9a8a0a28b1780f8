import { PERMISSIONS } from '@dastak/core/permissions';
import { startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import {
  api,
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';

/**
 * GET /orders/{vertical}/unverified/ (ADR 0012): the X-ray dashboard counts unverified X-ray
 * orders, so the list must show them under xray, and only there; the blood list is unchanged.
 * With the dashboard's region and window it holds exactly the orders the Orders panel counted.
 */

let f: Fixtures;
const HOUR = 3_600_000;
// A whole Karachi day two days ahead: fixed pickups, whatever the hour the test runs at.
const day = startOfKarachiDay(new Date(Date.now() + 2 * 24 * HOUR));
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);
const from = toKarachiIso(day);
const to = toKarachiIso(new Date(day.getTime() + 24 * HOUR - 1));
const window = `pickup_from=${encodeURIComponent(from)}&pickup_to=${encodeURIComponent(to)}`;

const o = {} as Record<'blood' | 'xray' | 'xrayLater' | 'xrayScheduled', { id: number }>;

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  // An address in no region books as unverified (order-create.service.ts).
  const unverified = { customerAddress: f.unverifiedAddress };
  o.blood = await placeOrder(f, 'blood', unverified);
  o.xray = await placeOrder(f, 'xray', unverified);
  o.xrayLater = await placeOrder(f, 'xray', unverified);
  o.xrayScheduled = await placeOrder(f, 'xray');
  const pickups = { blood: 10, xray: 9, xrayLater: 11, xrayScheduled: 12 } as const;
  for (const [key, hours] of Object.entries(pickups)) {
    const id = o[key as keyof typeof o].id;
    await f.t.db
      .update(orders)
      .set({ pickup: at(hours) })
      .where(eq(orders.id, id));
  }
});
afterAll(() => f.t.close());

const ids = async (url: string) => {
  const res = await api(f).get(url);
  expect(res.statusCode, url).toBe(200);
  return (res.json().results as { id: number; vertical: string }[]).map((r) => r.id);
};

describe('GET /orders/{vertical}/unverified/', () => {
  it('lists unverified X-ray orders under xray, and not under blood', async () => {
    const xray = await ids(`/orders/xray/unverified/?${window}&ordering=pickup`);
    expect(xray).toEqual([o.xray.id, o.xrayLater.id]);
    const blood = await ids(`/orders/blood/unverified/?${window}`);
    expect(blood).toEqual([o.blood.id]);
  });

  it('keeps the blood list as the spec has it: its regions, search and window', async () => {
    expect(await ids(`/orders/blood/unverified/?regions=${f.xrayRegion}&${window}`)).toEqual([]);
    expect(await ids(`/orders/xray/unverified/?regions=${f.bloodRegion}&${window}`)).toEqual([]);
    const res = await api(f).get(`/orders/blood/unverified/?regions=${f.bloodRegion}&${window}`);
    expect(res.json()).toMatchObject({ count: 1, countIsCapped: false, next: null });
    expect(res.json().results[0]).toMatchObject({ id: o.blood.id, state: 'unverified' });
  });

  it("lists exactly what the X-ray dashboard's Unverified counts, for its region and day", async () => {
    const viewer = await tokenWith(f.t, [
      PERMISSIONS.CAN_VIEW_DASHBOARD,
      PERMISSIONS.CAN_VIEW_ORDER,
    ]);
    const stats = await api(f).get(
      `/stats/xray/orders/?region_id=${f.xrayRegion}&${window}`,
      viewer,
    );
    expect(stats.statusCode).toBe(200);
    const list = await api(f).get(
      `/orders/xray/unverified/?regions=${f.xrayRegion}&${window}`,
      viewer,
    );
    expect(list.statusCode).toBe(200);
    expect(stats.json().unverified).toBe(2);
    expect(list.json().count).toBe(stats.json().unverified);
  });

  it('needs the view permission and refuses an unknown vertical', async () => {
    const none = await tokenWith(f.t, []);
    expect((await api(f).get('/orders/xray/unverified/', none)).statusCode).toBe(403);
    const res = await api(f).get('/orders/ultrasound/unverified/');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
