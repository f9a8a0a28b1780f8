import { ATTENDANCE_SLOT_MS } from '@dastak/core/constants';
import { riderShiftOnlinePercent } from '@dastak/core/rules/online-slots';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { hotspots } from '../../db/schema/locations';
import { riderLocationPings } from '../../db/schema/riders';
import { riderShiftAttendance, riderShifts } from '../../db/schema/shifts';
import { pruneLocationPings } from '../../jobs/location-retention';
import { runRiderShiftsOnce } from '../../jobs/rider-shifts';
import { riderAppHarness } from '../../test/fixtures/rider-app.harness';
import { haversineMetres } from '../dispatch/public';

/**
 * Attendance from the riders' own pings (docs/decisions/0037-attendance.md): scripted tracks sent
 * through POST /rider-app/location/ with known answers, read back from the rider shift and
 * through GET /shift/rider-shifts/.
 */

const h = riderAppHarness();

const MIN = 60_000;
const HOTSPOT = { latitude: 31.52, longitude: 74.33 };
/** Metres north of a point: a pure latitude move, so haversine gives the metres back exactly. */
const north = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + metres / ((6_371_000 * Math.PI) / 180),
  longitude: p.longitude,
});
const east = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude,
  longitude:
    p.longitude + metres / (((6_371_000 * Math.PI) / 180) * Math.cos((p.latitude * Math.PI) / 180)),
});

/** Every shift here started two hours ago on a slot boundary and runs three hours (36 slots). */
const START = Math.floor((Date.now() - 120 * MIN) / ATTENDANCE_SLOT_MS) * ATTENDANCE_SLOT_MS;
const at = (minutes: number) => new Date(START + minutes * MIN);
const SHIFT_SLOTS = 36;

let hotspotId: number | undefined;
async function theHotspot() {
  hotspotId ??= (
    await h.t.db
      .insert(hotspots)
      .values({ name: 'Liberty', regionId: h.geo.gulberg.id, ...HOTSPOT })
      .returning()
  )[0]!.id;
  return hotspotId;
}

async function riderOnShift(
  opts: { startMin?: number; minutes?: number; noHotspot?: boolean } = {},
) {
  const rider = await h.newRider();
  const shiftId = await addShift(rider.id, opts);
  return { ...rider, shiftId };
}

async function addShift(
  riderId: number,
  opts: { startMin?: number; minutes?: number; noHotspot?: boolean } = {},
) {
  const start = at(opts.startMin ?? 0);
  const [row] = await h.t.db
    .insert(riderShifts)
    .values({
      riderId,
      regionId: h.geo.gulberg.id,
      hotspotId: opts.noHotspot ? null : await theHotspot(),
      startDatetime: start,
      endDatetime: new Date(start.getTime() + (opts.minutes ?? 180) * MIN),
    })
    .returning({ id: riderShifts.id });
  return row!.id;
}

type Ping = {
  latitude: number;
  longitude: number;
  minute: number;
  accuracy?: number;
};
const body = (p: Ping) => ({
  latitude: p.latitude,
  longitude: p.longitude,
  recorded_at: at(p.minute).toISOString(),
  ...(p.accuracy === undefined ? {} : { accuracy_metres: p.accuracy }),
});

/** One request per ping, as a phone with coverage sends them. */
async function sendEach(token: string, pings: Ping[]) {
  for (const p of pings) {
    const res = await h.call('POST', '/rider-app/location/', token, body(p));
    expect(res.statusCode).toBe(200);
  }
}
/** One batched request, as a phone sends after a gap in coverage. */
async function sendBatch(token: string, pings: Ping[]) {
  const res = await h.call('POST', '/rider-app/location/', token, { pings: pings.map(body) });
  expect(res.statusCode).toBe(200);
}

