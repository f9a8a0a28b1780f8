import type { Order } from '@dastak/core/entities/orders';
import { orderTotal } from '@dastak/core/rules/order-total';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { login, users } from '../fixtures/auth';
import { launchBrowser, screenshot, VIEWPORT } from '../fixtures/browser';
import { heading, visible } from '../fixtures/ui';

/*
 * The unverified order detail (spec §2.4): the order's blocks under the 'Unverified Orders'
 * breadcrumb, with its three actions (what they do is covered by the actions' own spec). One
 * agent login for the file; the API is read with the test's own session.
 */

const baseUrl = inject('baseUrl');
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Access tokens live 5 s in the e2e server: an expired one is refreshed and the call retried. */
const apiSession = { token: '', refreshToken: '', email: '' };

async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} -> ${response.status}`);
  return (await response.json()) as T;
}

async function apiGet<T>(path: string): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      headers: { Authorization: `Bearer ${apiSession.token}` },
    });
    if (response.status === 401 && attempt === 0) {
      const fresh = await apiPost<{ token: string; refreshToken: string }>('/auth/refresh-token', {
        refresh_token: apiSession.refreshToken,
        email: apiSession.email,
      });
      Object.assign(apiSession, fresh);
      continue;
    }
    if (!response.ok) throw new Error(`GET ${path} -> ${response.status}`);
    return (await response.json()) as T;
  }
  throw new Error(`GET ${path}: still unauthorised after a refresh`);
}

const block = (name: string) => page.getByRole('region', { name, exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  const dispatcher = users.dispatcher();
  await login(page, baseUrl, dispatcher);
  const session = await apiPost<{ token: string; refreshToken: string }>('/auth/login/', {
    email: dispatcher.email,
    password: dispatcher.password,
  });
  Object.assign(apiSession, { ...session, email: dispatcher.email });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('unverified order detail', () => {
  test('shows the breadcrumb, the order blocks and the actions', async () => {
    const list = await apiGet<{ results: { id: number }[] }>(
      '/orders/blood/unverified/?page_size=5',
    );
    const first = list.results[0];
    if (!first) throw new Error('the demo data has no unverified order');
    const order = await apiGet<Order>(`/orders/blood/${first.id}/`);

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
