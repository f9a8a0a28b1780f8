import { RIDER_SHIFT_DAYS_AHEAD } from '@dastak/core/constants';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riderShifts } from '../../db/schema/shifts';
import { runRiderShiftsOnce } from '../../jobs/rider-shifts';
import { karachiDay, shiftsHarness } from '../../test/fixtures/shifts.fixtures';
import { generateRiderShifts } from './rider-shifts.repository';

const h = shiftsHarness();
const MIN = 60_000;

const shiftsOf = (riderId: number) =>
  h.t.db
    .select()
    .from(riderShifts)
    .where(eq(riderShifts.riderId, riderId))
    .orderBy(asc(riderShifts.startDatetime));

const newSchedule = async (body: object) => {
  const res = await h.call('POST', '/shift/shift-schedules/', h.editor, body);
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

describe('dated rider shifts from the weekly schedules', () => {
  it('makes one shift per Karachi day of the window, at Karachi times, idempotently', async () => {
    const rider = await h.rider();
    for (let weekday = 0; weekday < 7; weekday++) {
      const id = await newSchedule({
        weekday,
        region: h.geo.gulberg.id,
        start_time: '01:00',
        end_time: '02:00',
      });
      await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
        shift_schedule: id,
        rider,
        hotspot: h.gulbergHotspot,
      });
    }
    // Real time already made the shifts of the days ahead; a run from a fixed earlier instant
    // fills its own window, and a second run of the same window adds nothing.
    const now = parseKarachi('2026-03-02T00:30:00')!;
    await h.t.db.delete(riderShifts).where(eq(riderShifts.riderId, rider));
    const first = await generateRiderShifts(h.t.db, now);
    expect(first).toBeGreaterThanOrEqual(RIDER_SHIFT_DAYS_AHEAD);
    expect(await generateRiderShifts(h.t.db, now)).toBe(0);
    const rows = await shiftsOf(rider);
    const days = rows.map((r) => karachiDateString(r.startDatetime));
    expect(days.slice(0, RIDER_SHIFT_DAYS_AHEAD)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(rows[0]!.startDatetime.toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(rows[0]!.endDatetime.toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(rows[0]).toMatchObject({ state: 'scheduled', hotspotId: h.gulbergHotspot });
    // A day already over is not made: at 02:30 the first day's 01:00-02:00 shift is gone.
    await h.t.db.delete(riderShifts).where(eq(riderShifts.riderId, rider));
    await generateRiderShifts(h.t.db, parseKarachi('2026-03-02T02:30:00')!);
    expect(karachiDateString((await shiftsOf(rider))[0]!.startDatetime)).toBe('2026-03-03');
  });

  it('moves capacity at once: the time slots follow adding a rider, moving times, removing', async () => {
    const day = karachiDay(2);
    const region = h.geo.dha.id;
    const slots = async () => {
      const res = await h.call('POST', '/orders/blood/time-slots/', h.editor, {
        date: day.date,
        region_id: region,
        is_covid: false,
      });
      expect(res.statusCode).toBe(200);
      return res.json().map((s: { id: string }) => s.id);
    };
    const schedule = await newSchedule({
      weekday: day.weekday,
      region,
      start_time: '10:00',
      end_time: '12:00',
    });
    expect(await slots()).toEqual([]);

    const rider = await h.rider(region);
    const added = await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
      shift_schedule: schedule,
      rider,
      hotspot: h.dhaHotspot,
    });
    expect(added.statusCode).toBe(201);
    expect(await slots()).toEqual(['10:00', '11:00']);
    const made = (await shiftsOf(rider)).filter(
      (s) => karachiDateString(s.startDatetime) === day.date,
    );
    expect(made.map((s) => s.startDatetime.getTime())).toEqual([day.at('10:00').getTime()]);

    // History and a started shift of the schedule stay when it moves; the upcoming one moves.
    const [past, started] = await h.t.db
      .insert(riderShifts)
      .values([
        {
          riderId: rider,
          shiftScheduleId: schedule,
          regionId: region,
          startDatetime: karachiDay(-7).at('10:00'),
          endDatetime: karachiDay(-7).at('12:00'),
          state: 'completed',
        },
        {
          riderId: rider,
          shiftScheduleId: schedule,
          regionId: region,
          startDatetime: new Date(Date.now() - 30 * MIN),
          endDatetime: new Date(Date.now() + 30 * MIN),
          state: 'in-progress',
        },
      ])
      .returning();
    const moved = await h.call('PATCH', `/shift/shift-schedules/${schedule}/`, h.editor, {
      start_time: '14:00',
      end_time: '16:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(await slots()).toEqual(['14:00', '15:00']);
    const after = await shiftsOf(rider);
    const ids = after.map((s) => s.id);
    expect(ids).toContain(past!.id);
    expect(ids).toContain(started!.id);
    expect(after.some((s) => s.startDatetime.getTime() === day.at('10:00').getTime())).toBe(false);
    expect(after.some((s) => s.startDatetime.getTime() === day.at('14:00').getTime())).toBe(true);

    const assignment = added.json().id;
    expect(
      (await h.call('DELETE', `/shift/rider-shift-schedules/${assignment}/`, h.editor)).statusCode,
    ).toBe(204);
    expect(await slots()).toEqual([]);
    const left = (await shiftsOf(rider)).map((s) => s.id).sort((a, b) => a - b);
    expect(left).toEqual([past!.id, started!.id].sort((a, b) => a - b));

    // Deleting the schedule keeps the history rows.
    expect(
      (await h.call('DELETE', `/shift/shift-schedules/${schedule}/`, h.editor)).statusCode,
    ).toBe(204);
    expect((await shiftsOf(rider)).map((s) => s.id).sort((a, b) => a - b)).toEqual(left);
  });
});

describe('the time-driven states (jobs/rider-shifts.ts)', () => {
  it('completes in-progress shifts at their end and misses unpinged ones after start + 30 min', async () => {
    const now = parseKarachi('2026-02-10T12:00:00')!;
    const at = (mins: number) => new Date(now.getTime() + mins * MIN);
    const row = async (
      state: 'scheduled' | 'in-progress' | 'missed',
      start: number,
      end: number,
    ) => {
      const [r] = await h.t.db
        .insert(riderShifts)
        .values({
          riderId: await h.rider(),
          regionId: h.geo.gulberg.id,
          startDatetime: at(start),
          endDatetime: at(end),
          state,
        })
        .returning();
      return r!.id;
    };
    const ended = await row('in-progress', -120, 0);
    const running = await row('in-progress', -60, 1);
    const noShow = await row('scheduled', -31, 60);
    const notYet = await row('scheduled', -29, 60);
    const future = await row('scheduled', 30, 90);
    const report = await runRiderShiftsOnce(h.t.db, now);
    expect(report.completed).toBeGreaterThanOrEqual(1);
    expect(report.missed).toBeGreaterThanOrEqual(1);
    const state = async (id: number) =>
      (await h.t.db.select().from(riderShifts).where(eq(riderShifts.id, id)))[0]!.state;
    expect(await state(ended)).toBe('completed');
    expect(await state(running)).toBe('in-progress');
    expect(await state(noShow)).toBe('missed');
    expect(await state(notYet)).toBe('scheduled');
    expect(await state(future)).toBe('scheduled');
    // One minute on, the running shift ends and the late one passes its window.
    await runRiderShiftsOnce(h.t.db, at(2));
    expect(await state(running)).toBe('completed');
    expect(await state(notYet)).toBe('missed');
    expect(await state(future)).toBe('scheduled');
  });
});
