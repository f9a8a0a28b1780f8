import { VALIDATION } from '@dastak/core/messages';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riderShifts, shiftSchedules } from '../../db/schema/shifts';
import { users } from '../../db/schema/users';
import { karachiDay, shiftsHarness } from '../../test/fixtures/shifts.fixtures';

const h = shiftsHarness();

const create = (body: object, tok = h.editor) =>
  h.call('POST', '/shift/shift-schedules/', tok, body);
const gulbergShift = (over: object = {}) => ({
  weekday: 2,
  region: h.geo.gulberg.id,
  start_time: '09:00',
  end_time: '13:00',
  ...over,
});

const nameOf = async (id: number) => {
  const [u] = await h.t.db.select().from(users).where(eq(users.id, id));
  return `${u!.firstName} ${u!.lastName}`;
};

describe('shift schedules', () => {
  it('creates a schedule (201) and reads it back with the city name, in the list and by id', async () => {
    const res = await create(gulbergShift());
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      weekday: 2,
      region: h.geo.gulberg.id,
      cityName: 'Lahore',
      riders: [],
    });
    expect(s.startTime.slice(0, 5)).toBe('09:00');
    const one = await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.viewer);
    expect(one.statusCode).toBe(200);
    expect(one.json().id).toBe(s.id);
    const list = await h.call(
      'GET',
      `/shift/shift-schedules/?region=${h.geo.gulberg.id}&weekday=2`,
      h.viewer,
    );
    expect(list.json().map((x: { id: number }) => x.id)).toContain(s.id);
    const other = await h.call('GET', `/shift/shift-schedules/?region=${h.geo.dha.id}`, h.viewer);
    expect(other.json().map((x: { id: number }) => x.id)).not.toContain(s.id);
  });

  it('refuses start after end with both spec messages, and writes nothing', async () => {
    const before = await h.counts();
    const res = await create(gulbergShift({ start_time: '14:00', end_time: '10:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      startTime: [VALIDATION.SHIFT_START_AFTER_END],
      endTime: [VALIDATION.SHIFT_END_BEFORE_START],
    });
    expect(await h.counts()).toEqual(before);
  });

  it('refuses a missing weekday and an unknown region (400), writing nothing', async () => {
    const before = await h.counts();
    const noDay = await create({
      region: h.geo.gulberg.id,
      start_time: '09:00',
      end_time: '10:00',
    });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().errors.weekday).toEqual([VALIDATION.SELECT_WEEK_DAY]);
    const noRegion = await create(gulbergShift({ region: 999_999 }));
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().detail).toBe(SHIFT_MESSAGES.REGION_NOT_FOUND);
    expect(await h.counts()).toEqual(before);
  });

  it('needs the permissions: 403 for reads without view, writes without change', async () => {
    const before = await h.counts();
    expect((await h.call('GET', '/shift/shift-schedules/', h.nobody)).statusCode).toBe(403);
    expect((await create(gulbergShift(), h.viewer)).statusCode).toBe(403);
    const s = (await create(gulbergShift({ weekday: 3 }))).json();
    const after = await h.counts();
    expect(after.schedules).toBe(before.schedules + 1);
    const patch = await h.call('PATCH', `/shift/shift-schedules/${s.id}/`, h.viewer, {
      end_time: '15:00',
    });
    expect(patch.statusCode).toBe(403);
    expect((await h.call('DELETE', `/shift/shift-schedules/${s.id}/`, h.viewer)).statusCode).toBe(
      403,
    );
    const copy = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.viewer, {
      weekday: 4,
    });
    expect(copy.statusCode).toBe(403);
    expect(await h.counts()).toEqual(after);
    expect((await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.editor)).json().endTime).toBe(
      '13:00:00',
    );
  });

  it('edits times, refusing an end before the stored start; deletes (204); 404 after', async () => {
    const s = (await create(gulbergShift({ weekday: 5 }))).json();
    const ok = await h.call('PATCH', `/shift/shift-schedules/${s.id}/`, h.editor, {
      start_time: '10:00',
      end_time: '18:00',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ startTime: '10:00:00', endTime: '18:00:00' });
    const bad = await h.call('PATCH', `/shift/shift-schedules/${s.id}/`, h.editor, {
      end_time: '08:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(VALIDATION.SHIFT_START_AFTER_END);
    expect((await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.editor)).json().endTime).toBe(
      '18:00:00',
    );
    const del = await h.call('DELETE', `/shift/shift-schedules/${s.id}/`, h.editor);
    expect(del.statusCode).toBe(204);
    const gone = await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.editor);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('Not found.');
    expect((await h.call('DELETE', `/shift/shift-schedules/${s.id}/`, h.editor)).statusCode).toBe(
      404,
    );
    expect(
      (await h.call('PATCH', `/shift/shift-schedules/${s.id}/`, h.editor, { end_time: '19:00' }))
        .statusCode,
    ).toBe(404);
  });

  it('copies a schedule to another weekday with its riders and their hotspots', async () => {
    const s = (
      await create(gulbergShift({ weekday: 0, start_time: '07:00', end_time: '08:00' }))
    ).json();
    const rider = await h.rider();
    const added = await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
      shift_schedule: s.id,
      rider,
      hotspot: h.gulbergHotspot,
      allow_break: false,
    });
    expect(added.statusCode).toBe(201);

    const before = await h.counts();
    const noDay = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {});
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().errors.weekday).toEqual([VALIDATION.SELECT_WEEK_DAY]);
    const same = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {
      weekday: 0,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe(SHIFT_MESSAGES.COPY_SAME_WEEKDAY);
    expect(await h.counts()).toEqual(before);

    const copy = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {
      weekday: 6,
    });
    expect(copy.statusCode).toBe(201);
    const c = copy.json();
    expect(c.id).not.toBe(s.id);
    expect(c).toMatchObject({ weekday: 6, startTime: '07:00:00', endTime: '08:00:00' });
    expect(c.riders).toEqual([
      expect.objectContaining({
        shiftSchedule: c.id,
        rider: expect.objectContaining({ id: rider }),
        hotspot: h.gulbergHotspot,
        allowBreak: false,
      }),
    ]);
    // Copying again onto the same day would put the rider on two overlapping shifts.
    const again = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {
      weekday: 6,
    });
    expect(again.statusCode).toBe(409);
    // The refusal names the rider who would work two shifts at once (ADR 0057).
    expect(again.json().detail).toBe(
      SHIFT_MESSAGES.riderOverlaps(await nameOf(rider), '07:00', '08:00'),
    );
    expect(
      (await h.call('POST', '/shift/copy-shift-schedule/999999/', h.editor, { weekday: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a zero-length shift on create and edit (400 on both fields), writing nothing', async () => {
    const before = await h.counts();
    const same = {
      startTime: [SHIFT_MESSAGES.SAME_START_AND_END],
      endTime: [SHIFT_MESSAGES.SAME_START_AND_END],
    };
    const zero = await create(gulbergShift({ start_time: '10:00', end_time: '10:00:00' }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ detail: SHIFT_MESSAGES.SAME_START_AND_END, errors: same });
    expect(await h.counts()).toEqual(before);
    const s = (await create(gulbergShift({ weekday: 1 }))).json();
    // One side moved onto the stored other side.
    const onto = await h.call('PATCH', `/shift/shift-schedules/${s.id}/`, h.editor, {
      end_time: '09:00',
    });
    expect(onto.statusCode).toBe(400);
    expect(onto.json()).toMatchObject({ detail: SHIFT_MESSAGES.SAME_START_AND_END, errors: same });
    expect((await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.viewer)).json()).toMatchObject(
      { startTime: '09:00:00', endTime: '13:00:00' },
    );
  });

  it('runs a shift to midnight (24:00): its dated shift ends at the next day 00:00 and the 23:00 slot is offered', async () => {
    const day = karachiDay(2);
    const region = h.geo.dha.id;
    const res = await create({
      weekday: day.weekday,
      region,
      start_time: '22:00',
      end_time: '24:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ startTime: '22:00:00', endTime: '24:00:00' });
    expect((await h.call('GET', `/shift/shift-schedules/${s.id}/`, h.viewer)).json().endTime).toBe(
      '24:00:00',
    );
    const options = await h.call('GET', `/shift/shifts/?region=${region}`, h.viewer);
    expect(options.json()).toContainEqual(
      expect.objectContaining({ id: s.id, endTime: '24:00:00' }),
    );
    // 24:00 is an end only.
    const startAtEnd = await create({ weekday: 0, region, start_time: '24:00', end_time: '24:00' });
    expect(startAtEnd.statusCode).toBe(400);

    const rider = await h.rider(region);
    const added = await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
      shift_schedule: s.id,
      rider,
      hotspot: h.dhaHotspot,
    });
    expect(added.statusCode).toBe(201);
    const [dated] = await h.t.db
      .select()
      .from(riderShifts)
      .where(and(eq(riderShifts.riderId, rider), eq(riderShifts.startDatetime, day.at('22:00'))));
    expect(dated?.endDatetime.toISOString()).toBe(
      new Date(day.at('22:00').getTime() + 2 * 3_600_000).toISOString(),
    );
    // The rider covers 22:00-24:00 that day: both hour slots, the 23:00 one included.
    const slots = await h.call('POST', '/orders/blood/time-slots/', h.editor, {
      date: day.date,
      region_id: region,
      is_covid: false,
    });
    expect(slots.statusCode).toBe(200);
    expect(slots.json().map((x: { id: string }) => x.id)).toEqual(['22:00', '23:00']);
    // The next day's slots know nothing of it (nothing leaks past midnight).
    const next = await h.call('POST', '/orders/blood/time-slots/', h.editor, {
      date: karachiDay(3).date,
      region_id: region,
      is_covid: false,
    });
    expect(next.json()).toEqual([]);
    // A shift of the rider's the next morning from 00:00 touches it and is accepted.
    const morning = await create({
      weekday: karachiDay(3).weekday,
      region,
      start_time: '00:00',
      end_time: '02:00',
    });
    const touching = await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
      shift_schedule: morning.json().id,
      rider,
      hotspot: h.dhaHotspot,
    });
    expect(touching.statusCode, touching.body).toBe(201);
    const mine = await h.t.db.select().from(riderShifts).where(eq(riderShifts.riderId, rider));
    expect(mine.map((r) => r.startDatetime.toISOString())).toContain(
      karachiDay(3).at('00:00').toISOString(),
    );
    await h.call('DELETE', `/shift/shift-schedules/${morning.json().id}/`, h.editor);
    await h.call('DELETE', `/shift/shift-schedules/${s.id}/`, h.editor);
  });

  it('shows a schedule stored as 00:00-24:00 as it is (the API end takes 24:00)', async () => {
    const [row] = await h.t.db
      .insert(shiftSchedules)
      .values({ regionId: h.geo.xray.id, weekday: 1, startTime: '00:00', endTime: '24:00' })
      .returning();
    const res = await h.call('GET', `/shift/shift-schedules/${row!.id}/`, h.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ startTime: '00:00:00', endTime: '24:00:00' });
    const options = await h.call('GET', `/shift/shifts/?region=${h.geo.xray.id}`, h.viewer);
    expect(options.json()).toEqual([expect.objectContaining({ endTime: '24:00:00' })]);
  });

  it('a copy leaves inactive riders out, and one blocked by an overlap names the rider', async () => {
    const s = (
      await create(gulbergShift({ weekday: 4, start_time: '14:00', end_time: '16:00' }))
    ).json();
    const active = await h.rider();
    const leaver = await h.rider();
    for (const rider of [active, leaver]) {
      const res = await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
        shift_schedule: s.id,
        rider,
        hotspot: h.gulbergHotspot,
      });
      expect(res.statusCode).toBe(201);
    }
    await h.t.db.update(users).set({ isActive: false }).where(eq(users.id, leaver));
    const copy = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {
      weekday: 5,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().riders.map((r: { rider: { id: number } }) => r.rider.id)).toEqual([active]);

    // The active rider already works Saturday 15:00-17:00 elsewhere: a copy there is refused,
    // naming that rider, and writes nothing.
    const other = (
      await create(gulbergShift({ weekday: 6, start_time: '15:00', end_time: '17:00' }))
    ).json();
    await h.call('POST', '/shift/rider-shift-schedules/', h.editor, {
      shift_schedule: other.id,
      rider: active,
      hotspot: h.gulbergHotspot,
    });
    const before = await h.counts();
    const blocked = await h.call('POST', `/shift/copy-shift-schedule/${s.id}/`, h.editor, {
      weekday: 6,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toBe(
      SHIFT_MESSAGES.riderOverlaps(await nameOf(active), '15:00', '17:00'),
    );
    expect(blocked.json().detail).toContain(await nameOf(active));
    expect(await h.counts()).toEqual(before);
  });

  it('lists shift options by weekday then start for the attendance select', async () => {
    const region = h.geo.dha.id;
    await create({ weekday: 4, region, start_time: '15:00', end_time: '16:00' });
    await create({ weekday: 1, region, start_time: '12:00', end_time: '13:00' });
    await create({ weekday: 4, region, start_time: '08:00', end_time: '09:00' });
    const res = await h.call('GET', `/shift/shifts/?region=${region}`, h.viewer);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((o: { weekday: number; startTime: string }) => [o.weekday, o.startTime]),
    ).toEqual([
      [1, '12:00:00'],
      [4, '08:00:00'],
      [4, '15:00:00'],
    ]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ['endTime', 'id', 'region', 'startTime', 'weekday'].sort(),
    );
    expect((await h.call('GET', `/shift/shifts/?region=${region}`, h.nobody)).statusCode).toBe(403);
  });
});
