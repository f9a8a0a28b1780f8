import fs from 'node:fs';
import type { AttendanceRecord, AttendanceSlot } from '@dastak/core/entities/shifts';
import { EMPTY, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { ATTENDANCE_MESSAGES, BREAK_MESSAGES } from '@dastak/core/messages/attendance';
import { attendanceGrid } from '@dastak/core/rules/attendance-grid';
import { formatTime12 } from '@dastak/core/rules/format';
import { formatPercent } from '@dastak/core/rules/on-time';
import { onlineTally } from '@dastak/core/rules/online-slots';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, users } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { OrdersApi, type Page_ } from '../fixtures/order-actions-api';
import { emailsSoFar, waitForEmailMatch } from '../fixtures/outbox';
import { appPath, listHeading, toast, visible } from '../fixtures/ui';

/*
 * /attendance (spec §2.11) against the real server and its demo data. Three riders of our own are
 * put on a shift running now: one sends a ping a minute since before the start through the
 * rider-app API, which makes the shift in progress (the ping roll-up), so the break can be given;
 * one never comes online; one comes online but may take no break. Screens at 1440x900.
 */

const session = useBrowser();
const { signIn, open } = useCarriedSessions(session);

const WIDE = { width: 1440, height: 900 };
const KARACHI_MS = 5 * 3_600_000;

type Region = { id: number; name: string; vertical?: string };
type Hotspot = { id: number; latitude?: number | null; longitude?: number | null };

/** Karachi wall-clock pieces of an instant. */
const karachi = (at: number) => new Date(at + KARACHI_MS).toISOString();
const hhmm = (at: number) => karachi(at).slice(11, 16);
const dayStartIso = (at: number) => `${karachi(at).slice(0, 10)}T00:00:00+05:00`;
const dayEndIso = (at: number) => `${karachi(at).slice(0, 10)}T23:59:59.999+05:00`;

const world = {} as {
  admin: OrdersApi;
  region: Region;
  hotspot: Hotspot;
  riderName: string;
  riderId: number;
  /** The first rider's own rider-app client. */
  riderApp: OrdersApi;
  otherRiderName: string;
  /** Online, on a shift that allows no break. */
  noBreakRiderName: string;
  noBreakShiftId: number;
  scheduleId: number;
  shiftLabel: string;
  riderShiftId: number;
};

/** The first rider's app sends where it is now (keeps the running 5-minute slot online). */
const pingNow = () =>
  world.riderApp.request('POST', '/rider-app/location/', {
    body: {
      latitude: world.hotspot.latitude ?? 31.5,
      longitude: world.hotspot.longitude ?? 74.3,
      accuracyMetres: 8,
    },
  });

const table = () => session.page.getByRole('table', { name: 'Attendance' });
const rows = () => table().locator('tbody tr');

/** 'Attendance - N results' -> N, once the count has loaded. */
async function resultCount(page: Page): Promise<number> {
  const title = page.getByRole('heading', { level: 1, name: /^Attendance - \d+ results$/ });
  await visible(title);
  return Number((await title.textContent())?.match(/(\d+)/)?.[1]);
}

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const ridersShifts = (query: Record<string, string | number>) =>
  world.admin.get<Page_<AttendanceRecord>>('/shift/rider-shifts/', query);