async function shift(id: number) {
  const [row] = await h.t.db.select().from(riderShifts).where(eq(riderShifts.id, id));
  return row!;
}
async function slotMinutes(id: number) {
  const rows = await h.t.db
    .select({
      slotStart: riderShiftAttendance.slotStart,
      isPresent: riderShiftAttendance.isPresent,
    })
    .from(riderShiftAttendance)
    .where(eq(riderShiftAttendance.riderShiftId, id))
    .orderBy(asc(riderShiftAttendance.slotStart));
  expect(rows.every((r) => r.isPresent)).toBe(true);
  return rows.map((r) => (r.slotStart.getTime() - START) / MIN);
}
/** The attendance record as the console reads it. */
async function record(riderId: number, shiftId: number) {
  const from = new Date(START - 24 * 60 * MIN).toISOString();
  const to = new Date(START + 24 * 60 * MIN).toISOString();
  const res = await h.call(
    'GET',
    `/shift/rider-shifts/?rider=${riderId}&start_datetime=${encodeURIComponent(from)}&end_datetime=${encodeURIComponent(to)}`,
    h.staff,
  );
  expect(res.statusCode).toBe(200);
  const found = res.json().results.find((r: { id: number }) => r.id === shiftId);
  expect(found).toBeDefined();
  return found;
}

/**
 * The list's online % of a running shift counts the slots over so far (ADR 0057): read through
 * the list, it is the core rule's answer at some moment of the call, from the shift's roll-up.
 */
async function onlineSoFar(riderId: number, shiftId: number) {
  const before = Date.now();
  const found = await record(riderId, shiftId);
  const after = Date.now();
  const s = await shift(shiftId);
  const at = (now: number) => riderShiftOnlinePercent(s, now);
  expect([at(before), at(after)]).toContain(found.riderShiftOnlinePercentage);
  return found;
}

/** Standing near a point: pings every `every` seconds, each within 10 m of it. */
const standing = (
  p: { latitude: number; longitude: number },
  from: number,
  to: number,
  every = 60,
) => {
  const out: Ping[] = [];
  const last = Math.round(to * 60);
  for (let s = Math.round(from * 60), i = 0; s <= last; s += every, i++) {
    const wobble = [
      [0, 0],
      [6, 0],
      [0, -7],
      [-5, 4],
      [3, 8],
    ][i % 5]!;
    out.push({ ...east(north(p, wobble[0]!), wobble[1]!), minute: s / 60 });
  }
  return out;
};

