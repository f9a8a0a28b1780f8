import type { Paged } from '@dastak/core/entities/common';
import type { CustomerListItem } from '@dastak/core/entities/customers';
import type { OrderListItem } from '@dastak/core/entities/orders';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sharedSession, signIn, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { OrdersApi } from '../fixtures/order-actions-api';
import { visible } from '../fixtures/ui';

/*
 * The command palette: Ctrl+K anywhere, a customer found by phone and an order by
 * number, arrow keys and Enter to open, recent items first when empty, actions gated by the
 * user's permissions, Esc to close. The records searched for come from the demo data, read
 * through the API.
 */

const session = useBrowser();

const palette = (page: Page) => page.getByRole('dialog', { name: 'Go to' });
const input = (page: Page) => page.getByRole('combobox', { name: /Search orders/ });
const option = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });
const selectedOption = (page: Page) =>
  palette(page).locator('[role="option"][aria-selected="true"]');

async function openPalette(page: Page) {
  // The console around the page: a navigation may still show the previous screen (transition).
  await visible(page.getByRole('navigation', { name: 'Main' }));
  await page.keyboard.press('Control+K');
  await visible(palette(page));
  await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('command palette', () => {
  test('finds a customer by phone and an order by number, remembers them, Esc closes', async () => {
    const { page, baseUrl } = session;
    const api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
    const customer = (
      await api.get<Paged<CustomerListItem>>('/entity/customers/', { ordering: '-created' })
    ).results[0]!;
    const order = (
      await api.get<Paged<OrderListItem>>('/orders/blood/', { ordering: '-created', page_size: 1 })
    ).results[0]!;
    const customerName = `${customer.firstName} ${customer.lastName}`.trim();

    await storeSession(page, 'dispatcher');
    await page.goto(session.app('/riders'));
    await openPalette(page);
    // Empty: the actions this dispatcher may take, Shifts among them.
    await visible(option(page, /New blood order/));
    await visible(option(page, /^Shifts/));

    // A customer by phone: one lookup after the pause, the hit selected, Enter opens it.
    await input(page).fill(customer.phone);
    const hit = option(page, new RegExp(customer.phone));
    await visible(hit);
    await expect.poll(() => selectedOption(page).textContent()).toContain(customer.phone);
    await screenshot(page, 'command-palette-search');
    await input(page).press('Enter');
    await page.waitForURL(`**/app/customers/detail/${customer.id}`);
    await expect.poll(() => palette(page).count()).toBe(0);

    // An order by its number, Enter pressed at once: the palette waits for the search and opens
    // its hit, never what was listed for the text before (the actions, here).
    await openPalette(page);
    await input(page).fill(order.number);
    await input(page).press('Enter');
    await page.waitForURL(`**/app/blood/orders/detail/${order.id}`);

    // Empty again: the two just opened come first, newest first; the arrows move the selection.
    await openPalette(page);
    const recent = palette(page).getByRole('group', { name: 'Recent' }).getByRole('option');
    await expect.poll(() => recent.count()).toBe(2);
    expect(await recent.nth(0).textContent()).toContain(order.number);
    expect(await recent.nth(1).textContent()).toContain(customerName || customer.phone);
    expect(await recent.nth(0).getAttribute('aria-selected')).toBe('true');
    await input(page).press('ArrowDown');
    expect(await recent.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await recent.nth(0).getAttribute('aria-selected')).toBe('false');
    await screenshot(page, 'command-palette');
    await input(page).press('Enter');
    await page.waitForURL(`**/app/customers/detail/${customer.id}`);

    // Esc closes without navigating.
    await openPalette(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
    expect(page.url()).toContain(`/customers/detail/${customer.id}`);
  });

  test('an agent sees only the actions their permissions allow', async () => {
    const { page } = session;
    await signIn(page, 'agent');
    await openPalette(page);
    await visible(option(page, /New blood order/));
    await visible(option(page, /Customers/));
    // The agent has no Shifts, Attendance or Reporting: neither has the side nav.
    for (const name of [/^Shifts/, /^Attendance/, /^Reporting dashboard/]) {
      expect(await option(page, name).count()).toBe(0);
    }
    await input(page).fill('attendance');
    await visible(palette(page).getByText('Nothing found'));
    expect(await option(page, /^Shifts/).count()).toBe(0);
    await input(page).press('Escape');
    await expect.poll(() => palette(page).count()).toBe(0);
  });
});
