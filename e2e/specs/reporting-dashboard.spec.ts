import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { ERRORS, FORM_VALIDATION } from '@dastak/core/messages';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { formatPercent } from '@dastak/core/rules/on-time';
import { addDays } from '@dastak/core/rules/report-range';
import { ORDER_STATES } from '@dastak/core/states';
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { login, sharedSession } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { OrdersApi, type Page_ } from '../fixtures/order-actions-api';
import { configuredServer } from '../fixtures/server';
import { appPath, heading, visible } from '../fixtures/ui';

/*
 * /reporting-dashboard (ADR 0040) against the real server and its demo data: the filters reach
 * the report calls, a table shows exactly the API's numbers, a table downloads as CSV, the page
 * is gated by 'Can view reports', and with REPORTING_URL set (a second server) the page frames
 * the team's own tool instead.
 */

const session = useBrowser();
const { signIn, open } = useCarriedSessions(session);

const WIDE = { width: 1440, height: 900 };

type Region = { id: number; name: string };
type OrdersByDay = { date: string; total: number; byState: Record<string, number> }[];
type OnTimeByDay = {
  date: string;
  due: number;
  reachedOnTime: number;
  collectedOnTime: number;
  reachedPercentage: number;
  collectedPercentage: number;
}[];

// The console's table formats (features/reports/report-format.ts), read back the same way.
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const pct = (n: number) => `${formatPercent(n)}%`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longDay = (d: string) =>
  `${d.slice(8, 10)} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

let admin: OrdersApi;
const today = () => karachiDateString(new Date());

beforeAll(async () => {
  admin = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
});

afterEach(async () => {
  await session.page.waitForLoadState('networkidle').catch(() => undefined);
});

/** The next report call matching `report` and `check` (vertical, report kind, query). */
function reportCall(page: Page, path: string, check: (q: URLSearchParams) => boolean = () => true) {
  return page.waitForRequest((r: Request) => {
    const url = new URL(r.url());
    return url.pathname === `/api/v1/reports/${path}/` && check(url.searchParams);
  });
}

const section = (page: Page, kind: string) => page.locator(`section[data-report="${kind}"]`);

/** The rows of a report table as cell texts. */
async function tableCells(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await visible(table);
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
}

describe('the built-in reporting dashboard', () => {
  test('filters are kept in the URL and change every report request', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    // A bare link gets the defaults written in: blood, every region, the last 7 days.
    const first = reportCall(
      page,
      'blood/orders-by-day',
      (q) => q.get('date_from') === addDays(today(), -6) && q.get('date_to') === today(),
    );
    await open('/reporting-dashboard');
    expect((await first).url()).not.toContain('regions=');
    await visible(heading(page, 'Reporting Dashboard'));
    await page.waitForURL(/range=7d/);
    expect(appPath(page)).toBe('/reporting-dashboard?vertical=blood&range=7d');

    // Vertical: every report asks for X-ray now.
    const xray = Promise.all(
      ['orders-by-day', 'revenue', 'riders'].map((kind) => reportCall(page, `xray/${kind}`)),
    );
    await page.locator('label', { hasText: /^X-RAY$/ }).click();
    await xray;
    expect(new URL(page.url()).searchParams.get('vertical')).toBe('xray');

    // Preset 'Today': one day.
    const todayCall = reportCall(
      page,
      'xray/on-time-by-day',
      (q) => q.get('date_from') === today() && q.get('date_to') === today(),
    );
    await page.locator('label', { hasText: /^Today$/ }).click();
    await todayCall;

    // A region of the vertical.
    const regions = await admin.get<Page_<Region>>('/location/regions/', { vertical: 'xray' });
    const region = regions.results[0]!;
    const regionCall = reportCall(
      page,
      'xray/timings',
      (q) => q.get('regions') === String(region.id) && q.get('date_from') === today(),
    );
    await page.getByRole('textbox', { name: 'Regions' }).click();
    await page.getByRole('option', { name: region.name, exact: true }).click();
    await regionCall;
    await page.keyboard.press('Escape');
    const url = new URL(page.url());
    expect(url.searchParams.get('regions')).toBe(String(region.id));
    expect(url.searchParams.get('range')).toBe('today');
    await screenshot(page, 'reporting-dashboard-filters');

    // A reload reproduces the view from the URL.
    const again = reportCall(
      page,
      'xray/reasons',
      (q) => q.get('regions') === String(region.id) && q.get('date_to') === today(),
    );
    await page.reload();
    await again;
  });

  test('a custom range is asked for as given; a range past 92 days is refused without a call', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    const from = addDays(today(), -40);
    const to = addDays(today(), -10);
    const custom = reportCall(
      page,
      'blood/satisfaction',
      (q) => q.get('date_from') === from && q.get('date_to') === to,
    );
    await open(`/reporting-dashboard?vertical=blood&range=custom&dateFrom=${from}&dateTo=${to}`);
    await custom;
    await page.waitForLoadState('networkidle');

    const tooLong = addDays(today(), -120);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/reports/') && r.url().includes(tooLong)) calls.push(r.url());
    });
    await open(
      `/reporting-dashboard?vertical=blood&range=custom&dateFrom=${tooLong}&dateTo=${today()}`,
    );
    await visible(page.getByText(FORM_VALIDATION.REPORT_RANGE_TOO_LONG).first());
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await screenshot(page, 'reporting-dashboard-range-too-long');
  });

  test("a chart's table shows exactly the API's numbers", async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    const range = { dateFrom: addDays(today(), -29), dateTo: today() };
    await open('/reporting-dashboard?vertical=blood&range=30d');

    const orders = await admin.get<OrdersByDay>('/reports/blood/orders-by-day/', range);
    expect(orders.reduce((sum, d) => sum + d.total, 0)).toBeGreaterThan(0);
    expect(await tableCells(page, 'Orders by day')).toEqual(
      orders.map((d) => [
        longDay(d.date),
        count(d.total),
        ...ORDER_STATES.map((s) => count(d.byState[s] ?? 0)),
      ]),
    );
    // The chart drew a bar for the days with orders.
    await expect
      .poll(() => section(page, 'orders-by-day').locator('.recharts-bar-rectangle').count())
      .toBeGreaterThan(0);

    const onTime = await admin.get<OnTimeByDay>('/reports/blood/on-time-by-day/', range);
    expect(await tableCells(page, 'On-time by day')).toEqual(
      onTime.map((d) => [
        longDay(d.date),
        count(d.due),
        count(d.reachedOnTime),
        count(d.collectedOnTime),
        pct(d.reachedPercentage),
        pct(d.collectedPercentage),
      ]),
    );
    await expect
      .poll(() => section(page, 'on-time-by-day').locator('.recharts-line').count())
      .toBe(2);

    const served = async () =>
      (
        await admin.get<{ rider: { name: string }; completed: number }[]>(
          '/reports/blood/riders/',
          range,
        )
      ).map((r) => [r.rider.name, count(r.completed)]);
    const shown = async (expected: string[][]) =>
      expected.length ? (await tableCells(page, 'Riders')).map((r) => [r[0], r[1]]) : [];
    let riders = await served();
    let riderRows = await shown(riders);
    // A rider's completed count can move between the page's call and the test's (an order of
    // the run delivered meanwhile; a run at 02:45 met it): the page is read again, reloaded.
    for (let again = 0; again < 3 && !isDeepStrictEqual(riderRows, riders); again += 1) {
      await page.reload();
      riders = await served();
      riderRows = await shown(riders);
    }
    expect(riderRows).toEqual(riders);

    expect(await seriousViolations(page)).toEqual([]);

    await section(page, 'orders-by-day').scrollIntoViewIfNeeded();
    await screenshot(page, 'reporting-dashboard-orders');
    await section(page, 'revenue').scrollIntoViewIfNeeded();
    await screenshot(page, 'reporting-dashboard-revenue');
    await section(page, 'riders').scrollIntoViewIfNeeded();
    await screenshot(page, 'reporting-dashboard-riders');
  });

  test('Download CSV saves the table the section shows', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    const range = { dateFrom: addDays(today(), -29), dateTo: today() };
    await open('/reporting-dashboard?vertical=blood&range=30d');
    await visible(page.getByRole('table', { name: 'Orders by day', exact: true }));
    const orders = await admin.get<OrdersByDay>('/reports/blood/orders-by-day/', range);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV: Orders by day' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(download.suggestedFilename()).toContain(range.dateFrom);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Date,Total,/);
    expect(lines.length - 1).toBe(orders.length);
    const byDate = new Map(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[1]]));
    for (const d of orders) expect(byDate.get(d.date)).toBe(String(d.total));
  });

  test('without "Can view reports" the link is hidden and the page refuses', async () => {
    const { page } = session;
    await signIn('agent');
    await open('/blood/dashboard');
    await visible(page.getByRole('link', { name: 'Release Notes', exact: true }));
    expect(await page.getByRole('link', { name: 'Reporting Dashboard' }).count()).toBe(0);
    await open('/reporting-dashboard');
    await visible(page.getByText(ERRORS.PERMISSION_DENIED));
    expect(await page.getByRole('table').count()).toBe(0);
  });
});

describe('REPORTING_URL set: the team’s own tool in a frame', () => {
  // The run's configured server (fixtures/extra-server.ts) frames the team's own tool.
  const server = configuredServer();

  test('the page frames REPORTING_URL, sandboxed, and makes no report calls', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/reports/')) calls.push(r.url());
    });
    await login(page, server.baseUrl, server.admin);
    await page.getByRole('link', { name: 'Reporting Dashboard', exact: true }).click();
    await page.waitForURL('**/app/reporting-dashboard');
    const frame = page.locator('iframe[title="Reporting Dashboard"]');
    await visible(frame);
    expect(await frame.getAttribute('src')).toBe(server.reportingUrl);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    // The browser really loads it: the page's CSP lets this plain-http origin be framed.
    await visible(
      page.frameLocator('iframe[title="Reporting Dashboard"]').getByText('Orders this week: 42'),
    );
    expect(calls).toEqual([]);
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'reporting-dashboard-frame');
  });
});