describe('attendance roll-up of the riders pings', () => {
  it('an on-time rider inside the hotspot: present, in progress, inside, online slots and the ridden distance', async () => {
    const r = await riderOnShift();
    const track: Ping[] = [
      { ...HOTSPOT, minute: -5 },
      ...standing(HOTSPOT, 0, 20, 300),
      // 1 km north at 100 m a minute.
      ...Array.from({ length: 10 }, (_, i) => ({
        ...north(HOTSPOT, 100 * (i + 1)),
        minute: 21 + i,
      })),
      ...standing(north(HOTSPOT, 1000), 35, 55, 300),
    ];
    await sendEach(r.token, track);

    const s = await shift(r.shiftId);
    expect(s).toMatchObject({
      state: 'in-progress',
      isPresent: true,
      riderDidStartInsideHotspot: true,
      hotspotLatitude: HOTSPOT.latitude,
      hotspotLongitude: HOTSPOT.longitude,
      hotspotRecordedAt: at(-5),
      // Slots 0..55 of the shift (the one before the start is kept but is not a shift slot).
      onlineSlots: 12,
      onlinePercentage: 33.33,
    });
    expect(s.distanceTravelledMetres).toBeGreaterThanOrEqual(999);
    expect(s.distanceTravelledMetres).toBeLessThanOrEqual(1001);
    expect(await slotMinutes(r.shiftId)).toEqual([
      -5, 0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55,
    ]);

    // The list counts the slots so far (ADR 0057): 12 online of the 24 over by now (two hours
    // in, the running slot without a ping yet), where the stored whole-shift figure is 12 of 36.
    const soFar = await onlineSoFar(r.id, r.shiftId);
    expect([50, 48]).toContain(soFar.riderShiftOnlinePercentage);
    expect(soFar).toMatchObject({
      isPresent: true,
      riderDidStartInsideHotspot: true,
      hotspotLatitude: HOTSPOT.latitude,
      distanceTravelled: s.distanceTravelledMetres,
      shift: { id: r.shiftId, state: 'in-progress' },
    });
  });

  it('a late rider (first ping 40 minutes after the start): missed at start + 30, then in progress but not present', async () => {
    const r = await riderOnShift();
    await runRiderShiftsOnce(h.t.db);
    expect((await shift(r.shiftId)).state).toBe('missed');

    await sendEach(r.token, standing(HOTSPOT, 40, 45, 300));
    const s = await shift(r.shiftId);
    expect(s).toMatchObject({
      state: 'in-progress',
      isPresent: false,
      riderDidStartInsideHotspot: true,
      hotspotRecordedAt: at(40),
      onlineSlots: 2,
      onlinePercentage: Math.round((2 / SHIFT_SLOTS) * 10_000) / 100,
    });
    const soFar = await onlineSoFar(r.id, r.shiftId);
    // 2 online of the 24 slots over so far (25 had a slot just ended).
    expect([8.33, 8]).toContain(soFar.riderShiftOnlinePercentage);
    expect(soFar).toMatchObject({
      isPresent: false,
      shift: { state: 'in-progress' },
    });
  });

  it('a no-show: missed, with no figures', async () => {
    const r = await riderOnShift();
    // Pings of another day do not touch this shift.
    await sendEach(r.token, [{ ...HOTSPOT, minute: -24 * 60 }]);
    await runRiderShiftsOnce(h.t.db);
    expect(await shift(r.shiftId)).toMatchObject({
      state: 'missed',
      isPresent: false,
      riderDidStartInsideHotspot: null,
      hotspotRecordedAt: null,
      onlineSlots: 0,
      onlinePercentage: null,
      distanceTravelledMetres: null,
    });
    expect(await slotMinutes(r.shiftId)).toEqual([]);
    // No ping: inside hotspot and online % are unknown (N/A), not false and 0 (ADR 0057).
    expect(await record(r.id, r.shiftId)).toMatchObject({
      isPresent: false,
      riderDidStartInsideHotspot: null,
      riderShiftOnlinePercentage: null,
      shift: { state: 'missed' },
    });
  });

  it('a rider starting outside the hotspot stays "outside" after riding into it', async () => {
    const r = await riderOnShift();
    const away = north(HOTSPOT, 1000);
    await sendEach(r.token, [
      { ...away, minute: -3 },
      ...Array.from({ length: 5 }, (_, i) => ({ ...north(HOTSPOT, 800 - 200 * i), minute: i * 2 })),
      ...standing(HOTSPOT, 10, 20, 300),
    ]);
    const s = await shift(r.shiftId);
    expect(s).toMatchObject({
      isPresent: true,
      riderDidStartInsideHotspot: false,
      hotspotLatitude: away.latitude,
      hotspotLongitude: away.longitude,
      hotspotRecordedAt: at(-3),
    });
    // 1,000 m back to the hotspot.
    expect(Math.abs((s.distanceTravelledMetres ?? 0) - 1000)).toBeLessThanOrEqual(1);
    // 250 m is the radius: 240 m out is inside, 260 m is not.
    const near = await riderOnShift();
    await sendEach(near.token, [{ ...north(HOTSPOT, 240), minute: 1 }]);
    expect((await shift(near.shiftId)).riderDidStartInsideHotspot).toBe(true);
    const far = await riderOnShift();
    await sendEach(far.token, [{ ...north(HOTSPOT, 260), minute: 1 }]);
    expect((await shift(far.shiftId)).riderDidStartInsideHotspot).toBe(false);
    // A shift with no hotspot cannot be started inside one.
    const none = await riderOnShift({ noHotspot: true });
    await sendEach(none.token, [{ ...HOTSPOT, minute: 1 }]);
    expect((await shift(none.shiftId)).riderDidStartInsideHotspot).toBe(false);
  });

  it('GPS jitter while standing and inaccurate fixes add no distance', async () => {
    const r = await riderOnShift();
    const pings = standing(HOTSPOT, 0, 9 + 50 / 60, 10);
    expect(pings).toHaveLength(60);
    // A fix 2 km away but 300 m inaccurate, in the middle.
    pings.splice(30, 0, { ...north(HOTSPOT, 2000), minute: 5 + 5 / 60, accuracy: 300 });
    await sendBatch(r.token, pings);
    const s = await shift(r.shiftId);
    expect(s.distanceTravelledMetres).toBe(0);
    expect(s.trailRecordedAt).toEqual(at(0));
    expect(s.onlineSlots).toBe(2);
    // Ten metres a ping for five minutes is a slow walk of 300 m: it still adds up.
    const walker = await riderOnShift();
    await sendBatch(
      walker.token,
      Array.from({ length: 31 }, (_, i) => ({ ...north(HOTSPOT, 10 * i), minute: i / 6 })),
    );
    expect((await shift(walker.shiftId)).distanceTravelledMetres).toBe(300);
  });

  it('an impossible jump is dropped, and the trail goes on from the last good point', async () => {
    const r = await riderOnShift();
    await sendEach(r.token, [
      { ...HOTSPOT, minute: 0 },
      { ...north(HOTSPOT, 100), minute: 1 },
      // 4.9 km in ten seconds.
      { ...north(HOTSPOT, 5000), minute: 1 + 10 / 60 },
      { ...north(HOTSPOT, 200), minute: 2 },
      { ...north(HOTSPOT, 5200), minute: 2 + 10 / 60 },
      { ...north(HOTSPOT, 300), minute: 3 },
    ]);
    const s = await shift(r.shiftId);
    expect(Math.abs((s.distanceTravelledMetres ?? 0) - 300)).toBeLessThanOrEqual(1);
    expect(s.trailRecordedAt).toEqual(at(3));
    expect(s.trailLatitude).toBeCloseTo(north(HOTSPOT, 300).latitude, 9);
  });

  it('a gap offline: the online percentage is exactly the slots pinged', async () => {
    const r = await riderOnShift();
    await sendEach(r.token, [...standing(HOTSPOT, 0, 29, 60), ...standing(HOTSPOT, 60, 89, 60)]);
    expect(await slotMinutes(r.shiftId)).toEqual([0, 5, 10, 15, 20, 25, 60, 65, 70, 75, 80, 85]);
    const s = await shift(r.shiftId);
    expect(s.onlineSlots).toBe(12);
    expect(s.onlinePercentage).toBe(33.33);
    expect(s.distanceTravelledMetres).toBe(0);
    const slots = await h.call(
      'GET',
      `/shift/rider-shift-attendance/?rider_shift=${r.shiftId}`,
      h.staff,
    );
    expect(slots.statusCode).toBe(200);
    expect(slots.json().filter((x: { isPresent: boolean }) => x.isPresent)).toHaveLength(12);
  });

  it('a late batch out of order comes out as if it had arrived in order', async () => {
    // 100 m north each minute for 20 minutes.
    const track: Ping[] = Array.from({ length: 20 }, (_, i) => ({
      ...north(HOTSPOT, 100 * i),
      minute: i,
    }));
    const inOrder = await riderOnShift();
    await sendBatch(inOrder.token, track);
    const late = await riderOnShift();
    await sendEach(late.token, track.slice(10));
    await sendBatch(late.token, track.slice(0, 10).reverse());

    const a = await shift(inOrder.shiftId);
    const b = await shift(late.shiftId);
    for (const s of [a, b]) {
      expect(Math.abs((s.distanceTravelledMetres ?? 0) - 1900)).toBeLessThanOrEqual(1);
      expect(s).toMatchObject({
        isPresent: true,
        riderDidStartInsideHotspot: true,
        hotspotRecordedAt: at(0),
        hotspotLatitude: HOTSPOT.latitude,
        trailRecordedAt: at(19),
        onlineSlots: 4,
        onlinePercentage: 11.11,
      });
    }
    expect(b.distanceTravelledMetres).toBe(a.distanceTravelledMetres);
    expect(await slotMinutes(late.shiftId)).toEqual([0, 5, 10, 15]);
    // The trail goes on from the replayed point.
    await sendEach(late.token, [{ ...north(HOTSPOT, 2000), minute: 20 }]);
    expect(
      Math.abs(((await shift(late.shiftId)).distanceTravelledMetres ?? 0) - 2000),
    ).toBeLessThanOrEqual(1);
  });

  it('one batch across two shifts feeds each its own pings; a rider off shift writes no attendance', async () => {
    const rider = await h.newRider();
    const first = await addShift(rider.id, { minutes: 60 });
    const second = await addShift(rider.id, { startMin: 60, minutes: 120 });
    await sendBatch(rider.token, [
      { ...HOTSPOT, minute: 10 },
      { ...north(HOTSPOT, 3000), minute: 70 },
    ]);
    expect(await shift(first)).toMatchObject({
      isPresent: true,
      onlineSlots: 1,
      onlinePercentage: 8.33,
    });
    expect(await shift(second)).toMatchObject({
      isPresent: true,
      riderDidStartInsideHotspot: false,
      hotspotRecordedAt: at(70),
      onlineSlots: 1,
      onlinePercentage: 4.17,
      distanceTravelledMetres: 0,
    });

    const idle = await h.newRider();
    const before = await h.t.db.$count(riderShiftAttendance);
    await sendEach(idle.token, [{ ...HOTSPOT, minute: 0 }]);
    expect(await h.t.db.$count(riderShiftAttendance)).toBe(before);
  });

  it('a batch that arrives after the shift ended settles it as completed', async () => {
    const r = await riderOnShift({ startMin: -120, minutes: 60 });
    await runRiderShiftsOnce(h.t.db);
    expect((await shift(r.shiftId)).state).toBe('missed');
    await sendBatch(r.token, standing(HOTSPOT, -125, -65, 300));
    expect(await shift(r.shiftId)).toMatchObject({
      state: 'completed',
      isPresent: true,
      onlineSlots: 12,
      onlinePercentage: 100,
    });
  });
});

