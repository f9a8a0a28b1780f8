import { TRUNCATE } from '@dastak/core/constants';
import type { OrderStats } from '@dastak/core/entities/lookups';
import { EMPTY } from '@dastak/core/messages';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { orderFiltersFromQuery, orderFiltersToApiParams } from '@dastak/core/rules/order-filters';
import type { Vertical } from '@dastak/core/states';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { createOrderAtOwnAddress, OrdersApi } from '../fixtures/order-actions-api';
import { appPath, visible } from '../fixtures/ui';

const session = useBrowser();

/*
 * Each test, and its checks against the server, start from the dispatcher's session shared for
 * the run (fixtures/auth.ts; it never expires there).
 */
async function open(path: string): Promise<void> {
  await storeSession(session.page, 'dispatcher');
  await session.page.goto(session.app(path));
}

type ListPage = {
  count: number;
  results: {
    id: number;
    number: string;
    state: string;
    address: string;
    patient: { firstName: string; lastName: string };
  }[];
};

async function apiGet<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const url = `${session.baseUrl}/api/v1${path}?${new URLSearchParams(params)}`;
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${sharedSession('admin').token}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const apiUnverified = (params: Record<string, string>, vertical: Vertical = 'blood') =>
  apiGet<ListPage>(`/orders/${vertical}/unverified/`, params);

/** The list's vertical as its URL states it (blood when absent). */
const urlVertical = (url: URL): Vertical =>
  url.searchParams.get('vertical') === 'xray' ? 'xray' : 'blood';

const table = () => session.page.getByRole('table', { name: 'Unverified Orders' });
const rows = () => table().locator('tbody tr');
const shownNumbers = () => rows().locator('td:nth-child(2) a').allTextContents();

async function resultCount(): Promise<number> {
  const title = session.page.getByRole('heading', {
    level: 1,
    name: /^Unverified Orders - \d+\+? results$/,
  });
  await visible(title);
  return Number((await title.textContent())?.match(/(\d+)\+? results/)?.[1]);
}

/** The table shows exactly the server's first page for the request the URL stands for. */
async function expectViewMatchesServer(): Promise<ListPage> {
  const url = new URL(session.page.url());
  const vertical = urlVertical(url);
  const params = orderFiltersToApiParams(orderFiltersFromQuery(url.searchParams), vertical);
  const expected = await apiUnverified(params, vertical);
  await expect.poll(resultCount).toBe(expected.count);
  if (expected.count === 0) await visible(session.page.getByText(EMPTY.NO_ORDERS));
  else await expect.poll(shownNumbers).toEqual(expected.results.map((o) => o.number));
  return expected;
}

async function openFilters(): Promise<Locator> {
  await session.page.getByRole('button', { name: /^Filters/ }).click();
  const panel = session.page.getByRole('dialog', { name: 'Filters' });
  await visible(panel.getByRole('button', { name: 'Apply Filters' }));
  return panel;
}

