import type { Customer } from '@dastak/core/entities/customers';
import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS } from '@dastak/core/messages';
import { conflictChanged, EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, signIn, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser, VIEWPORT } from '../fixtures/browser';
import { createOnlineOrder, OrdersApi } from '../fixtures/order-actions-api';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * Lost updates (ADR 0056). Two people in two browsers: the dispatcher (Hamza Siddiqui)
 * in this spec's page and the agent (Sana Malik) in a second context. Both open the same
 * customer; she saves an email, he then saves a date of birth on the form he opened before: he
 * is told who changed what, nothing of his is written, and Reload brings her email into his
 * form. And an order detail open in his browser turns Cancelled when someone cancels the order
 * through the API, with no reload.
 */

const session = useBrowser();
let admin: OrdersApi;
let other: BrowserContext | undefined;

beforeAll(() => {
  admin = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
});
afterEach(async () => {
  await other?.close();
  other = undefined;
});

/** A second person: a browser context of their own, signed in as `who`. */
async function secondPerson(who: 'agent'): Promise<Page> {
  const browser = session.context.browser();
  if (!browser) throw new Error('no browser behind the context');
  other = await browser.newContext({ viewport: VIEWPORT, baseURL: session.baseUrl });
  other.setDefaultTimeout(15_000);
  const page = await other.newPage();
  page.on('pageerror', (error) => console.error(`[browser 2] ${error.message}`));
  await signIn(page, who);
  return page;
}

async function openUpdate(page: Page, customer: Customer) {
  await page.goto(session.app(`/customers/update/${customer.id}`));
  await visible(heading(page, 'Update Customer'));
  await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe(customer.firstName);
}

async function setDob(page: Page, text: string) {
  await page.getByLabel('Date of Birth').fill(text);
  await page.keyboard.press('Escape');
}

describe('two people edit the same record', () => {
  test('the later save is told who changed what, writes nothing, and Reload brings the change', async () => {
    const phone = `0398${String(Date.now()).slice(-7)}`;
    const created = await admin.request<Customer>('POST', '/entity/customers/', {
      body: {
        phone,
        firstName: 'Rukhsana',
        lastName: 'Bibi',
        email: '',
        gender: 2,
        dob: '1985-03-12',
      },
    });
    expect(created.status).toBe(201);
    const customer = created.data;

    const hamza = session.page;
    await signIn(hamza, 'dispatcher');
    const sana = await secondPerson('agent');
    await openUpdate(hamza, customer);
    await openUpdate(sana, customer);

    // Sana adds the email and saves.
    await sana.getByLabel('Email').fill('rukhsana@example.pk');
    await sana.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(toast(sana, SUCCESS.CUSTOMER_UPDATED));

    // Hamza, on the form he opened before, corrects the date of birth and saves.
    await setDob(hamza, '12/03/1986');
    await hamza.getByRole('button', { name: 'Next', exact: true }).click();
    const conflict = hamza.getByTestId('edit-conflict');
    await visible(conflict.getByText(conflictChanged('Sana Malik', 'Email'), { exact: true }));
    // The form stays open with his values; no success, and nothing of his was written.
    await visible(heading(hamza, 'Update Customer'));
    expect(await hamza.getByLabel('Date of Birth').inputValue()).toBe('12/03/1986');
    expect(await hamza.getByLabel('Email').inputValue()).toBe('');
    expect(await toast(hamza, SUCCESS.CUSTOMER_UPDATED).count()).toBe(0);
    expect(await admin.get<Customer>(`/entity/customer/${customer.id}/`)).toMatchObject({
      email: 'rukhsana@example.pk',
      dob: '1985-03-12',
    });
    await screenshot(hamza, 'concurrent-edits-customer-conflict');

    // Reload: the customer as it is now, her email included; his stale date is gone too.
    await conflict.getByRole('button', { name: EDIT_CONFLICT.RELOAD }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await hamza.getByLabel('Email').inputValue()).toBe('rukhsana@example.pk');
    expect(await hamza.getByLabel('Date of Birth').inputValue()).toBe('12/03/1985');
    await screenshot(hamza, 'concurrent-edits-customer-reloaded');

    // His correction again, now on top of her change.
    await setDob(hamza, '12/03/1986');
    await hamza.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(toast(hamza, SUCCESS.CUSTOMER_UPDATED));
    expect(await admin.get<Customer>(`/entity/customer/${customer.id}/`)).toMatchObject({
      email: 'rukhsana@example.pk',
      dob: '1986-03-12',
    });
  });

  test('an open order detail turns Cancelled when another user cancels the order', async () => {
    // Beyond the auto-assignment horizon: it stays 'scheduled' until cancelled.
    const order = await createOnlineOrder(admin, 'blood', new Set(), 300);
    expect(order.state).toBe('scheduled');

    const page = session.page;
    await storeSession(page, 'dispatcher');
    const stream = page.waitForResponse((r) => r.url().includes('/api/v1/realtime/stream'));
    await page.goto(session.app(`/blood/orders/detail/${order.id}`));
    await visible(heading(page, order.number));
    const state = page
      .getByRole('region', { name: 'Status', exact: true })
      .getByTestId('order-state');
    expect(await state.textContent()).toBe(ORDER_STATE_LABELS.scheduled);
    // The page listens to the order's region before anyone acts.
    expect((await stream).status()).toBe(200);
    await visible(page.getByRole('button', { name: 'Cancel Order' }));

    const [reason] = await admin.get<{ id: number }[]>('/orders/cancellation-strings/', {
      vertical: 'blood',
    });
    const cancelled = await admin.request<Order>('POST', `/orders/blood/${order.id}/cancel/`, {
      body: { cancellationStringId: reason!.id, reason: 'Customer booked twice' },
    });
    expect(cancelled.status).toBe(200);

    await expect
      .poll(() => state.textContent(), { timeout: 10_000 })
      .toBe(ORDER_STATE_LABELS.cancelled);
    // The actions follow the state: a cancelled order cannot be cancelled again.
    await page.getByRole('button', { name: 'Cancel Order' }).waitFor({ state: 'detached' });
    await screenshot(page, 'concurrent-edits-order-cancelled-elsewhere');
  });
});
