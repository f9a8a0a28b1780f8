import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { BREAK_MESSAGES } from '@dastak/core/messages/attendance';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../db/schema/shifts';
import { runAutoAssignmentOnce } from '../../jobs/auto-assignment';
import { listenChannel } from '../../lib/realtime-listen';
import { insertOrder, insertRider, insertWorld } from '../../test/fixtures/dispatch.fixtures';
import { riderToken } from '../../test/fixtures/riders.fixtures';
import { shiftsHarness } from '../../test/fixtures/shifts.fixtures';

const h = shiftsHarness();
const MIN = 60_000;

/** A rider on a weekly schedule (allowBreak as given) with one dated shift in `state`. */
async function riderOnShift(
  p: {
    regionId?: number;
    riderId?: number;
    allowBreak?: boolean;
    state?: 'scheduled' | 'in-progress' | 'completed' | 'missed';
    start?: Date;
    end?: Date;
    hotspotId?: number | null;
  } = {},
) {
  const regionId = p.regionId ?? h.geo.gulberg.id;
  const riderId = p.riderId ?? (await h.rider(regionId));
  const [s] = await h.t.db
    .insert(shiftSchedules)
    .values({ regionId, weekday: 0, startTime: '00:00', endTime: '00:01' })
    .returning();
  await h.t.db.insert(riderShiftSchedules).values({
    shiftScheduleId: s!.id,
    riderId,
    allowBreak: p.allowBreak ?? true,
    hotspotId: p.hotspotId === undefined ? h.gulbergHotspot : p.hotspotId,
  });
  const [shift] = await h.t.db
    .insert(riderShifts)
    .values({
      riderId,
      shiftScheduleId: s!.id,
      regionId,
      hotspotId: p.hotspotId === undefined ? h.gulbergHotspot : p.hotspotId,
      startDatetime: p.start ?? new Date(Date.now() - 60 * MIN),
      endDatetime: p.end ?? new Date(Date.now() + 3 * 60 * MIN),
      state: p.state ?? 'in-progress',
    })
    .returning();
  return { riderId, shiftId: shift!.id };
}

const giveBreak = (id: number, body: object, tok = h.editor) =>
  h.call('PUT', `/shift/rider-shifts/${id}/`, tok, body);
const shiftRow = async (id: number) =>
  (await h.t.db.select().from(riderShifts).where(eq(riderShifts.id, id)))[0]!;

