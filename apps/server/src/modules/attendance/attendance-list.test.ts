import { TIME_ZONE } from '@dastak/core/constants';
import { ID_MAX, paged } from '@dastak/core/entities/common';
import {
  type AttendanceRecord,
  attendanceRecordSchema,
  attendanceSlotSchema,
} from '@dastak/core/entities/shifts';
import { ERRORS, SUCCESS } from '@dastak/core/messages';
import { ATTENDANCE_MESSAGES } from '@dastak/core/messages/attendance';
import { PERMISSIONS } from '@dastak/core/permissions';
import { presenceOf } from '@dastak/core/rules/attendance-marks';
import { startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { onTimeOutcome, onTimePercentage } from '@dastak/core/rules/lateness';
import { onlineTally, slotStartOf } from '@dastak/core/rules/online-slots';
import type { OrderState } from '@dastak/core/states';
import { formatInTimeZone } from 'date-fns-tz';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { outbox } from '../../db/schema/outbox';
import {
  riderShiftAttendance,
  riderShiftSchedules,
  riderShifts,
  shiftSchedules,
} from '../../db/schema/shifts';
import { users } from '../../db/schema/users';
import { dbFingerprint } from '../../security/db-fingerprint';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

/**
 * The attendance reads through the app on a real database: five rider shifts that differ in
 * region, schedule, rider and day; orders on the riders' shifts with known on-time answers; the
 * 5-minute slots of one shift.
 */

let f: Fixtures;
const HOUR = 3_600_000;
const MIN = 60_000;
// A whole Karachi day three days back: every pickup deadline of it has passed.
const day = startOfKarachiDay(new Date(Date.now() - 3 * 24 * HOUR));
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);
const iso = (d: Date) => encodeURIComponent(toKarachiIso(d));
const dayWindow = `start_datetime=${iso(day)}&end_datetime=${iso(at(23.99))}`;

type Rider = Awaited<ReturnType<typeof createRider>>;
let r1: Rider;
let r2: Rider;
const sched: Record<'s1' | 's2' | 's3', number> = {} as never;
const rs: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = {} as never;
let viewer: Record<string, string>;
let downloader: Record<string, string>;

async function schedule(regionId: number, startTime: string, endTime: string) {
  const [row] = await f.t.db
    .insert(shiftSchedules)
    .values({ regionId, weekday: 0, startTime, endTime })
    .returning();
  return row!.id;
}

async function riderShift(values: Partial<typeof riderShifts.$inferInsert>) {
  const [row] = await f.t.db
    .insert(riderShifts)
    .values({ riderId: r1.id, regionId: f.bloodRegion, ...values } as never)
    .returning();
  return row!.id;
}