describe('location retention', () => {
  it('prunes raw pings past the retention in bounded batches; roll-ups and shift figures stay', async () => {
    const r = await riderOnShift();
    await sendEach(r.token, standing(HOTSPOT, 0, 20, 300));
    const figures = await shift(r.shiftId);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * MIN);
    await h.t.db.insert(riderLocationPings).values(
      [40, 35, 31, 31, 30.5, 29, 2].map((d) => ({
        riderId: r.id,
        ...HOTSPOT,
        recordedAt: daysAgo(d),
      })),
    );
    const mine = () =>
      h.t.db
        .select({ recordedAt: riderLocationPings.recordedAt })
        .from(riderLocationPings)
        .where(eq(riderLocationPings.riderId, r.id));
    const countBefore = (await mine()).length;

    // One batch of two: the two oldest go first.
    expect(await pruneLocationPings(h.t.db, now, 30, { batch: 2, maxBatches: 1 })).toBe(2);
    expect((await mine()).some((p) => p.recordedAt < daysAgo(33))).toBe(false);
    // The rest past 30 days, batch after batch; nothing newer.
    expect(await pruneLocationPings(h.t.db, now, 30, { batch: 2 })).toBe(3);
    const left = await mine();
    expect(left).toHaveLength(countBefore - 5);
    expect(left.every((p) => p.recordedAt >= daysAgo(30))).toBe(true);
    expect(await pruneLocationPings(h.t.db, now, 30, { batch: 2 })).toBe(0);

    // Even with every raw ping gone, the roll-ups stay.
    await pruneLocationPings(h.t.db, new Date(now.getTime() + 400 * 24 * 60 * MIN), 30);
    expect(await mine()).toHaveLength(0);
    expect(await shift(r.shiftId)).toMatchObject({
      isPresent: figures.isPresent,
      onlineSlots: 5,
      onlinePercentage: figures.onlinePercentage,
      distanceTravelledMetres: 0,
    });
    expect(await slotMinutes(r.shiftId)).toEqual([0, 5, 10, 15, 20]);
  });

  it('LOCATION_RETENTION_DAYS: 30 by default, validated by name', () => {
    expect(loadConfig({}).LOCATION_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ LOCATION_RETENTION_DAYS: '7' }).LOCATION_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', 'ten', '1.5', '-3']) {
      expect(() => loadConfig({ LOCATION_RETENTION_DAYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ LOCATION_RETENTION_DAYS: bad })).toThrow(/LOCATION_RETENTION_DAYS/);
    }
  });
});

// The haversine the tests' tracks rely on: a pure latitude move of N metres measures N metres.
it('test tracks measure what they say', () => {
  expect(haversineMetres(HOTSPOT, north(HOTSPOT, 1000))).toBeCloseTo(1000, 6);
  expect(haversineMetres(HOTSPOT, east(HOTSPOT, 8))).toBeCloseTo(8, 1);
});
