import type { Order } from '@dastak/core/entities/orders';
import { ORDER_SUCCESS, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { ADDRESS_DELETE_MESSAGES } from '@dastak/core/messages/address-delete';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from '../fixtures/browser';
import { createOrderAtOwnAddress, type OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { useStaffPages } from '../fixtures/staff-pages';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * The unverified order detail's actions (spec §2.4): Mark Wrong Pin, Verify Order and Cancel
 * Order, gated as the server gates them, each carried out in the browser and read back through
 * the API (state, activity row). Verifying or cancelling returns to the previous page.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

const staff = useStaffPages();
let dispatcher: Page;
let agent: Page;
let api: OrdersApi;
const used = new Set<number>();
beforeAll(() => {
  ({ dispatcher, agent, api } = staff);
});

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Order actions' });
const actionButton = (page: Page, name: string) =>
  toolbar(page).getByRole('button', { name, exact: true });

const addressOk = (o: Order) =>
  o.fulfillmentMethod === 'online' && o.customerAddress.verified && o.customerAddress.isValid;

/**
 * Opens the detail from the unverified list as a user does (search, row), so "back" returns to
 * the list inside the app.
 */
async function openFromList(page: Page, order: Order) {
  await page.goto(app('/unverified-orders'));
  const search = page.getByPlaceholder('e.g. Order ID');
  await search.fill(order.number);
  await search.press('Enter');
  await page.getByRole('link', { name: order.number, exact: true }).click();
  await page.waitForURL(`**/app/unverified-orders/detail/${order.id}`);
  await visible(heading(page, order.number));
  await visible(toolbar(page));
}

/** The newest activity row of `verb` says `text`, in the API and, given a page, in its log. */
async function expectActivity(orderId: number, verb: string, text: string, page?: Page) {
  await expect
    .poll(async () => (await api.activities(orderId)).find((a) => a.verb === verb)?.description, {
      timeout: 15_000,
    })
    .toContain(text);
  if (page) await visible(page.locator(`li[data-verb="${verb}"]`).filter({ hasText: text }));
}

/** The DELETE of the address the page sends next, as the server receives its query. */
const addressDelete = (page: Page) =>
  page
    .waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/entity/customer_address/'))
    .then((r) => new URL(r.url()).searchParams);

describe('unverified order actions', () => {
  test('gates Mark Wrong Pin on the address, and Verify and Cancel on permissions', async () => {
    // Orders of their own: which unverified demo orders are left depends on the other specs.
    const good = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'afterBooking' });
    expect(addressOk(good)).toBe(true);
    // An agent may change customers (Mark Wrong Pin) but neither verify nor cancel.
    await openFromList(agent, good);
    await visible(actionButton(agent, 'Mark Wrong Pin'));
    expect(await actionButton(agent, 'Verify Order').count()).toBe(0);
    expect(await actionButton(agent, 'Cancel Order').count()).toBe(0);
    await screenshot(agent, 'unverified-actions-agent');

    await openFromList(dispatcher, good);
    for (const name of ['Mark Wrong Pin', 'Verify Order', 'Cancel Order']) {
      await visible(actionButton(dispatcher, name));
    }
    await screenshot(dispatcher, 'unverified-actions-dispatcher');

    // An address not yet verified is no wrong pin to mark: verification will catch it.
    const unchecked = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'never' });
    expect(unchecked.customerAddress.verified).toBe(false);
    await openFromList(dispatcher, unchecked);
    await visible(actionButton(dispatcher, 'Verify Order'));
    expect(await actionButton(dispatcher, 'Mark Wrong Pin').count()).toBe(0);
  });

  test('marks a wrong pin: the address is deleted and the log says so', async () => {
    const page = dispatcher;
    // Its own verified pin: a demo address may be the one another spec is booking at.
    const order = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'afterBooking' });
    expect(order.state).toBe('unverified');
    expect(addressOk(order)).toBe(true);
    await openFromList(page, order);
    await actionButton(page, 'Mark Wrong Pin').click();
    const dialog = page.getByRole('dialog', { name: 'Mark Wrong Pin' });
    await visible(dialog.getByText(/recorded in the order's log/));
    await screenshot(page, 'unverified-actions-wrong-pin');
    const sent = addressDelete(page);
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    // Mark Wrong Pin sends the order id, and nothing else says so (spec §7, ADR 0014).
    const query = await sent;
    expect(query.get('order_id')).toBe(String(order.id));
    expect([...query.keys()]).toEqual(['order_id']);
    await visible(toast(page, SUCCESS.CUSTOMER_ADDRESS_DELETED));
    await expectActivity(
      order.id,
      'addressDeleted',
      `Address marked as wrong pin and deleted by`,
      page,
    );
    await expectActivity(order.id, 'addressDeleted', order.customerAddress.address, page);
    // The pin lost its verification, so there is nothing left to mark; and no rider may be sent
    // to a pin just marked wrong, so Verify Order goes too (the server refuses it).
    await expect
      .poll(() => actionButton(page, 'Mark Wrong Pin').count(), { timeout: 10_000 })
      .toBe(0);
    expect(await actionButton(page, 'Verify Order').count()).toBe(0);
    await visible(actionButton(page, 'Cancel Order'));
    const after = await api.order('blood', order.id);
    expect(after.state).toBe('unverified');
    expect(after.customerAddress.deleted).toBe(true);
  });

  test('offers no Mark Wrong Pin once the order is no longer unverified', async () => {
    const page = dispatcher;
    // A verified, valid pin of an online order: all Mark Wrong Pin needs but the state.
    const order = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'beforeBooking' });
    expect(order.state).not.toBe('unverified');
    expect(addressOk(order)).toBe(true);
    // As a tab left open on the unverified detail after someone verified the order.
    await page.goto(app(`/unverified-orders/detail/${order.id}`));
    await visible(heading(page, order.number));
    await visible(actionButton(page, 'Cancel Order'));
    expect(await actionButton(page, 'Mark Wrong Pin').count()).toBe(0);
    expect(await actionButton(page, 'Verify Order').count()).toBe(0);

    // A tab that has not refetched yet still asks: the server refuses and records nothing.
    const { status, data } = await api.request<{ detail: string }>(
      'DELETE',
      `/entity/customer_address/${order.customerAddress.id}/`,
      { query: { orderId: order.id } },
    );
    expect(status).toBe(409);
    expect(data.detail).toBe(ADDRESS_DELETE_MESSAGES.WRONG_PIN_ORDER_NOT_UNVERIFIED);
    const log = await api.activities(order.id);
    expect(log.some((a) => a.verb === 'addressDeleted')).toBe(false);
    expect((await api.order('blood', order.id)).customerAddress).toMatchObject({
      verified: true,
      isValid: true,
    });
  });

  test('verifies an order with tests and returns to the previous page', async () => {
    const page = dispatcher;
    const order = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'never' });
    expect(order.scanTypes.length).toBeGreaterThan(0);
    await openFromList(page, order);
    await actionButton(page, 'Verify Order').click();
    const dialog = page.getByRole('dialog', { name: 'Verify Order' });
    await visible(dialog.getByText(order.number));
    await screenshot(page, 'unverified-actions-verify');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(page, SUCCESS.ORDER_VERIFIED));
    await page.waitForURL(/\/app\/unverified-orders(\?.*)?$/);
    await expect
      .poll(async () => (await api.order('blood', order.id)).state)
      // Verified orders wait for a rider, and the auto-assignment job may already have sent one.
      .toMatch(/^(scheduled|needsAssignment|assigned)$/);
    await expectActivity(order.id, 'verified', 'Order verified by');
  });

  test("an external order's Verify Order is the verify external dialog", async () => {
    const page = dispatcher;
    const order = await createOrderAtOwnAddress(api, 'blood', used, {
      verified: 'never',
      isExternal: true,
    });
    expect(order.isExternal).toBe(true);
    await openFromList(page, order);
    await actionButton(page, 'Verify Order').click();
    const dialog = page.getByRole('dialog', { name: 'Verify External Order' });
    await visible(dialog.getByText(`Order ${order.number} came from an external partner.`));
    await screenshot(page, 'unverified-actions-verify-external');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(page, SUCCESS.ORDER_VERIFIED));
    await expectActivity(order.id, 'verified', 'Order verified by');
  });

  test('cancels with a reason and returns to the previous page', async () => {
    const page = dispatcher;
    const order = await createOrderAtOwnAddress(api, 'blood', used, { verified: 'never' });
    await openFromList(page, order);
    await actionButton(page, 'Cancel Order').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await visible(dialog.getByText(VALIDATION.REQUIRED));
    await dialog.getByRole('textbox', { name: /^Reason/ }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Details').fill('Customer could not confirm the address');
    await screenshot(page, 'unverified-actions-cancel');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await visible(toast(page, ORDER_SUCCESS.CANCELLED));
    await page.waitForURL(/\/app\/unverified-orders(\?.*)?$/);
    await expect.poll(async () => (await api.order('blood', order.id)).state).toBe('cancelled');
    await expectActivity(order.id, 'cancelled', 'Customer could not confirm the address');
  });
});