/** An order of the rider at `pickup` with the given milestones, placed then moved into shape. */
async function order(
  rider: Rider,
  pickup: Date,
  patch: { state?: OrderState; reached?: number; collected?: number; offline?: boolean } = {},
) {
  const o = await placeOrder(f);
  const plus = (m: number | undefined) => (m === undefined ? null : new Date(+pickup + m * MIN));
  await f.t.db
    .update(orders)
    .set({
      pickup,
      assignedRiderId: rider.id,
      state: patch.state ?? (patch.reached !== undefined ? 'delivered' : 'assigned'),
      reachedAt: plus(patch.reached),
      collectedAt: plus(patch.collected),
      fulfillmentMethod: patch.offline ? 'offline' : 'online',
    })
    .where(eq(orders.id, o.id));
}

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  r1 = await createRider(f);
  r2 = await createRider(f);
  await f.t.db.update(users).set({ phone: '03001112222' }).where(eq(users.id, r1.id));
  // A name and a phone a spreadsheet would run as formulas.
  await f.t.db
    .update(users)
    .set({ firstName: '=HYPERLINK("http://x")', phone: '+923001234567' })
    .where(eq(users.id, r2.id));
  sched.s1 = await schedule(f.bloodRegion, '09:00', '13:00');
  sched.s2 = await schedule(f.bloodRegion, '14:00', '18:00');
  sched.s3 = await schedule(f.otherBloodRegion, '10:00', '14:00');
  // r1 may take a break on s1, r2 may not; nobody is on s2 any more (no assignment, no break).
  await f.t.db.insert(riderShiftSchedules).values([
    { shiftScheduleId: sched.s1, riderId: r1.id, allowBreak: true },
    { shiftScheduleId: sched.s1, riderId: r2.id, allowBreak: false },
  ]);
  const created = (n: number) => new Date(Date.now() - n * HOUR);
  rs.a = await riderShift({
    shiftScheduleId: sched.s1,
    startDatetime: at(9),
    endDatetime: at(13),
    state: 'completed',
    isPresent: true,
    riderDidStartInsideHotspot: true,
    hotspotLatitude: 31.5204,
    hotspotLongitude: 74.3587,
    hotspotRecordedAt: new Date(+at(9) + 2 * MIN),
    // 42 of the shift's 48 slots, as the roll-up counts them.
    onlineSlots: 42,
    lastSlotStart: at(12.75),
    onlinePercentage: 87.5,
    distanceTravelledMetres: 12_345,
    breakAlreadyGiven: true,
    created: created(1),
  });
  rs.b = await riderShift({
    riderId: r2.id,
    shiftScheduleId: sched.s1,
    startDatetime: at(9),
    endDatetime: at(13),
    state: 'missed',
    created: created(2),
  });
  rs.c = await riderShift({
    shiftScheduleId: sched.s2,
    startDatetime: at(14),
    endDatetime: at(18),
    state: 'completed',
    isPresent: true,
    riderDidStartInsideHotspot: false,
    onlineSlots: 16,
    onlinePercentage: 100 / 3,
    distanceTravelledMetres: 0,
    created: created(3),
  });
  rs.d = await riderShift({
    shiftScheduleId: sched.s1,
    startDatetime: at(9 - 24),
    endDatetime: at(13 - 24),
    state: 'completed',
    created: created(4),
  });
  rs.e = await riderShift({
    riderId: r2.id,
    regionId: f.otherBloodRegion,
    shiftScheduleId: sched.s3,
    startDatetime: at(10),
    endDatetime: at(14),
    created: created(5),
  });

  // Shift a (r1, 09-13): reached 09:05 (on), reached 10:20 (off), collected only at 10:35
  // (counts as reached, on); cancelled, offline and 13:00 (the end) pickups do not count.
  await order(r1, at(9), { reached: 5, collected: 12 });
  await order(r1, at(10), { reached: 20, collected: 30 });
  await order(r1, at(10.5), { collected: 5, state: 'collected' });
  await order(r1, at(12), { state: 'cancelled' });
  await order(r1, at(12.5), { reached: 40, offline: true });
  await order(r1, at(13), { reached: 30 });
  // Shift b (r2, 09-13): one pickup reached at the deadline exactly (on).
  await order(r2, at(9.5), { reached: 10 });
  // Shift c (r1, 14-18): a pickup never reached, its deadline long past (off).
  await order(r1, at(15));

  // Shift a's online chart, written out of order.
  await f.t.db.insert(riderShiftAttendance).values([
    { riderShiftId: rs.a, slotStart: at(9.25), isPresent: false },
    { riderShiftId: rs.a, slotStart: at(9), isPresent: true },
    { riderShiftId: rs.a, slotStart: new Date(+at(9) + 5 * MIN), isPresent: true },
  ]);

  viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_RIDER_SHIFT]);
  downloader = await tokenWith(f.t, [
    PERMISSIONS.CAN_VIEW_RIDER_SHIFT,
    PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING,
  ]);
}, 60_000);
afterAll(() => f.t.close());

const pageSchema = paged(attendanceRecordSchema);

