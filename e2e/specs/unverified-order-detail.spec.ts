import type { Order } from '@dastak/core/entities/orders';
import { orderTotal } from '@dastak/core/rules/order-total';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, VIEWPORT, workerBrowser } from '../fixtures/browser';
import { serverUrl } from '../fixtures/server';
import { heading, visible } from '../fixtures/ui';

/*
 * The unverified order detail (spec §2.4): the order's blocks under the 'Unverified Orders'
 * breadcrumb, with its three actions (what they do is covered by the actions' own spec). The
 * dispatcher's session shared for the run, in the page and for reading the API.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The test's own API calls, on the dispatcher's session shared for the run (fixtures/auth.ts). */
async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${sharedSession('dispatcher').token}` },
  });
  if (!response.ok) throw new Error(`GET ${path} -> ${response.status}`);
  return (await response.json()) as T;
}

const block = (name: string) => page.getByRole('region', { name, exact: true });

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'dispatcher');
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

describe('unverified order detail', () => {
  test('shows the breadcrumb, the order blocks and the actions', async () => {
    // Other specs on this server mark wrong pins, which hides Verify Order: take the first
    // unverified order whose address still stands.
    const list = await apiGet<{ results: { id: number }[] }>(
      '/orders/blood/unverified/?page_size=20',
    );
    let order: Order | undefined;
    for (const row of list.results) {
      const candidate = await apiGet<Order>(`/orders/blood/${row.id}/`);
      if (!candidate.customerAddress.deleted) {
        order = candidate;
        break;
      }
    }
    if (!order) throw new Error('the demo data has no unverified order with a standing address');

    await page.goto(app(`/unverified-orders/detail/${order.id}`));
    await visible(heading(page, order.number));
    const crumb = page
      .getByRole('main')
      .getByRole('link', { name: 'Unverified Orders', exact: true });
    expect(await crumb.getAttribute('href')).toBe('/app/unverified-orders');

    expect(await block('Status').getByTestId('order-state').textContent()).toBe('Unverified');
    const profile = block('Customer Profile');
    await visible(profile.getByText(order.customer.phone, { exact: true }));
    expect(await profile.getByTestId('order-address').textContent()).toBe(order.address);
    for (const line of order.scanTypes) {
      await visible(
        block('Order Details').getByRole('cell', { name: line.scanType.code, exact: true }),
      );
    }
    const total = orderTotal(
      order.scanTypes.map((l) => l.scanType.value * l.count),
      order.discountPercent,
    );
    expect(
      (await block('Order Details').getByTestId('order-total').textContent())?.replace(/\D/g, ''),
    ).toBe(String(total));

    // The unverified detail's own actions, not the regular order's.
    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await visible(actions.getByRole('button', { name: 'Verify Order' }));
    await visible(actions.getByRole('button', { name: 'Cancel Order' }));
    expect(await actions.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    await visible(block('Map').locator('.leaflet-marker-icon').first());
    await screenshot(page, 'unverified-order-detail');
  });

  test('the breadcrumb returns to the unverified list; an unknown id is not found', async () => {
    const list = await apiGet<{ results: { id: number; number: string }[] }>(
      '/orders/blood/unverified/?page_size=1',
    );
    const first = list.results[0];
    if (!first) throw new Error('the demo data has no unverified order');
    await page.goto(app(`/unverified-orders/detail/${first.id}`));
    await visible(heading(page, first.number));
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Unverified Orders', exact: true })
      .click();
    await page.waitForURL(/\/app\/unverified-orders(\?|$)/);

    await page.goto(app('/unverified-orders/detail/999999999'));
    await visible(heading(page, 'Order not found'));
    await visible(page.getByRole('link', { name: 'Back to unverified orders' }));
  });
});
