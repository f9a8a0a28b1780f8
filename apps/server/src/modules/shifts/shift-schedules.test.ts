import { SHIFT_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { describe, expect, it } from 'vitest';
import { shiftSchedules } from '../../db/schema/shifts';
import { shiftsHarness } from './shifts.fixtures';

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
    expect(again.json().detail).toBe(SHIFT_MESSAGES.riderOverlaps('07:00', '08:00'));
    expect(
      (await h.call('POST', '/shift/copy-shift-schedule/999999/', h.editor, { weekday: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('shows an all-day schedule stored as 24:00 as 23:59:59 (the API time of day)', async () => {
    const [row] = await h.t.db
      .insert(shiftSchedules)
      .values({ regionId: h.geo.xray.id, weekday: 1, startTime: '00:00', endTime: '24:00' })
      .returning();
    const res = await h.call('GET', `/shift/shift-schedules/${row!.id}/`, h.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ startTime: '00:00:00', endTime: '23:59:59' });
    const options = await h.call('GET', `/shift/shifts/?region=${h.geo.xray.id}`, h.viewer);
    expect(options.json()).toEqual([expect.objectContaining({ endTime: '23:59:59' })]);
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