beforeAll(async () => {
  const admin = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
  world.admin = admin;
  const regions = await admin.get<Page_<Region>>('/location/regions/', { vertical: 'blood' });
  const region = regions.results[0]!;
  world.region = region;
  const hotspots = await admin.get<Page_<Hotspot>>('/location/hotspots/', { region: region.id });
  const hotspot = hotspots.results.find((h) => h.latitude != null) ?? hotspots.results[0]!;

  world.hotspot = hotspot;

  // Three riders of our own: one who turns up now, one who does not, one with no breaks.
  const stamp = String(Date.now()).slice(-7);
  const made: { id: number; email: string; name: string }[] = [];
  for (const [i, first] of ['Attiq', 'Basit', 'Chand'].entries()) {
    const email = `att${i}.${stamp}@example.com`;
    const body = {
      firstName: first,
      lastName: `Shift${stamp}`,
      phone: `039${i}${stamp}`,
      email,
      region: region.id,
      password1: 'secret1',
      password2: 'secret1',
    };
    const res = await admin.request<{ id: number }>('POST', '/entity/rider-create/', { body });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    made.push({ id: res.data.id, email, name: `${first} Shift${stamp}` });
  }
  world.riderId = made[0]!.id;
  world.riderName = made[0]!.name;
  world.otherRiderName = made[1]!.name;
  world.noBreakRiderName = made[2]!.name;

  // Today's shift from 10 minutes ago (not before today's 00:00) to 2 hours on, at most to
  // midnight, 24:00 (the schedule's times are Karachi times): any hour of the day has one.
  const now = Date.now();
  const dayStart = Date.parse(dayStartIso(now));
  const start = Math.max(now - 10 * 60_000, dayStart);
  const end = Math.min(now + 2 * 3_600_000, dayStart + 24 * 3_600_000);
  const endTime = end === dayStart + 24 * 3_600_000 ? '24:00' : hhmm(end);
  const weekday = (new Date(now + KARACHI_MS).getUTCDay() + 6) % 7;
  const schedule = await admin.request<{ id: number }>('POST', '/shift/shift-schedules/', {
    body: { weekday, region: region.id, startTime: hhmm(start), endTime },
  });
  expect(schedule.status, JSON.stringify(schedule.data)).toBe(201);
  world.scheduleId = schedule.data.id;
  world.shiftLabel = `${hhmm(start)} - ${endTime}`;
  for (const [i, rider] of made.entries()) {
    const res = await admin.request('POST', '/shift/rider-shift-schedules/', {
      body: {
        shiftSchedule: schedule.data.id,
        rider: rider.id,
        hotspot: hotspot.id,
        allowBreak: i !== 2,
      },
    });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
  }

  // The first rider's app has been on since 2 minutes before the start: a ping a minute, sent
  // as one batch (as after a gap in coverage). The third rider comes online now.
  world.riderApp = await OrdersApi.login(session.baseUrl, {
    email: made[0]!.email,
    password: 'secret1',
  });
  const at = { latitude: hotspot.latitude ?? 31.5, longitude: hotspot.longitude ?? 74.3 };
  const pings = [];
  for (let t = start - 2 * 60_000; t < now; t += 60_000) {
    pings.push({ ...at, accuracyMetres: 8, recordedAt: new Date(t).toISOString() });
  }
  const batch = await world.riderApp.request('POST', '/rider-app/location/', { body: { pings } });
  expect(batch.status, JSON.stringify(batch.data)).toBe(200);
  expect((await pingNow()).status).toBe(200);
  const third = await OrdersApi.login(session.baseUrl, {
    email: made[2]!.email,
    password: 'secret1',
  });
  const ping = await third.request('POST', '/rider-app/location/', {
    body: { ...at, accuracyMetres: 8 },
  });
  expect(ping.status, JSON.stringify(ping.data)).toBe(200);

  const mine = await ridersShifts({
    region: region.id,
    shift: schedule.data.id,
    startDatetime: dayStartIso(now),
    endDatetime: dayEndIso(now),
  });
  const byName = (name: string) => mine.results.find((r) => r.rider.name === name)!;
  expect(mine.results.map((r) => [r.rider.name, r.shift.state]).sort()).toEqual([
    [made[0]!.name, 'in-progress'],
    [made[1]!.name, 'scheduled'],
    [made[2]!.name, 'in-progress'],
  ]);
  world.riderShiftId = byName(world.riderName).shift.id;
  world.noBreakShiftId = byName(world.noBreakRiderName).shift.id;
});