async function list(query: string, token = viewer) {
  const res = await api(f).get(`/shift/rider-shifts/?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  // The route writes its body unvalidated (lib/plain-json.ts): it must be exactly the schema's.
  expect(pageSchema.parse(res.json())).toEqual(res.json());
  return res.json() as {
    count: number;
    next: string | null;
    previous: string | null;
    results: AttendanceRecord[];
  };
}
const ids = async (query: string) => (await list(query)).results.map((r) => r.id);

describe('GET /shift/rider-shifts/', () => {
  it('lists a region and day by -created, with the figures as the screen shows them', async () => {
    const page = await list(`region=${f.bloodRegion}&${dayWindow}`);
    expect(page.results.map((r) => r.id)).toEqual([rs.a, rs.b, rs.c]);
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.results[0]).toEqual({
      id: rs.a,
      rider: { id: r1.id, name: r1.name, phone: '03001112222' },
      isPresent: true,
      riderDidStartInsideHotspot: true,
      hotspotLatitude: 31.5204,
      hotspotLongitude: 74.3587,
      hotspotRecordedAt: toKarachiIso(new Date(+at(9) + 2 * MIN)),
      shift: {
        id: rs.a,
        startDatetime: toKarachiIso(at(9)),
        endDatetime: toKarachiIso(at(13)),
        state: 'completed',
      },
      riderShiftOnTimePercentage: 66.67,
      riderShiftOnlinePercentage: 87.5,
      distanceTravelled: 12_345,
      breakAlreadyGiven: true,
      allowBreak: true,
    });
    // No ping: no location, inside hotspot and online % unknown (N/A, not a cross and 0.00 %),
    // no distance; the assignment allows no break.
    expect(page.results[1]).toMatchObject({
      isPresent: false,
      riderDidStartInsideHotspot: null,
      hotspotLatitude: null,
      hotspotRecordedAt: null,
      riderShiftOnTimePercentage: 100,
      riderShiftOnlinePercentage: null,
      distanceTravelled: null,
      breakAlreadyGiven: false,
      allowBreak: false,
      shift: { state: 'missed' },
    });
    expect(page.results[2]).toMatchObject({
      riderShiftOnTimePercentage: 0,
      riderShiftOnlinePercentage: 33.33,
      distanceTravelled: 0,
      allowBreak: false,
    });
  });

  it('a running shift reads online % over the slots so far, the online chart the same count', async () => {
    const rider = await createRider(f);
    // Started an hour ago (on the 5-minute grid), 8 hours long; the rider online in every slot
    // so far, the running one included: 13 of 96 slots, 13.54 % of the whole shift.
    const running = slotStartOf(Date.now());
    const start = running - 60 * MIN;
    const id = await riderShift({
      riderId: rider.id,
      startDatetime: new Date(start),
      endDatetime: new Date(start + 8 * 60 * MIN),
      state: 'in-progress',
      isPresent: true,
      riderDidStartInsideHotspot: true,
      hotspotRecordedAt: new Date(start - 5 * MIN),
      onlineSlots: 13,
      lastSlotStart: new Date(running),
      onlinePercentage: 13.54,
    });
    const online = Array.from({ length: 13 }, (_, i) => ({
      riderShiftId: id,
      slotStart: new Date(start + i * 5 * MIN),
      isPresent: true,
    }));
    // A ping before the start makes a chart slot, not an online slot of the shift.
    await f.t.db
      .insert(riderShiftAttendance)
      .values([
        ...online,
        { riderShiftId: id, slotStart: new Date(start - 5 * MIN), isPresent: true },
      ]);
    const [row] = (await list(`rider=${rider.id}`)).results;
    // Present all along reads 100 %, not 13.54 % (the slots to come are not offline).
    expect(row).toMatchObject({ id, riderShiftOnlinePercentage: 100 });
    const chart = await api(f).get(`/shift/rider-shift-attendance/?rider_shift=${id}`, viewer);
    const slots = chart.json() as { startDatetimeslot: string; isPresent: boolean }[];
    const tally = onlineTally(
      row!.shift,
      slots.filter((x) => x.isPresent).map((x) => x.startDatetimeslot),
      Date.now(),
    );
    expect(tally.percent).toBe(row!.riderShiftOnlinePercentage);
    expect(tally.toCome).toBeGreaterThan(80);

    // Offline for the last half hour: the six slots over count as offline.
    await f.t.db
      .update(riderShifts)
      .set({ onlineSlots: 7, lastSlotStart: new Date(start + 30 * MIN) })
      .where(eq(riderShifts.id, id));
    const [gap] = (await list(`rider=${rider.id}`)).results;
    // 7 online of the 12 over (or 13, had the clock just passed a slot's end).
    expect([58.33, 53.85]).toContain(gap!.riderShiftOnlinePercentage);
    // The other tests' filters know the five shifts of the day three days back only.
    await f.t.db.delete(riderShifts).where(eq(riderShifts.id, id));
  });

  it("on-time is the dashboards' definition over the rider's pickups of the shift", async () => {
    const model = f.t.config.dispatch;
    const now = new Date();
    for (const r of (await list(`rider=${r1.id}`)).results) {
      const mine = await f.t.db.execute(
        sql`select state, fulfillment_method, pickup, reached_at, collected_at from orders
            where assigned_rider_id = ${r1.id}
              and pickup >= ${new Date(r.shift.startDatetime)}
              and pickup < ${new Date(r.shift.endDatetime)}`,
      );
      const outcomes = (mine as unknown as { rows: Record<string, unknown>[] }).rows.map((o) =>
        onTimeOutcome(
          {
            state: o.state as OrderState,
            fulfillmentMethod: o.fulfillment_method as 'online',
            pickup: new Date(o.pickup as string),
            reachedAt: o.reached_at ? new Date(o.reached_at as string) : null,
            collectedAt: o.collected_at ? new Date(o.collected_at as string) : null,
          },
          'reached',
          now,
          model,
        ),
      );
      const on = outcomes.filter((x) => x === 'on').length;
      const due = on + outcomes.filter((x) => x === 'off').length;
      expect(r.riderShiftOnTimePercentage, `rider shift ${r.id}`).toBe(onTimePercentage(on, due));
    }
    // A shift with no pickup due reads 0, as onTimePercentage answers for nothing due.
    expect((await list(`rider=${r1.id}`)).results.find((r) => r.id === rs.d)).toMatchObject({
      riderShiftOnTimePercentage: 0,
    });
  });

  it('narrows by each filter, alone and together', async () => {
    expect(await ids(`region=${f.bloodRegion}&${dayWindow}&shift=${sched.s2}`)).toEqual([rs.c]);
    expect(await ids(`region=${f.bloodRegion}&${dayWindow}&rider=${r2.id}`)).toEqual([rs.b]);
    expect(await ids(`rider=${r2.id}`)).toEqual([rs.b, rs.e]);
    expect(await ids(`region=${f.otherBloodRegion}`)).toEqual([rs.e]);
    expect(await ids(`shift=${sched.s1}`)).toEqual([rs.a, rs.b, rs.d]);
    expect(
      await ids(`rider=${r1.id}&start_datetime=${iso(at(-24))}&end_datetime=${iso(at(-0.01))}`),
    ).toEqual([rs.d]);
    // Starting in the range: both ends inclusive.
    expect(
      await ids(`region=${f.bloodRegion}&start_datetime=${iso(at(9))}&end_datetime=${iso(at(14))}`),
    ).toEqual([rs.a, rs.b, rs.c]);
    expect(await ids(`region=${f.bloodRegion}&start_datetime=${iso(at(9.01))}`)).toEqual([rs.c]);
    expect(await ids(`region=${ID_MAX}`)).toEqual([]);
    const all = await list('page_size=100');
    expect(all.results.map((r) => r.id)).toEqual(expect.arrayContaining(Object.values(rs)));
  });

  it('orders by -created (default), created, start_datetime and -start_datetime', async () => {
    const q = `region=${f.bloodRegion}&${dayWindow}`;
    expect(await ids(`${q}&ordering=created`)).toEqual([rs.c, rs.b, rs.a]);
    // a and b start together: a second key orders them, else the id in the first key's direction.
    expect(await ids(`${q}&ordering=start_datetime`)).toEqual([rs.a, rs.b, rs.c]);
    expect(await ids(`${q}&ordering=-start_datetime`)).toEqual([rs.c, rs.b, rs.a]);
    expect(await ids(`${q}&ordering=-start_datetime,-created`)).toEqual([rs.c, rs.a, rs.b]);
    expect(await ids(`${q}&ordering=unknown`)).toEqual([rs.a, rs.b, rs.c]);
  });

  it('pages with next and previous links carrying the page', async () => {
    const q = `region=${f.bloodRegion}&${dayWindow}&page_size=2`;
    const first = await list(q);
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.id)).toEqual([rs.a, rs.b]);
    expect(first.previous).toBeNull();
    expect(new URL(first.next!).searchParams.get('page')).toBe('2');
    const second = await list(`${q}&page=2`);
    expect(second.results.map((r) => r.id)).toEqual([rs.c]);
    expect(second.next).toBeNull();
    expect(new URL(second.previous!).searchParams.get('page')).toBe('1');
    expect((await list(`${q}&page=3`)).results).toEqual([]);
  });

  it('refuses bad input with 400 {detail}', async () => {
    const bad = async (query: string) => {
      const res = await api(f).get(`/shift/rider-shifts/?${query}`, viewer);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().detail, query).toBe('string');
      return res.json();
    };
    expect(await bad(`start_datetime=${iso(at(10))}&end_datetime=${iso(at(9))}`)).toEqual({
      detail: ATTENDANCE_MESSAGES.START_AFTER_END,
      errors: {
        startDatetime: [ATTENDANCE_MESSAGES.START_AFTER_END],
        endDatetime: [ATTENDANCE_MESSAGES.END_BEFORE_START],
      },
    });
    await bad('region=abc');
    await bad('shift=0');
    await bad(`rider=${ID_MAX + 1}`);
    await bad('start_datetime=yesterday');
    await bad('page=0');
    await bad('page_size=1000');
    // The CSV and the email check the same filters before anything is read or written.
    const before = await dbFingerprint(f.t.db);
    for (const path of ['/shift/rider-shifts/csv/', '/shift/send_attendance_listing_email/']) {
      const res = await api(f).get(
        `${path}?start_datetime=${iso(at(10))}&end_datetime=${iso(at(9))}`,
        downloader,
      );
      expect(res.statusCode, path).toBe(400);
      expect(res.json().detail).toBe(ATTENDANCE_MESSAGES.START_AFTER_END);
    }
    expect(await dbFingerprint(f.t.db)).toEqual(before);
  });
});

describe('permissions', () => {
  it('the list and the chart need CAN_VIEW_RIDER_SHIFT; CSV and email the download one', async () => {
    const none = await tokenWith(f.t, []);
    const before = await dbFingerprint(f.t.db);
    for (const url of [
      '/shift/rider-shifts/',
      `/shift/rider-shift-attendance/?rider_shift=${rs.a}`,
    ]) {
      const res = await api(f).get(url, none);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toBe(ERRORS.PERMISSION_DENIED);
      expect((await api(f).get(url, viewer)).statusCode, url).toBe(200);
    }
    for (const url of ['/shift/rider-shifts/csv/', '/shift/send_attendance_listing_email/']) {
      const res = await api(f).get(url, viewer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toBe(ERRORS.PERMISSION_DENIED);
      const anonymous = await f.t.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(anonymous.statusCode, url).toBe(401);
    }
    // Nothing written: no email queued for the refused caller.
    expect(await dbFingerprint(f.t.db)).toEqual(before);
  });
});

/** CSV text as records (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return records;
}

const HEADER = [
  'Rider',
  'Phone',
  'Attendance',
  'Inside Hotspot',
  'Location',
  'Location Time',
  'Shift Start',
  'Shift End',
  'On-Time %',
  'Online %',
  'Distance Travelled (km)',
  'Break',
];
const when = (s: string) => formatInTimeZone(new Date(s), TIME_ZONE, 'yyyy-MM-dd HH:mm');
const harmless = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const yesNo = (b: boolean | null) => (b === null ? 'N/A' : b ? 'Yes' : 'No');

/** The CSV record a list row must give, written from the list's own fields. */
const expectedCells = (r: AttendanceRecord) =>
  [
    r.rider.name,
    r.rider.phone,
    yesNo(presenceOf(r)),
    yesNo(r.riderDidStartInsideHotspot),
    r.hotspotLatitude === null ? 'N/A' : `${r.hotspotLatitude}, ${r.hotspotLongitude}`,
    r.hotspotRecordedAt ? when(r.hotspotRecordedAt) : 'N/A',
    when(r.shift.startDatetime),
    when(r.shift.endDatetime),
    r.riderShiftOnTimePercentage.toFixed(2),
    r.riderShiftOnlinePercentage === null ? 'N/A' : r.riderShiftOnlinePercentage.toFixed(2),
    r.distanceTravelled === null ? 'N/A' : (r.distanceTravelled / 1000).toFixed(1),
    yesNo(r.breakAlreadyGiven),
  ].map(harmless);

async function allPages(query: string) {
  const rows: AttendanceRecord[] = [];
  for (let page = 1; ; page++) {
    const body = await list(`${query}&page_size=2&page=${page}`);
    rows.push(...body.results);
    if (!body.next) return rows;
  }
}

describe('CSV and the listing email', () => {
  it('streams every page of the filtered list, cell for cell, formulas made harmless', async () => {
    for (const q of [`region=${f.bloodRegion}&${dayWindow}`, `rider=${r2.id}&ordering=created`]) {
      const res = await api(f).get(`/shift/rider-shifts/csv/?${q}`, downloader);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="attendance-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...records] = parseCsv(res.body);
      expect(header).toEqual(HEADER);
      expect(records).toEqual((await allPages(q)).map(expectedCells));
    }
    const file = await api(f).get(`/shift/rider-shifts/csv/?rider=${r2.id}`, downloader);
    const first = parseCsv(file.body)[1]!;
    expect(first.slice(0, 2)).toEqual([
      `'=HYPERLINK("http://x") ${r2.name.split(' ')[1]}`,
      `'+923001234567`,
    ]);
    expect(file.body).toContain(`"'=HYPERLINK(""http://x"") No`);
    // Row a as written: coordinates, km with one decimal, percentages with two.
    const day1 = parseCsv(
      (await api(f).get(`/shift/rider-shifts/csv/?rider=${r1.id}&${dayWindow}`, downloader)).body,
    );
    expect(day1[1]).toEqual([
      r1.name,
      '03001112222',
      'Yes',
      'Yes',
      '31.5204, 74.3587',
      when(toKarachiIso(new Date(+at(9) + 2 * MIN))),
      when(toKarachiIso(at(9))),
      when(toKarachiIso(at(13))),
      '66.67',
      '87.50',
      '12.3',
      'Yes',
    ]);
  });

  it('reads every match in batches of 1,000 without skipping or repeating', async () => {
    const far = startOfKarachiDay(new Date(day.getTime() - 40 * 24 * HOUR));
    // 2,100 shifts created in one statement: all share `created`, so the id breaks every tie.
    await f.t.db.execute(sql`
      insert into rider_shifts (rider_id, region_id, start_datetime, end_datetime, created)
      select ${r1.id}, ${f.otherBloodRegion}, ${far.toISOString()}::timestamptz + g * interval '1 minute',
        ${far.toISOString()}::timestamptz + g * interval '1 minute' + interval '1 hour',
        ${far.toISOString()}::timestamptz
      from generate_series(1, 2100) g`);
    const q = `region=${f.otherBloodRegion}&start_datetime=${iso(far)}&end_datetime=${iso(new Date(+far + 2 * 24 * HOUR))}`;
    for (const ordering of ['-created', 'start_datetime', '-start_datetime']) {
      const res = await api(f).get(
        `/shift/rider-shifts/csv/?${q}&ordering=${ordering}`,
        downloader,
      );
      const starts = parseCsv(res.body)
        .slice(1)
        .map((cells) => cells[6]);
      expect(starts, ordering).toHaveLength(2100);
      expect(new Set(starts).size).toBe(2100);
      const sorted = [...starts].sort();
      expect(starts, ordering).toEqual(ordering === 'start_datetime' ? sorted : sorted.reverse());
    }
    await f.t.db.execute(sql`delete from rider_shifts where start_datetime < ${day}
      and region_id = ${f.otherBloodRegion}`);
  }, 60_000);

  it('queues one email to the caller with the CSV attached', async () => {
    const user = await createUser(f.t, [
      PERMISSIONS.CAN_VIEW_RIDER_SHIFT,
      PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING,
    ]);
    const token = bearer((await login(f.t.app, user.email, user.password)).token);
    const q = `region=${f.bloodRegion}&${dayWindow}`;
    const before = (await f.t.db.select().from(outbox)).length;
    const res = await api(f).get(`/shift/send_attendance_listing_email/?${q}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SUCCESS.ATTENDANCE_LISTING_EMAIL });
    const rows = await f.t.db.select().from(outbox);
    expect(rows).toHaveLength(before + 1);
    const mail = rows.find((r) => (r.payload as { to: string }).to === user.email);
    expect(mail?.kind).toBe('email');
    const payload = mail!.payload as {
      subject: string;
      text: string;
      attachments: { filename: string; content: string; contentType: string }[];
    };
    expect(payload.subject).toMatch(/^Attendance \d{4}-\d{2}-\d{2}$/);
    expect(payload.text).toContain('(3 records)');
    expect(payload.attachments).toHaveLength(1);
    expect(payload.attachments[0]).toMatchObject({
      filename: expect.stringMatching(/^attendance-\d{4}-\d{2}-\d{2}\.csv$/),
      contentType: 'text/csv',
    });
    const download = await api(f).get(`/shift/rider-shifts/csv/?${q}`, token);
    expect(payload.attachments[0]!.content).toBe(download.body);
  });
});

describe('GET /shift/rider-shift-attendance/ (the online chart)', () => {
  it('answers the 5-minute slots in time order, each ending 5 minutes after it starts', async () => {
    const res = await api(f).get(`/shift/rider-shift-attendance/?rider_shift=${rs.a}`, viewer);
    expect(res.statusCode).toBe(200);
    const slots = res.json();
    expect(attendanceSlotSchema.array().parse(slots)).toEqual(slots);
    const slot = (start: Date, isPresent: boolean) => ({
      startDatetimeslot: toKarachiIso(start),
      endDatetimeslot: toKarachiIso(new Date(+start + 5 * MIN)),
      isPresent,
    });
    expect(slots).toEqual([
      slot(at(9), true),
      slot(new Date(+at(9) + 5 * MIN), true),
      slot(at(9.25), false),
    ]);
  });

  it('answers [] for a shift without slots, 404 for no such shift, 400 without one', async () => {
    const empty = await api(f).get(`/shift/rider-shift-attendance/?rider_shift=${rs.b}`, viewer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const missing = await api(f).get(
      `/shift/rider-shift-attendance/?rider_shift=${ID_MAX}`,
      viewer,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(ERRORS.NOT_FOUND);
    for (const q of ['', 'rider_shift=abc', 'rider_shift=0']) {
      const res = await api(f).get(`/shift/rider-shift-attendance/?${q}`, viewer);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });
});
