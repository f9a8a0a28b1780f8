import { ORDER_MESSAGES } from '@dastak/core/messages';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { riderShifts } from '../../../db/schema/shifts';
import {
  api,
  createBody,
  createFixtures,
  createRider,
  type Fixtures,
  orderRow,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';
import { claimTimeSlot } from '../../dispatch/public';

/**
 * Booking and rescheduling only at a slot the time-slots call offers (ADR 0021). On `date` the
 * fixtures' blood region has one rider on shift, 09:00-13:00 (a dated shift: the fixtures'
 * round-the-clock weekly schedule no longer counts that day), so each slot takes one order.
 */

let f: Fixtures;
let date: string;
/** The order booked at 09:00 below. */
let nine: number;

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  date = karachiDateString(new Date(Date.now() + 3 * 24 * 60 * 60_000));
  const rider = await createRider(f, { onDuty: false });
  await f.t.db.insert(riderShifts).values({
    riderId: rider.id,
    regionId: f.bloodRegion,
    startDatetime: parseKarachi(`${date}T09:00:00`)!,
    endDatetime: parseKarachi(`${date}T13:00:00`)!,
  });
});
afterAll(() => f.t.close());

const book = (timeSlot: string, extra: object = {}) =>
  api(f).post('/orders/blood/', { ...createBody(f), date, time_slot: timeSlot, ...extra });

const reschedule = (id: number, timeSlot: string) =>
  api(f).post(`/orders/blood/${id}/reschedule/`, {
    date,
    time_slot: timeSlot,
    reschedule_string_id: f.lookups.reschedule,
  });

const offered = async (orderId?: number) => {
  const res = await api(f).post('/orders/blood/time-slots/', {
    date,
    region_id: f.bloodRegion,
    is_covid: false,
    order_id: orderId ?? null,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }[]).map((s) => s.id);
};

const expectRefused = (res: Awaited<ReturnType<typeof book>>) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    detail: ORDER_MESSAGES.SLOT_UNAVAILABLE,
    errors: { timeSlot: [ORDER_MESSAGES.SLOT_UNAVAILABLE] },
  });
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /orders/{vertical}/ books only a slot on offer', () => {
  it('refuses a slot outside every shift and one off the slot grid, writing nothing', async () => {
    expect(await offered()).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expectRefused(await book('03:00'));
    expectRefused(await book('10:17'));
    expect(await offered()).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('refuses a covid order at a slot without a covid rider on shift', async () => {
    expectRefused(await book('09:00', { scan_type: ['COVID'] }));
  });

  it('books an offered slot, then refuses it once full, as the listing stops offering it', async () => {
    const first = await book('09:00');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().pickup).toBe(`${date}T09:00:00+05:00`);
    nine = first.json().id;
    expect(await offered()).toEqual(['10:00', '11:00', '12:00']);
    expectRefused(await book('09:00'));
  });

  it('makes a booking wait for one in flight for the same slot, then refuses it', async () => {
    // Agent A has taken the last place of 10:00 and not committed yet when agent B books it.
    // Without the slot lock B reads no booking there and wins too (on PostgreSQL, where the two
    // transactions truly run at once).
    let b: Promise<Awaited<ReturnType<typeof book>>> | undefined;
    let bDone = false;
    let bDoneWhileAOpen = true;
    await f.t.db.transaction(async (tx) => {
      await claimTimeSlot(tx, {
        vertical: 'blood',
        date,
        timeSlot: '10:00',
        regionId: f.bloodRegion,
        isCovid: false,
      });
      await tx.insert(orders).values({
        number: `B-RACE${Date.now() % 1e6}`,
        vertical: 'blood',
        state: 'scheduled',
        pickup: parseKarachi(`${date}T10:00:00`)!,
        regionId: f.bloodRegion,
        customerId: f.customerId,
        patientId: f.patientId,
        address: '12 Main Boulevard, Gulberg',
      });
      b = book('10:00');
      b.then(() => {
        bDone = true;
      });
      await sleep(1500);
      bDoneWhileAOpen = bDone;
    });
    const res = await b!;
    expect(bDoneWhileAOpen).toBe(false);
    expectRefused(res);
  });

  it('lets exactly one of several agents racing for the last place of a slot win', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => book('11:00')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expectRefused(r);
    expect(await offered()).toEqual(['12:00']);
  });
});

describe('POST /orders/{vertical}/{id}/reschedule/ moves only to a slot on offer', () => {
  it("keeps the order's own slot free for it, refuses a full, off-shift or off-grid slot", async () => {
    // The 09:00 order may stay in its own slot: its own load is left out of it.
    expect(await offered(nine)).toEqual(['09:00', '12:00']);
    const other = await book('12:00');
    expect(other.statusCode, other.body).toBe(201);
    const id = other.json().id as number;
    expectRefused(await reschedule(id, '09:00'));
    expectRefused(await reschedule(id, '03:00'));
    expectRefused(await reschedule(id, '10:17'));
    expect((await orderRow(f, id)).pickup.toISOString()).toBe(
      parseKarachi(`${date}T12:00:00`)!.toISOString(),
    );
    const same = await reschedule(nine, '09:00');
    expect(same.statusCode, same.body).toBe(200);
  });
});
