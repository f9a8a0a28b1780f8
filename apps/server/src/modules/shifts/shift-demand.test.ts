import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../db/schema/shifts';
import { insertOrder } from '../../test/fixtures/riders.fixtures';
import { shiftsHarness } from '../../test/fixtures/shifts.fixtures';

const h = shiftsHarness();
// A week far enough ahead that no dated shifts are made for it, unless the test inserts them.
const MONDAY = '2026-12-07';
const TUESDAY = '2026-12-08';
const at = (date: string, hhmm: string) => parseKarachi(`${date}T${hhmm}:00`)!;

beforeAll(async () => {
  const region = h.geo.dha.id;
  const [a, b, c, d] = [
    await h.rider(region),
    await h.rider(region),
    await h.rider(region),
    await h.rider(region),
  ];
  const [morning, late, tuesday] = await h.t.db
    .insert(shiftSchedules)
    .values([
      { regionId: region, weekday: 0, startTime: '09:00', endTime: '11:00' },
      { regionId: region, weekday: 0, startTime: '10:30', endTime: '12:00' },
      { regionId: region, weekday: 1, startTime: '09:00', endTime: '10:00' },
    ])
    .returning();
  await h.t.db.insert(riderShiftSchedules).values([
    { shiftScheduleId: morning!.id, riderId: a! },
    { shiftScheduleId: morning!.id, riderId: b! },
    { shiftScheduleId: late!.id, riderId: c! },
    { shiftScheduleId: tuesday!.id, riderId: a! },
  ]);
  // Tuesday has a dated shift: it replaces the weekly schedule for that day (as in time slots).
  await h.t.db.insert(riderShifts).values({
    riderId: d!,
    regionId: region,
    startDatetime: at(TUESDAY, '14:00'),
    endDatetime: at(TUESDAY, '15:00'),
  });
  for (const hhmm of ['09:15', '09:40', '10:00', '10:10', '10:50']) {
    await insertOrder(h.t.db, { regionId: region, state: 'scheduled', pickup: at(MONDAY, hhmm) });
  }
  await insertOrder(h.t.db, { regionId: region, state: 'cancelled', pickup: at(MONDAY, '11:15') });
  await insertOrder(h.t.db, { regionId: h.geo.gulberg.id, pickup: at(MONDAY, '11:20') });
});

const demand = (q: string, tok = h.viewer) =>
  h.call('GET', `/shift/shift-schedules/demand/${q}`, tok);

describe('GET /shift/shift-schedules/demand/', () => {
  it('counts riders on shift, bookings and capacity per Karachi hour, flagging overbooked hours', async () => {
    const res = await demand(`?region=${h.geo.dha.id}&week_start=${MONDAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekStart).toBe(MONDAY);
    expect(body.days.map((d: { weekday: number; date: string }) => [d.weekday, d.date])).toEqual([
      [0, '2026-12-07'],
      [1, '2026-12-08'],
      [2, '2026-12-09'],
      [3, '2026-12-10'],
      [4, '2026-12-11'],
      [5, '2026-12-12'],
      [6, '2026-12-13'],
    ]);
    const monday = body.days[0].hours;
    expect(monday).toHaveLength(24);
    const pick = (hr: {
      ridersScheduled: number;
      ordersBooked: number;
      capacity: number;
      overbooked: boolean;
    }) => [hr.ridersScheduled, hr.ordersBooked, hr.capacity, hr.overbooked];
    expect(pick(monday[8])).toEqual([0, 0, 0, false]);
    expect(pick(monday[9])).toEqual([2, 2, 2, false]);
    // 10:00-11:00: A and B all hour, C from 10:30 (on shift, but not for a whole slot).
    expect(pick(monday[10])).toEqual([3, 3, 2, true]);
    // The cancelled 11:15 and the other region's 11:20 do not count.
    expect(pick(monday[11])).toEqual([1, 0, 1, false]);
    expect(pick(monday[12])).toEqual([0, 0, 0, false]);
    const tuesday = body.days[1].hours;
    expect(pick(tuesday[9])).toEqual([0, 0, 0, false]);
    expect(pick(tuesday[14])).toEqual([1, 0, 1, false]);
  });

  it('defaults to this week’s Monday in Karachi', async () => {
    const res = await demand(`?region=${h.geo.dha.id}`);
    expect(res.statusCode).toBe(200);
    const { weekStart, days } = res.json();
    const today = karachiDateString(new Date());
    expect(new Date(`${weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(days.map((d: { date: string }) => d.date)).toContain(today);
  });

  it('refuses bad input (400), an unknown region (404) and users without the permission (403)', async () => {
    const notMonday = await demand(`?region=${h.geo.dha.id}&week_start=2026-12-08`);
    expect(notMonday.statusCode).toBe(400);
    expect(notMonday.json().detail).toBe(SHIFT_MESSAGES.WEEK_START_NOT_MONDAY);
    expect((await demand(`?region=${h.geo.dha.id}&week_start=12/07/2026`)).statusCode).toBe(400);
    expect((await demand('')).statusCode).toBe(400);
    const unknown = await demand('?region=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Not found.');
    expect((await demand(`?region=${h.geo.dha.id}`, h.nobody)).statusCode).toBe(403);
  });
});