describe('attendance', () => {
  test('opens from the side nav with today, shows the columns and the donuts', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    await open('/blood/dashboard');
    const link = page.getByRole('link', { name: 'Attendance', exact: true });
    // The link gains its region once the regions have loaded; a user sees the link before then.
    await page.waitForFunction(
      (el) => el?.getAttribute('href')?.includes('region=') ?? false,
      await link.elementHandle(),
    );
    await link.click();
    await page.waitForURL(/\/app\/attendance\?/);
    const url = new URL(page.url());
    // Spec §2.2: region, today's window and ordering=-created in the link.
    expect(url.searchParams.get('region')).toBe(String(world.region.id));
    expect(url.searchParams.get('startDatetime')).toBe(dayStartIso(Date.now()));
    expect(url.searchParams.get('endDatetime')).toMatch(/T23:59:59\.999\+05:00$/);
    expect(url.searchParams.get('ordering')).toBe('-created');

    const count = await resultCount(page);
    const server = await ridersShifts({
      region: world.region.id,
      startDatetime: url.searchParams.get('startDatetime')!,
      endDatetime: url.searchParams.get('endDatetime')!,
      ordering: '-created',
    });
    expect(count).toBe(server.count);
    for (const column of [
      'Rider',
      'Attendance',
      'Inside Hotspot',
      'Location',
      'Location Time',
      'Shift Start',
      'Shift End',
      'On-Time %',
      'Online %',
      'Distance Travelled',
      'Online chart',
      'Break',
    ]) {
      await visible(table().getByRole('columnheader', { name: column, exact: true }));
    }
    await visible(rows().first());
    expect(await rows().count()).toBe(Math.min(20, count));

    // The donuts carry the server's figures with 2 decimals (spec §9).
    const first = server.results[0]!;
    const firstRow = rows().first();
    await visible(
      firstRow.getByRole('img', {
        name: `On-Time ${formatPercent(first.riderShiftOnTimePercentage)}%`,
      }),
    );
    const online = first.riderShiftOnlinePercentage;
    await visible(
      firstRow.getByRole('img', {
        name: online === null ? `Online ${EMPTY.NA}` : `Online ${formatPercent(online)}%`,
      }),
    );
    await visible(firstRow.getByText(`${formatPercent(first.riderShiftOnTimePercentage)}%`));
    // Nothing sticks out of the page sideways at 1440 wide.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Every column, Break the last, in sight without scrolling the table sideways.
    const breakHeader = await table().getByRole('columnheader', { name: 'Break' }).boundingBox();
    expect(breakHeader!.x + breakHeader!.width).toBeLessThanOrEqual(WIDE.width);
    await screenshot(page, 'attendance');

    // More pages come by Load More and by scrolling.
    if (count > 20) {
      await page.getByRole('button', { name: 'Load More' }).click();
      await expect.poll(() => rows().count()).toBe(Math.min(40, count));
      if (count > 40) {
        await page.mouse.wheel(0, 30_000);
        await expect.poll(() => rows().count()).toBe(Math.min(60, count));
      }
    }

    // Our rider had no shift yesterday: the empty state.
    const yesterday = Date.now() - 86_400_000;
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(yesterday))}&endDatetime=${encodeURIComponent(dayEndIso(yesterday))}&rider=${world.riderId}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBe(0);
    await visible(page.getByText(EMPTY.NO_RIDERS, { exact: true }));
  });

  test('region, dates, shift and rider go into the query string and survive a reload', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    await open('/attendance');
    // A bare /attendance writes today's window into its URL.
    await page.waitForURL(/startDatetime=/);
    await resultCount(page);

    await pick(page, 'Region', world.region.name);
    await page.waitForURL(new RegExp(`region=${world.region.id}`));
    await pick(page, 'Shift', new RegExp(world.shiftLabel));
    await page.waitForURL(new RegExp(`shift=${world.scheduleId}`));
    await expect.poll(() => resultCount(page)).toBe(3);
    await pick(page, 'Rider', new RegExp(world.riderName));
    await page.waitForURL(new RegExp(`rider=${world.riderId}`));
    await expect.poll(() => resultCount(page)).toBe(1);
    await visible(rows().getByText(world.riderName));

    // The start date: yesterday widens the window, and the URL says so.
    const yesterday = new Date(Date.now() + KARACHI_MS - 86_400_000);
    const dayLabel = `${yesterday.getUTCDate()} ${yesterday.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${yesterday.getUTCFullYear()}`;
    await page.getByRole('button', { name: 'Start date' }).click();
    await page.getByRole('button', { name: dayLabel, exact: true }).click();
    await page.waitForURL(
      new RegExp(`startDatetime=${dayStartIso(Date.now() - 86_400_000).slice(0, 10)}`),
    );
    const shown = `${String(yesterday.getUTCDate()).padStart(2, '0')} ${yesterday.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${yesterday.getUTCFullYear()}`;
    await expect
      .poll(() => page.getByRole('button', { name: 'Start date' }).textContent())
      .toContain(shown);
    await screenshot(page, 'attendance-filtered');

    const url = appPath(page);
    await page.reload();
    expect(appPath(page)).toBe(url);
    expect(await resultCount(page)).toBe(1);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Region', exact: true }).inputValue())
      .toBe(world.region.name);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Shift', exact: true }).inputValue())
      .toContain(world.shiftLabel);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Rider', exact: true }).inputValue())
      .toContain(world.riderName);

    // A new region clears the shift and rider of the old one.
    await page.getByRole('textbox', { name: 'Region', exact: true }).click();
    await page.getByRole('option').filter({ hasNotText: world.region.name }).first().click();
    await page.waitForURL((u) => !u.searchParams.has('shift') && !u.searchParams.has('rider'));
  });

  test('the online chart dialog draws the 5-minute grid of §9, titled with rider and shift', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    // Yesterday's demo shifts have their full day of 5-minute slots.
    const yesterday = Date.now() - 86_400_000;
    const list = await ridersShifts({
      region: world.region.id,
      startDatetime: dayStartIso(yesterday),
      endDatetime: dayEndIso(yesterday),
      pageSize: 100,
    });
    // Only online slots are stored; a rider offline for a while leaves a gap, drawn absent.
    const gapOf = (slots: AttendanceSlot[]) =>
      slots.find((s, i) => {
        const next = slots[i + 1];
        return (
          next !== undefined &&
          Date.parse(next.startDatetimeslot) - Date.parse(s.endDatetimeslot) > 0
        );
      });
    let chosen: { row: AttendanceRecord; slots: AttendanceSlot[] } | undefined;
    // A finished shift: one of yesterday's evening shifts may still run past midnight.
    const finished = list.results.filter(
      (r) => r.isPresent && Date.parse(r.shift.endDatetime) <= Date.now(),
    );
    for (const row of finished) {
      const slots = await world.admin.get<AttendanceSlot[]>('/shift/rider-shift-attendance/', {
        riderShift: row.shift.id,
      });
      if (slots.length > 0 && (!chosen || (gapOf(slots) && !gapOf(chosen.slots)))) {
        chosen = { row, slots };
      }
      if (chosen && gapOf(chosen.slots)) break;
    }
    expect(chosen, 'a demo shift of yesterday with online slots').toBeDefined();
    const { row, slots } = chosen!;
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(yesterday))}&endDatetime=${encodeURIComponent(dayEndIso(yesterday))}&rider=${row.rider.id}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
    const line = rows().filter({ hasText: row.rider.name }).first();
    await line.getByRole('button', { name: `Online chart of ${row.rider.name}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${row.rider.name} · `) });
    await visible(dialog);
    const title = await dialog.locator('.mantine-Modal-title').textContent();
    expect(title).toMatch(/\d{2}:\d{2} (AM|PM) - \d{2}:\d{2} (AM|PM)$/);

    const chart = dialog.getByRole('table', { name: 'Online chart' });
    await visible(chart);
    // The grid covers the shift's slots as well (ADR 0057); a finished shift has none 'not yet'.
    const expected = attendanceGrid(slots, { span: row.shift, now: Date.now() });
    const hourRows = chart.locator('tbody tr');
    expect(await hourRows.count()).toBe(expected.length);
    expect(await hourRows.first().locator('td').count()).toBe(12);
    const presentCells = chart.locator('[data-present="true"]');
    expect(await presentCells.count()).toBe(slots.filter((s) => s.isPresent).length);
    // The grid ends one hour after the last slot: its last row has no online cell.
    expect(await hourRows.last().locator('[data-present="true"]').count()).toBe(0);
    // A slot without data inside the shift is drawn offline.
    const gap = gapOf(slots);
    if (gap) {
      const missing = new Date(Date.parse(gap.endDatetimeslot));
      await visible(chart.getByRole('img', { name: `${formatTime12(missing)} Offline` }));
    }
    // Every cell of a finished shift is decided; cells past its end may still lie ahead of now
    // (just after midnight, yesterday's evening shift), and those are rightly 'not yet'.
    expect(await chart.locator('[data-state="not-yet"][data-in-shift="true"]').count()).toBe(0);
    expect(await chart.locator('[data-state="not-yet"]').count()).toBe(
      expected.flatMap((r) => r.cells).filter((c) => c.state === 'not-yet').length,
    );
    // The caption counts what the Online % donut counts: the shift's own slots, none before it.
    const tally = onlineTally(
      row.shift,
      slots.filter((x) => x.isPresent).map((x) => x.startDatetimeslot),
      Date.now(),
    );
    expect(tally.percent).toBe(row.riderShiftOnlinePercentage);
    const percent = formatPercent(row.riderShiftOnlinePercentage);
    expect(await dialog.locator('[data-online-caption]').textContent()).toBe(
      ATTENDANCE_MESSAGES.onlineCaption({ ...tally, percent }),
    );
    await visible(line.getByRole('img', { name: `Online ${percent}%` }));
    await screenshot(page, 'attendance-online-chart');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Our rider, online since before the start of a shift still running: 100 % so far, the
    // rest of the shift 'not yet' (it read a few percent, the future counted as offline).
    expect((await pingNow()).status).toBe(200);
    const now = Date.now();
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(now))}&endDatetime=${encodeURIComponent(dayEndIso(now))}&rider=${world.riderId}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBe(1);
    const ours = rows().first();
    await visible(ours.getByRole('img', { name: 'Online 100.00%' }));
    await ours.getByRole('button', { name: `Online chart of ${world.riderName}` }).click();
    const running = page.getByRole('dialog', { name: new RegExp(`^${world.riderName} · `) });
    const grid = running.getByRole('table', { name: 'Online chart' });
    await visible(grid);
    const caption = running.locator('[data-online-caption]');
    await expect
      .poll(() => caption.textContent())
      .toMatch(/so far \(100\.00%\); \d+ still to come$/);
    expect(await grid.locator('[data-state="not-yet"]').count()).toBeGreaterThan(12);
    expect(await grid.locator('[data-state="offline"]').count()).toBe(0);
    await visible(running.getByText('Not yet', { exact: true }));
    await screenshot(page, 'attendance-online-chart-running');
  });

  test('the location opens a map dialog; a row without one reads N/A', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    const now = Date.now();
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(now))}&endDatetime=${encodeURIComponent(dayEndIso(now))}&shift=${world.scheduleId}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBe(3);
    // The rider who never came online has no location, and nothing to mark yet: Attendance
    // (not decided until 30 minutes past the start), Inside Hotspot and Online % read N/A, not a
    // cross and 0.00 % (spec §8, ADR 0057).
    const absent = rows().filter({ hasText: world.otherRiderName });
    await visible(absent.getByRole('img', { name: 'Online N/A' }));
    // Attendance, Inside Hotspot, Location, Location Time, Online % (inside its ring), Distance.
    expect(await absent.getByText(EMPTY.NA, { exact: true }).count()).toBe(6);
    expect(await absent.getByRole('img', { name: /^(Absent|Not inside hotspot)$/ }).count()).toBe(
      0,
    );
    await screenshot(page, 'attendance-no-ping');

    const present = rows().filter({ hasText: world.riderName });
    await visible(present.getByRole('img', { name: 'Present' }));
    await present
      .getByRole('button', { name: `Show location of ${world.riderName} on the map` })
      .click();
    const dialog = page.getByRole('dialog', { name: `${world.riderName} · Location` });
    await visible(dialog.getByRole('region', { name: 'Shift start location map' }));
    await visible(
      dialog.getByRole('button', { name: `${world.riderName} started the shift here` }),
    );
    await screenshot(page, 'attendance-location-map');
  });

  test('a break is given once, only while the shift runs and where the rider may take one', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('dispatcher');
    const now = Date.now();
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(now))}&endDatetime=${encodeURIComponent(dayEndIso(now))}&shift=${world.scheduleId}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBe(3);
    // The dispatcher may not download the listing (spec §6).
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);

    // Not in progress (no ping yet): no break.
    const waiting = rows().filter({ hasText: world.otherRiderName });
    expect(
      await waiting
        .getByRole('button', { name: `Give break to ${world.otherRiderName}` })
        .isDisabled(),
    ).toBe(true);

    // Online, running, but the rider's shift allows no break: disabled, with the reason.
    const noBreaks = rows().filter({ hasText: world.noBreakRiderName });
    const refused = noBreaks.getByRole('button', {
      name: `Give break to ${world.noBreakRiderName}`,
    });
    expect(await refused.isDisabled()).toBe(true);
    await visible(noBreaks.getByText(BREAK_MESSAGES.NO_BREAKS, { exact: true }));
    await noBreaks.locator('[data-break-refusal]').hover();
    await visible(page.getByRole('tooltip').filter({ hasText: BREAK_MESSAGES.BREAK_NOT_ALLOWED }));
    await screenshot(page, 'attendance-no-breaks');
    const notAllowed = await world.admin.request(
      'PUT',
      `/shift/rider-shifts/${world.noBreakShiftId}/`,
      { body: { breakDurationMins: 15 } },
    );
    expect([notAllowed.status, notAllowed.data]).toEqual([
      409,
      { detail: BREAK_MESSAGES.BREAK_NOT_ALLOWED },
    ]);

    const running = rows().filter({ hasText: world.riderName });
    const give = running.getByRole('button', { name: `Give break to ${world.riderName}` });
    expect(await give.isEnabled()).toBe(true);
    await give.click();
    const dialog = page.getByRole('dialog', { name: 'Give break' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Give break' }).click();
    await visible(dialog.getByText(VALIDATION.BREAK_DURATION_REQUIRED));
    await screenshot(page, 'attendance-break-required');
    await dialog.getByRole('textbox', { name: 'Break Duration' }).click();
    await page.getByRole('option', { name: '15 minutes' }).click();
    await dialog.getByRole('button', { name: 'Give break' }).click();
    await visible(toast(page, SUCCESS.BREAK_GIVEN));
    await dialog.waitFor({ state: 'hidden' });
    await visible(running.getByText('Break given'));
    await expect.poll(() => give.isDisabled()).toBe(true);
    await screenshot(page, 'attendance-break-given');

    // Once only: the server refuses a second break.
    const again = await world.admin.request('PUT', `/shift/rider-shifts/${world.riderShiftId}/`, {
      body: { breakDurationMins: 15 },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    await page.reload();
    await expect.poll(() => resultCount(page)).toBe(3);
    expect(await give.isDisabled()).toBe(true);
  });

  test('Download saves the filtered CSV with its header; the email goes out', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    const now = Date.now();
    await open(
      `/attendance?region=${world.region.id}&startDatetime=${encodeURIComponent(dayStartIso(now))}&endDatetime=${encodeURIComponent(dayEndIso(now))}&shift=${world.scheduleId}&ordering=-created`,
    );
    await expect.poll(() => resultCount(page)).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Rider,Phone,Attendance,Inside Hotspot/);
    expect(lines.length - 1).toBe(3);
    expect(text).toContain(world.riderName);

    const since = emailsSoFar();
    await page.getByRole('button', { name: 'Email CSV' }).click();
    await visible(toast(page, SUCCESS.ATTENDANCE_LISTING_EMAIL));
    const mail = await waitForEmailMatch(
      users.admin().email,
      /matching your filters \((\d+) records?\)/,
      since,
    );
    expect(Number(mail[1])).toBe(3);
    await screenshot(page, 'attendance-download');
  });

  test('the call-centre agent has no attendance', async () => {
    const { page } = session;
    await signIn('agent');
    await open('/blood/dashboard');
    await visible(page.getByRole('link', { name: 'Riders', exact: true }));
    expect(await page.getByRole('link', { name: 'Attendance', exact: true }).count()).toBe(0);
    await open('/attendance');
    expect(await listHeading(page, 'Attendance').count()).toBe(0);
  });
});