describe('PUT /shift/rider-shifts/{id}/ (a break)', () => {
  it('gives the break once while in progress: profile, realtime notice, answer', async () => {
    const { riderId, shiftId } = await riderOnShift();
    const notices: string[] = [];
    const listener = await listenChannel(
      { db: h.t.db } as unknown as DbHandle,
      (p) => notices.push(p),
      () => {},
    );
    const before = Date.now();
    const res = await giveBreak(shiftId, { break_duration_mins: 30 });
    await new Promise((r) => setTimeout(r, 50));
    await listener.close();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.detail).toBe(SUCCESS.BREAK_GIVEN);
    expect(body.riderShift).toMatchObject({
      id: shiftId,
      rider: riderId,
      state: 'in-progress',
      breakAlreadyGiven: true,
    });
    const ends = new Date(body.breakEndsAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 30 * MIN - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * MIN);
    const row = await shiftRow(shiftId);
    expect(row).toMatchObject({ breakDurationMins: 30, breakAlreadyGiven: true });
    expect(row.breakStartedAt).not.toBeNull();
    const rider = (await h.call('GET', `/entity/rider/${riderId}/`, h.editor)).json();
    expect(new Date(rider.shiftBreakEndTime).getTime()).toBe(ends);
    expect(notices.map((n) => JSON.parse(n))).toContainEqual({ k: 'r', ids: [riderId] });

    const again = await giveBreak(shiftId, { break_duration_mins: 15 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BREAK_MESSAGES.BREAK_ALREADY_GIVEN);
    expect((await shiftRow(shiftId)).breakDurationMins).toBe(30);
  });

  it('refuses a shift not in progress, a rider without breaks, a bad duration; writes nothing', async () => {
    const scheduled = await riderOnShift({ state: 'scheduled' });
    const completed = await riderOnShift({ state: 'completed' });
    const noBreaks = await riderOnShift({ allowBreak: false });
    const fine = await riderOnShift();
    for (const s of [scheduled, completed]) {
      const res = await giveBreak(s.shiftId, { break_duration_mins: 15 });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS);
    }
    const refused = await giveBreak(noBreaks.shiftId, { break_duration_mins: 15 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(BREAK_MESSAGES.BREAK_NOT_ALLOWED);
    const none = await giveBreak(fine.shiftId, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.breakDurationMins).toEqual([VALIDATION.BREAK_DURATION_REQUIRED]);
    // A duration off the list names the ones allowed (ADR 0057), not 'required'.
    for (const body of [{ break_duration_mins: 20 }, { break_duration_mins: 'x' }]) {
      const res = await giveBreak(fine.shiftId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: SHIFT_MESSAGES.BREAK_DURATION_INVALID,
        errors: { breakDurationMins: [SHIFT_MESSAGES.BREAK_DURATION_INVALID] },
      });
      expect(res.json().detail).toContain('15, 30, 45, 60');
    }
    expect((await giveBreak(fine.shiftId, { break_duration_mins: 15 }, h.viewer)).statusCode).toBe(
      403,
    );
    for (const s of [scheduled, completed, noBreaks, fine]) {
      expect((await shiftRow(s.shiftId)).breakAlreadyGiven).toBe(false);
      const r = (await h.call('GET', `/entity/rider/${s.riderId}/`, h.editor)).json();
      expect(r.shiftBreakEndTime).toBeNull();
    }
    const missing = await giveBreak(999_999, { break_duration_mins: 15 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Not found.');
  });

  it('refuses a break before the shift starts, though an early ping put it in progress', async () => {
    // The rider pinged 10 minutes before a start 5 minutes away: in progress, not running yet.
    const early = await riderOnShift({
      state: 'in-progress',
      start: new Date(Date.now() + 5 * MIN),
      end: new Date(Date.now() + 4 * 60 * MIN),
    });
    const res = await giveBreak(early.shiftId, { break_duration_mins: 15 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS);
    // Past its end, still marked in progress until the job completes it: refused too.
    const over = await riderOnShift({
      state: 'in-progress',
      start: new Date(Date.now() - 3 * 60 * MIN),
      end: new Date(Date.now() - MIN),
    });
    const late = await giveBreak(over.shiftId, { break_duration_mins: 15 });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS);
    for (const s of [early, over]) {
      expect((await shiftRow(s.shiftId)).breakAlreadyGiven).toBe(false);
      const r = (await h.call('GET', `/entity/rider/${s.riderId}/`, h.editor)).json();
      expect(r.shiftBreakEndTime).toBeNull();
    }
  });

  it('a rider on a break is offered no work until it ends (suggested riders, auto-assignment)', async () => {
    const w = await insertWorld(h.t.db);
    const riderId = await insertRider(h.t.db, { regionId: w.home.id });
    const { shiftId } = await riderOnShift({ regionId: w.home.id, riderId, hotspotId: null });
    const now = Date.now();
    const order = await insertOrder(h.t.db, w, { pickup: new Date(now + 90 * MIN) });
    const groups = async () => {
      const res = await h.call('GET', `/algorithm/blood/suggested-riders/${order.id}/`, h.editor);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const of = (g: string) => body[g].map((e: { rider: { id: number } }) => e.rider.id);
      return { available: of('availableRiders'), late: of('lateRiders'), off: of('offDutyRiders') };
    };
    expect((await groups()).available).toEqual([riderId]);

    expect((await giveBreak(shiftId, { break_duration_mins: 60 })).statusCode).toBe(200);
    const onBreak = await groups();
    expect(onBreak.available).toEqual([]);
    expect(onBreak.late).toEqual([]);
    expect(onBreak.off).toEqual([riderId]);
    const during = await runAutoAssignmentOnce(h.t.db, new Date(now + MIN));
    expect(during.assigned).toBe(0);
    const stillWaiting = (await h.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(stillWaiting.assignedRiderId).toBeNull();

    // Once the break is over the same rider takes it.
    const after = await runAutoAssignmentOnce(h.t.db, new Date(now + 62 * MIN));
    expect(after.assigned).toBe(1);
    const assigned = (await h.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(assigned.assignedRiderId).toBe(riderId);
  });
});

describe('GET /rider-app/shift/', () => {
  it('answers the rider’s shift in progress with its break and hotspot; staff get 403', async () => {
    const login = await h.riderWithLogin();
    const token = await riderToken(h.t.app, login);
    const none = await h.call('GET', '/rider-app/shift/', token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const { shiftId } = await riderOnShift({ riderId: login.id });
    const before = (await h.call('GET', '/rider-app/shift/', token)).json();
    expect(before).toMatchObject({
      id: shiftId,
      state: 'in-progress',
      breakAlreadyGiven: false,
      breakEndsAt: null,
      hotspot: { id: h.gulbergHotspot, name: 'Liberty', latitude: 31.51, longitude: 74.35 },
    });
    const given = (await giveBreak(shiftId, { break_duration_mins: 45 })).json();
    const after = (await h.call('GET', '/rider-app/shift/', token)).json();
    expect(after).toMatchObject({ id: shiftId, breakAlreadyGiven: true });
    expect(new Date(after.breakEndsAt).getTime()).toBe(new Date(given.breakEndsAt).getTime());
    expect((await h.call('GET', '/rider-app/shift/', h.editor)).statusCode).toBe(403);
  });

  it('else the next shift not over yet today; tomorrow’s does not count', async () => {
    const login = await h.riderWithLogin();
    const token = await riderToken(h.t.app, login);
    await riderOnShift({
      riderId: login.id,
      state: 'scheduled',
      start: new Date(Date.now() + 26 * 60 * MIN),
      end: new Date(Date.now() + 28 * 60 * MIN),
    });
    expect((await h.call('GET', '/rider-app/shift/', token)).json()).toBeNull();
    const { shiftId } = await riderOnShift({
      riderId: login.id,
      state: 'scheduled',
      start: new Date(Date.now() - 5 * MIN),
      end: new Date(Date.now() + 60 * MIN),
    });
    expect((await h.call('GET', '/rider-app/shift/', token)).json()).toMatchObject({
      id: shiftId,
      state: 'scheduled',
    });
  });
});