describe('unverified orders list', () => {
  test('lists unverified orders with cut names and addresses, capitalised status', async () => {
    const { page } = session;
    await open('/unverified-orders');
    const view = await expectViewMatchesServer();
    expect(view.count).toBeGreaterThan(0);
    const searchBox = page.getByRole('searchbox', { name: 'Search unverified orders' });
    expect(await searchBox.getAttribute('placeholder')).toBe('e.g. Order ID');
    for (const column of [
      'SN',
      'Order Number',
      'Patient',
      'Address',
      'Status',
      'Collection Time',
      'Actions',
    ]) {
      await visible(table().getByRole('columnheader', { name: column, exact: true }));
    }
    const first = view.results[0]!;
    const row = rows().first();
    const name = `${first.patient.firstName} ${first.patient.lastName}`.trim();
    const shownName = name.length > TRUNCATE.PATIENT_NAME ? `${name.slice(0, 30)}...` : name;
    await visible(row.getByText(shownName, { exact: true }));
    const address =
      first.address.length > TRUNCATE.ADDRESS ? `${first.address.slice(0, 40)}...` : first.address;
    await visible(row.getByText(address, { exact: true }));
    await visible(row.getByText('Unverified', { exact: true }));
    await visible(row.getByText(/ ago$|^in \d|just now/));
    await screenshot(page, 'unverified-orders-list');
  });

  test('search on Enter and when cleared; a backslash finds nothing', async () => {
    const { page } = session;
    await open('/unverified-orders');
    const total = await resultCount();
    await visible(rows().first());
    const number = (await shownNumbers())[0]!;
    const searchBox = page.getByRole('searchbox', { name: 'Search unverified orders' });
    await searchBox.fill(number.toLowerCase());
    await searchBox.press('Enter');
    await page.waitForURL(/search=/);
    await expectViewMatchesServer();
    expect(await shownNumbers()).toContain(number);
    await searchBox.fill('');
    await expect.poll(() => appPath(page)).not.toContain('search=');
    await expect.poll(resultCount).toBe(total);
    await searchBox.fill('\\');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByText(EMPTY.NO_ORDERS));
  });

  test('regions and the sort apply and stay in the URL; a row opens the detail', async () => {
    const { page } = session;
    await open('/unverified-orders');
    const all = await expectViewMatchesServer();
    // A row click opens the unverified order's detail.
    await rows().first().locator('td').nth(3).click();
    await page.waitForURL(`**/app/unverified-orders/detail/${all.results[0]!.id}`);
    await page.goBack();
    const panel = await openFilters();
    await visible(panel.getByRole('button', { name: 'Pickup From' }));
    await visible(panel.getByRole('button', { name: 'Pickup To' }));
    const regions = panel.getByRole('group', { name: 'Regions' });
    // Every region shows ticked until one is chosen: unticking All Regions leaves the default.
    await regions.getByRole('checkbox', { name: 'All Regions' }).uncheck();
    await expect.poll(() => regions.getByRole('checkbox').nth(1).isChecked()).toBe(true);
    await screenshot(page, 'unverified-orders-filters');
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/regions=\d+/);
    await expectViewMatchesServer();

    // Collection Time sorts ascending, then descending, then back to newest first.
    const sort = table().getByRole('button', { name: 'Collection Time' });
    await sort.click();
    await page.waitForURL(/sorting=pickup/);
    await expectViewMatchesServer();
    await sort.click();
    await page.waitForURL(/sorting=-pickup/);
    await expectViewMatchesServer();
    await page.reload();
    await expectViewMatchesServer();
  });

  test("from the X-ray dashboard, Unverified lands on the X-ray list with the panel's figure", async () => {
    const { page } = session;
    // One unverified X-ray order of the test's own, so specs running beside it that verify or
    // cancel demo orders cannot leave today without one (the demo keeps only two per vertical).
    const api = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
    await createOrderAtOwnAddress(api, 'xray', new Set(), { verified: 'never' });
    // The X-ray region with the most unverified orders today: the count the link must carry.
    const window = {
      pickupFrom: toKarachiIso(startOfKarachiDay(new Date())),
      pickupTo: toKarachiIso(endOfKarachiDay(new Date())),
    };
    const regions = await apiGet<{ results: { id: number; name: string }[] }>(
      '/location/regions/',
      { vertical: 'xray' },
    );
    let region = { id: 0, name: '', unverified: -1 };
    for (const r of regions.results) {
      const stats = await apiGet<OrderStats>('/stats/xray/orders/', {
        ...window,
        region_id: String(r.id),
      });
      if (stats.unverified > region.unverified) region = { ...r, unverified: stats.unverified };
    }
    expect(region.unverified).toBeGreaterThan(0);

    await storeSession(page, 'admin');
    await page.goto(session.app('/xray/dashboard'));
    await visible(page.getByTestId('dashboard-panels'));
    const selector = page.getByRole('textbox', { name: 'Region', exact: true });
    if ((await selector.inputValue()) !== region.name) {
      await selector.click();
      await page.getByRole('option', { name: region.name, exact: true }).click();
    }
    const link = page
      .getByRole('region', { name: 'Orders', exact: true })
      .getByRole('link', { name: /^Unverified: \d+$/ });
    // The panel shows the stats call's figure for the chosen region (the demo keeps living).
    await expect
      .poll(async () => (await link.textContent())?.replace(/\D/g, ''), { timeout: 15_000 })
      .toBe(String(region.unverified));
    const shown = Number((await link.getAttribute('aria-label'))?.match(/\d+/)?.[0]);

    await link.click();
    await page.waitForURL(/\/app\/unverified-orders\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('vertical')).toBe('xray');
    expect(url.searchParams.get('regions')).toBe(String(region.id));
    expect(url.searchParams.get('pickupFrom')).toBe(window.pickupFrom);
    await expect.poll(resultCount).toBe(shown);
    const view = await expectViewMatchesServer();
    expect(view.count).toBe(shown);
    const numbers = await shownNumbers();
    expect(numbers.length).toBeGreaterThan(0);
    for (const number of numbers) expect(number).toMatch(/^X-/);
    // Mantine's segments are visually hidden radios: checked, not visible.
    expect(await page.getByRole('radio', { name: 'X-Ray' }).isChecked()).toBe(true);
    await screenshot(page, 'unverified-orders-xray');

    // An X-ray row opens its detail, whose breadcrumb leads back to the X-ray list.
    await rows().first().locator('td').nth(3).click();
    await page.waitForURL(`**/app/unverified-orders/detail/${view.results[0]!.id}`);
    await visible(page.getByText(view.results[0]!.number).first());
    await visible(page.getByRole('button', { name: 'Verify Order' }));
    await page.goBack();

    // The switch goes to the blood list: its regions differ, so the region filter is dropped.
    await page.getByText('Blood', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('vertical')).toBe(false);
    expect(new URL(page.url()).searchParams.has('regions')).toBe(false);
    await expectViewMatchesServer();
    for (const number of await shownNumbers()) expect(number).toMatch(/^B-/);
  });
});
