import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../../db/schema/shifts';
import {
  insertOrder,
  insertRider,
  insertWorld,
  type World,
} from '../../../test/fixtures/dispatch.fixtures';
import { bearer, createTestApp, createUser, login } from '../../../test/test-app';
import { listFreeTimeSlots } from './time-slots.service';

const DAY = 24 * 60 * 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let token: string;
let date: string;
let booked: number;
const at = (hhmm: string, d = date) => parseKarachi(`${d}T${hhmm}:00`)!;

beforeAll(async () => {
  t = await createTestApp();
  w = await insertWorld(t.db);
  const u = await createUser(t, [PERMISSIONS.CAN_VIEW_ORDER]);
  token = (await login(t.app, u.email, u.password)).token;
  date = karachiDateString(new Date(Date.now() + 2 * DAY));

  // Dated shifts on `date`: a normal rider 09:00-12:00 and a covid rider 09:00-11:00.
  const normal = await insertRider(t.db, { regionId: w.home.id });
  const covid = await insertRider(t.db, { regionId: w.home.id, isCovid: true });
  await t.db.insert(riderShifts).values([
    { riderId: normal, regionId: w.home.id, startDatetime: at('09:00'), endDatetime: at('12:00') },
    { riderId: covid, regionId: w.home.id, startDatetime: at('09:00'), endDatetime: at('11:00') },
  ]);
  // Two normal orders hold 09:00, a covid order 10:00; a cancelled one holds nothing.
  booked = (await insertOrder(t.db, w, { pickup: at('09:00') })).id;
  await insertOrder(t.db, w, { pickup: at('09:00'), state: 'assigned' });
  await insertOrder(t.db, w, { pickup: at('10:00'), isCovid: true, state: 'scheduled' });
  await insertOrder(t.db, w, { pickup: at('11:00'), state: 'cancelled' });

  // The other region has no dated shifts: its weekly schedule for that weekday counts.
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const [schedule] = await t.db
    .insert(shiftSchedules)
    .values({ regionId: w.other.id, weekday, startTime: '14:00', endTime: '16:00' })
    .returning();
  const scheduled = await insertRider(t.db, { regionId: w.other.id });
  await t.db
    .insert(riderShiftSchedules)
    .values({ shiftScheduleId: schedule!.id, riderId: scheduled });
});

afterAll(async () => {
  await t.close();
});

const ids = (slots: { id: string }[]) => slots.map((s) => s.id);
const slots = (q: Partial<Parameters<typeof listFreeTimeSlots>[1]>, now = new Date()) =>
  listFreeTimeSlots(
    t.db,
    { vertical: 'blood', date, regionId: w.home.id, isCovid: false, ...q },
    now,
  );

describe('POST /orders/{vertical}/time-slots/', () => {
  it('answers the free slots of the date with their Karachi start', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/blood/time-slots/',
      headers: bearer(token),
      payload: { date, region_id: w.home.id, is_covid: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: '10:00', dateTime: `${date}T10:00:00+05:00` },
      { id: '11:00', dateTime: `${date}T11:00:00+05:00` },
    ]);
  });

  it('accepts slot_length 15/30/45/60 and refuses others', async () => {
    const post = (q: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/blood/time-slots/${q}`,
        headers: bearer(token),
        payload: { date, region_id: w.home.id, is_covid: false },
      });
    const half = await post('?slot_length=30');
    expect(ids(half.json())).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect((await post('?slot_length=20')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(200);
  });

  it('excludes booked slots, except for the order being rescheduled', async () => {
    expect(ids(await slots({}))).toEqual(['10:00', '11:00']);
    expect(ids(await slots({ orderId: booked }))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('counts covid capacity apart: covid slots only from covid riders', async () => {
    // 09:00 is full, 10:00 has its covid rider taken, 11:00 has no covid rider on shift.
    expect(ids(await slots({ isCovid: true }))).toEqual([]);
    expect(ids(await slots({ isCovid: true, orderId: booked }))).toEqual(['09:00']);
  });

  it('leaves out slots before now + lead and dates beyond the days ahead allowed', async () => {
    expect(ids(await slots({}, at('10:20')))).toEqual(['11:00']);
    // Rescheduling uses a 60-minute lead.
    expect(ids(await slots({ orderId: booked }, at('09:50')))).toEqual(['11:00']);
    expect(await slots({}, new Date(at('09:00').getTime() - 40 * DAY))).toEqual([]);
    expect(await slots({}, new Date(at('09:00').getTime() + DAY))).toEqual([]);
  });

  it('falls back to the weekly schedule when the day has no rider shifts yet', async () => {
    expect(ids(await slots({ regionId: w.other.id }))).toEqual(['14:00', '15:00']);
  });

  it('answers 404 for a region of another vertical', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/xray/time-slots/',
      headers: bearer(token),
      payload: { date, region_id: w.home.id },
    });
    expect(res.statusCode).toBe(404);
  });
});
