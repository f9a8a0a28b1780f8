import { VALIDATION } from '@dastak/core/messages';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { shiftsHarness } from '../../test/fixtures/shifts.fixtures';

const h = shiftsHarness();
let schedule: number;

const post = (body: object, tok = h.editor) =>
  h.call('POST', '/shift/rider-shift-schedules/', tok, body);
const schedule$ = async (over: object = {}) =>
  (
    await h.call('POST', '/shift/shift-schedules/', h.editor, {
      weekday: 3,
      region: h.geo.gulberg.id,
      start_time: '09:00',
      end_time: '13:00',
      ...over,
    })
  ).json().id as number;

beforeAll(async () => {
  schedule = await schedule$();
});

const nameOf = async (id: number) => {
  const [u] = await h.t.db.select().from(users).where(eq(users.id, id));
  return `${u!.firstName} ${u!.lastName}`;
};

describe('riders on a shift schedule', () => {
  it('adds a rider (201), lists it newest first, and refuses the same rider twice', async () => {
    const a = await h.rider();
    const b = await h.rider();
    const first = await post({ shift_schedule: schedule, rider: a, hotspot: h.gulbergHotspot });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      shiftSchedule: schedule,
      rider: { id: a },
      hotspot: h.gulbergHotspot,
      allowBreak: true,
    });
    await post({ shift_schedule: schedule, rider: b, hotspot: h.gulbergHotspot });
    const list = await h.call(
      'GET',
      `/shift/rider-shift-schedules/?shift_schedule=${schedule}`,
      h.viewer,
    );
    expect(list.json().map((r: { rider: { id: number } }) => r.rider.id)).toEqual([b, a]);
    const before = await h.counts();
    const twice = await post({ shift_schedule: schedule, rider: a, hotspot: h.gulbergHotspot });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(VALIDATION.RIDER_ALREADY_ADDED);
    expect(await h.counts()).toEqual(before);
  });

  it('refuses a rider of another region, a missing or foreign hotspot; nothing written', async () => {
    const before = await h.counts();
    const dhaRider = await h.rider(h.geo.dha.id);
    const foreign = await post({
      shift_schedule: schedule,
      rider: dhaRider,
      hotspot: h.gulbergHotspot,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(SHIFT_MESSAGES.RIDER_OTHER_REGION);
    const rider = await h.rider();
    const noHotspot = await post({ shift_schedule: schedule, rider });
    expect(noHotspot.statusCode).toBe(400);
    expect(noHotspot.json().errors.hotspot).toEqual([VALIDATION.SELECT_HOTSPOT]);
    const unknownHotspot = await post({ shift_schedule: schedule, rider, hotspot: 999_999 });
    expect(unknownHotspot.statusCode).toBe(400);
    expect(unknownHotspot.json().detail).toBe(VALIDATION.SELECT_HOTSPOT);
    const otherHotspot = await post({ shift_schedule: schedule, rider, hotspot: h.dhaHotspot });
    expect(otherHotspot.statusCode).toBe(400);
    expect(otherHotspot.json().detail).toBe(SHIFT_MESSAGES.HOTSPOT_OTHER_REGION);
    const noSchedule = await post({ shift_schedule: 999_999, rider, hotspot: h.gulbergHotspot });
    expect(noSchedule.statusCode).toBe(400);
    const notRider = await post({ shift_schedule: schedule, rider: 1, hotspot: h.gulbergHotspot });
    expect(notRider.statusCode).toBe(400);
    expect(await h.counts()).toEqual(before);
  });

  it('refuses an inactive rider (400 naming the field), nothing written', async () => {
    const rider = await h.rider();
    await h.t.db.update(users).set({ isActive: false }).where(eq(users.id, rider));
    const before = await h.counts();
    const res = await post({ shift_schedule: schedule, rider, hotspot: h.gulbergHotspot });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: SHIFT_MESSAGES.RIDER_INACTIVE,
      errors: { rider: [SHIFT_MESSAGES.RIDER_INACTIVE] },
    });
    expect(await h.counts()).toEqual(before);
  });

  it('refuses a rider already on an overlapping shift that weekday (409), not a touching one', async () => {
    const rider = await h.rider();
    expect(
      (await post({ shift_schedule: schedule, rider, hotspot: h.gulbergHotspot })).statusCode,
    ).toBe(201);
    const overlapping = await schedule$({ start_time: '12:00', end_time: '15:00' });
    const touching = await schedule$({ start_time: '13:00', end_time: '15:00' });
    const otherDay = await schedule$({ weekday: 4, start_time: '09:00', end_time: '13:00' });
    const before = await h.counts();
    const clash = await post({ shift_schedule: overlapping, rider, hotspot: h.gulbergHotspot });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(
      SHIFT_MESSAGES.riderOverlaps(await nameOf(rider), '09:00', '13:00'),
    );
    expect(await h.counts()).toEqual(before);
    expect(
      (await post({ shift_schedule: touching, rider, hotspot: h.gulbergHotspot })).statusCode,
    ).toBe(201);
    expect(
      (await post({ shift_schedule: otherDay, rider, hotspot: h.gulbergHotspot })).statusCode,
    ).toBe(201);
    // Moving a schedule onto a time its rider already works elsewhere is refused the same way.
    const move = await h.call('PATCH', `/shift/shift-schedules/${touching}/`, h.editor, {
      start_time: '11:00',
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().detail).toBe(
      SHIFT_MESSAGES.riderOverlaps(await nameOf(rider), '09:00', '13:00'),
    );
  });

  it('changes hotspot and allow_break (PUT), removes (DELETE 204), 404 for unknown ids', async () => {
    const rider = await h.rider();
    const a = (await post({ shift_schedule: schedule, rider, hotspot: h.gulbergHotspot })).json();
    const [hotspot2] = await h.t.db
      .insert((await import('../../db/schema/locations')).hotspots)
      .values({
        name: 'Main Market',
        regionId: h.geo.gulberg.id,
        latitude: 31.52,
        longitude: 74.34,
      })
      .returning();
    const put = await h.call('PUT', `/shift/rider-shift-schedules/${a.id}/`, h.editor, {
      hotspot: hotspot2!.id,
      allow_break: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: a.id, hotspot: hotspot2!.id, allowBreak: false });
    const bad = await h.call('PUT', `/shift/rider-shift-schedules/${a.id}/`, h.editor, {
      hotspot: h.dhaHotspot,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await h.call('PUT', `/shift/rider-shift-schedules/${a.id}/`, h.editor, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.hotspot).toEqual([VALIDATION.SELECT_HOTSPOT]);
    const viewerPut = await h.call('PUT', `/shift/rider-shift-schedules/${a.id}/`, h.viewer, {
      hotspot: h.gulbergHotspot,
    });
    expect(viewerPut.statusCode).toBe(403);
    expect(
      (await h.call('DELETE', `/shift/rider-shift-schedules/${a.id}/`, h.viewer)).statusCode,
    ).toBe(403);
    const list = async () =>
      (
        await h.call('GET', `/shift/rider-shift-schedules/?shift_schedule=${schedule}`, h.viewer)
      ).json();
    expect((await list()).find((x: { id: number }) => x.id === a.id)).toMatchObject({
      hotspot: hotspot2!.id,
      allowBreak: false,
    });
    const del = await h.call('DELETE', `/shift/rider-shift-schedules/${a.id}/`, h.editor);
    expect(del.statusCode).toBe(204);
    expect((await list()).some((x: { id: number }) => x.id === a.id)).toBe(false);
    expect(
      (await h.call('DELETE', `/shift/rider-shift-schedules/${a.id}/`, h.editor)).statusCode,
    ).toBe(404);
    const put404 = await h.call('PUT', `/shift/rider-shift-schedules/${a.id}/`, h.editor, {
      hotspot: h.gulbergHotspot,
    });
    expect(put404.statusCode).toBe(404);
    expect(put404.json().detail).toBe('Not found.');
  });

  it('403 for adding without the change permission, nothing written', async () => {
    const rider = await h.rider();
    const before = await h.counts();
    const res = await post(
      { shift_schedule: schedule, rider, hotspot: h.gulbergHotspot },
      h.viewer,
    );
    expect(res.statusCode).toBe(403);
    expect(await h.counts()).toEqual(before);
    expect(
      (await h.call('GET', `/shift/rider-shift-schedules/?shift_schedule=${schedule}`, h.nobody))
        .statusCode,
    ).toBe(403);
  });
});
