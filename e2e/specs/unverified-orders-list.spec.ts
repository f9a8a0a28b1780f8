import { TRUNCATE } from '@dastak/core/constants';
import { EMPTY } from '@dastak/core/messages';
import { orderFiltersFromQuery, orderFiltersToApiParams } from '@dastak/core/rules/order-filters';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
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

async function apiUnverified(params: Record<string, string>): Promise<ListPage> {
  const url = `${session.baseUrl}/api/v1/orders/blood/unverified/?${new URLSearchParams(params)}`;
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${sharedSession('dispatcher').token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ListPage;
}

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
  const params = orderFiltersToApiParams(orderFiltersFromQuery(url.searchParams), 'blood');
  const expected = await apiUnverified(params);
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
});
