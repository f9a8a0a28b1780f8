import type { ScanType } from '@dastak/core/entities/catalog';
import type { Order } from '@dastak/core/entities/orders';
import { FASTING_MESSAGES } from '@dastak/core/messages/fasting';
import { FASTING_MORNING_CUTOFF_HOUR } from '@dastak/core/rules/fasting-slots';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import {
  failureScreenshot,
  releaseBrowser,
  screenshot,
  VIEWPORT,
  workerBrowser,
} from '../fixtures/browser';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { appPath, toast, visible } from '../fixtures/ui';

/*
 * Keyboard-first booking: an agent books a repeat customer with the keyboard alone
 * (type, Tab, arrows, Space/Enter, Ctrl+Enter; no click, no fill), and a fasting test steers the
 * slot picker to the morning with a warning. The mouse is never used on the page; locators only
 * read what has focus and what is shown.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

type SearchHit = {
  id: number;
  phone: string;
  hasFilledHearAboutUs: boolean;
  patients?: { id: number; firstName: string; lastName: string }[];
  addresses?: { id: number }[];
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: OrdersApi;
const usedCustomers = new Set<number>();

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'agent');
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && page) await failureScreenshot(page, task.name);
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (name: string) => page.getByRole('textbox', { name, exact: true });
const isFocused = (locator: Locator) =>
  locator
    .first()
    .evaluate((el) => el === document.activeElement)
    .catch(() => false);

/** Presses Tab until `locator` has focus: the form's Tab order reaches it going forward. */
async function tabTo(locator: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(locator)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${locator}`);
}

/** The highlighted option of the open dropdown (a closed one may keep its own, hidden). */
const highlighted = () => page.locator('[role="option"][data-combobox-selected]:visible');

/** With focus on a select: arrows until the highlighted option matches, then Enter. */
async function chooseWithArrows(option: RegExp | null, max = 30) {
  await page.keyboard.press('ArrowDown');
  await visible(page.locator('[role="listbox"]:visible'));
  for (let i = 0; i < max; i++) {
    const text = (await highlighted().count()) ? await highlighted().first().textContent() : null;
    if (text !== null && (option === null || option.test(text))) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option} reached with the arrow keys`);
}

/**
 * A demo order whose customer can book again at the same address (as order-create.spec); with
 * `askHearAbout`, one who has not answered 'how did you hear about us' comes first.
 */
async function sourceOrder(askHearAbout = false): Promise<{ order: Order; hit: SearchHit }> {
  const candidates: { order: Order; hit: SearchHit }[] = [];
  for (const item of await api.orders('blood', {})) {
    const order = await api.order('blood', item.id);
    if (usedCustomers.has(order.customer.id)) continue;
    // Its one blood region: choosing the address sets Region and locks it.
    const own = order.customerAddress.regionCustomerAddresses.filter(
      (r) => r.region.vertical === 'blood',
    );
    if (own.length !== 1 || own[0]?.region.id !== order.region) continue;
    const hits = await api.get<SearchHit[]>('/entity/customer-search/', {
      search: order.customer.phone,
    });
    const hit = hits.find((h) => h.id === order.customer.id);
    if (!hit) continue;
    if (!(hit.addresses ?? []).some((a) => a.id === order.customerAddress.id)) continue;
    const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
    const namesakes = (hit.patients ?? []).filter((p) => fullName(p) === fullName(order.patient));
    if (namesakes.length !== 1) continue;
    candidates.push({ order, hit });
    if ((askHearAbout && !hit.hasFilledHearAboutUs) || candidates.length >= 15) break;
  }
  // Either way works from the keyboard; the dialog is exercised when such a customer comes.
  const pick =
    (askHearAbout ? candidates.find((c) => !c.hit.hasFilledHearAboutUs) : undefined) ??
    candidates[0];
  if (!pick) throw new Error('no bookable blood customer in the demo data');
  usedCustomers.add(pick.order.customer.id);
  return pick;
}

async function findTest(fasting: boolean): Promise<ScanType> {
  for (const letter of ['a', 'e', 'i', 'o', 'u', 'r', 's', 't']) {
    const tests = await api.get<ScanType[]>('/orders/scan-types/', {
      search: letter,
      vertical: 'blood',
    });
    const test = tests.find(
      (t) => t.isAllowed && t.value > 0 && (t.requiresFasting === true) === fasting,
    );
    if (test) return test;
  }
  throw new Error(`no allowed ${fasting ? 'fasting' : 'non-fasting'} blood test`);
}

/** Customer, patient, address and test, from the Customer Number field on, by keyboard. */
async function startBooking(order: Order, test: ScanType) {
  await page.goto(app('/blood/orders/create'));
  await visible(page.getByRole('heading', { name: 'Customer Information' }));
  // Focus starts in Customer Number.
  await expect.poll(() => isFocused(field('Customer Number'))).toBe(true);
  await page.keyboard.type(order.customer.phone);
  await visible(page.getByRole('option', { name: new RegExp(order.customer.phone) }));
  // The full number of one customer: Enter picks them, no arrow needed (ADR 0058).
  await page.keyboard.press('Enter');
  await visible(page.getByTestId('loaded-customer').getByText(order.customer.phone));

  // The patient: narrow the linked patients by name, Tab to the one left, Enter.
  const patientName = `${order.patient.firstName} ${order.patient.lastName}`;
  await tabTo(field('Search Customer'));
  await page.keyboard.type(patientName);
  const patient = page.getByRole('button', {
    name: new RegExp(`^${escapeRe(patientName)}(\\s|$)`),
  });
  await tabTo(patient);
  await page.keyboard.press('Enter');
  await visible(page.getByRole('cell', { name: patientName, exact: true }));
  await expect.poll(() => patient.first().getAttribute('aria-pressed')).toBe('true');

  // The address: Tab into the radio group, arrows to the order's address, Space.
  const radios = page.getByRole('radio');
  await tabTo(radios);
  const target = page
    .getByRole('radio', { name: new RegExp(escapeRe(order.customerAddress.address)) })
    .first();
  for (let i = 0; i < 20 && !(await isFocused(target)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect.poll(() => target.isChecked()).toBe(true);
  await expect.poll(() => field('Region').isDisabled()).toBe(true);

  // The test: type its code, arrow to it, Enter.
  await tabTo(field('Test Type'));
  await page.keyboard.type(test.code);
  const option = new RegExp(`\\(${escapeRe(test.code)}\\)`);
  await visible(page.getByRole('option', { name: option }));
  await chooseWithArrows(option);
  await page.keyboard.press('Escape');
  await visible(page.getByText(new RegExp(`${escapeRe(test.name)} \\(${escapeRe(test.code)}\\)`)));
}

/**
 * Pickup Date from the keyboard: typed as the caller says it, DD/MM/YYYY (ADR 0058), then Tab.
 * Tomorrow first, then the next days, until a day offers slots. Leaves focus on the slot picker.
 */
async function pickDateWithKeys() {
  const dateBox = field('Pickup Date');
  const slotBox = field('Available Time Slot');
  for (let day = 1; day <= 4; day++) {
    const date = karachiDateString(new Date(Date.now() + day * 86_400_000));
    await tabTo(dateBox);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(date.split('-').reverse().join('/'));
    await expect.poll(() => dateBox.inputValue()).toBe(date.split('-').reverse().join('/'));
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(slotBox)).toBe(true);
    await expect
      .poll(() => slotBox.getAttribute('placeholder'))
      .toMatch(/^(Select time slot|No slots available)$/);
    if ((await slotBox.getAttribute('placeholder')) === 'Select time slot') return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error('no free time slot in the first days after today');
}

/** '09:30 AM' -> 9 */
function hourOf(label: string): number {
  const m = /(\d{1,2}):(\d{2})\s*(AM|PM)/i.exec(label);
  if (!m) throw new Error(`not a time: ${label}`);
  const h = Number(m[1]) % 12;
  return m[3]!.toUpperCase() === 'PM' ? h + 12 : h;
}

describe('keyboard-first booking', () => {
  test('books an order for a repeat customer with the keyboard alone', async () => {
    const source = await sourceOrder(true);
    const { order, hit } = source;
    const test = await findTest(false);
    await startBooking(order, test);

    await tabTo(field('Order Type'));
    await chooseWithArrows(/^Regular$/);
    await tabTo(field('Order Source'));
    await chooseWithArrows(null);
    await pickDateWithKeys();
    await chooseWithArrows(null);
    await expect
      .poll(async () => (await field('Available Time Slot').inputValue()) !== '')
      .toBe(true);
    await page.keyboard.press('Tab');
    await visible(page.getByTestId('submit-hint').getByText('to submit'));

    // Ctrl+Enter from wherever focus is: the Create Order button's path.
    await page.keyboard.press('Control+Enter');
    if (!hit.hasFilledHearAboutUs) {
      const dialog = page.getByRole('dialog', { name: 'How did you hear about us?' });
      await visible(dialog);
      const choice = dialog.getByRole('textbox', { name: 'How did you hear about us' });
      await expect.poll(() => isFocused(choice)).toBe(true);
      await chooseWithArrows(null);
      await screenshot(page, 'keyboard-booking-hear-about');
      // Ctrl+Enter confirms here too, as it submitted the page (ADR 0058).
      await page.keyboard.press('Control+Enter');
    }
    await visible(toast(page, 'Order created successfully, Order ID: '));
    await page.waitForURL(/\/app\/blood\/orders\/detail\/\d+$/);
    const id = Number(appPath(page).split('/').pop());
    const created = await api.order('blood', id);
    expect(created.customer.id).toBe(order.customer.id);
    expect(created.patient.id).toBe(order.patient.id);
    expect(created.customerAddress.id).toBe(order.customerAddress.id);
    expect(created.scanTypes.map((l) => l.scanType.code)).toEqual([test.code]);
    expect(created.fulfillmentMethod).toBe('online');
    await visible(page.getByText(created.number).first());
  });

  test('steers a fasting patient to the morning slots with a warning', async () => {
    const { order } = await sourceOrder();
    const test = await findTest(true);
    await startBooking(order, test);
    const warning = page.getByTestId('fasting-warning');
    await visible(warning.getByText(FASTING_MESSAGES.MORNING_SLOT_WARNING));

    // Esc closes a dialog opened from the keyboard.
    await tabTo(page.getByRole('button', { name: 'Add New Address' }));
    await page.keyboard.press('Enter');
    const addressDialog = page.getByRole('dialog', { name: 'New Address' });
    await visible(addressDialog);
    await page.keyboard.press('Escape');
    await addressDialog.waitFor({ state: 'hidden' });
    // Focus is back on the button that opened it (ADR 0058).
    await expect
      .poll(() => isFocused(page.getByRole('button', { name: 'Add New Address' })))
      .toBe(true);

    await pickDateWithKeys();
    await page.keyboard.press('ArrowDown');
    await visible(page.locator('[role="listbox"]:visible'));
    const labels = await page.locator('[role="option"]:visible').allTextContents();
    const hours = labels.map(hourOf);
    expect(hours.length).toBeGreaterThan(0);
    expect(hours[0]).toBeLessThan(FASTING_MORNING_CUTOFF_HOUR);
    // Morning first: no morning slot after a later one.
    const firstLater = hours.findIndex((h) => h >= FASTING_MORNING_CUTOFF_HOUR);
    if (firstLater >= 0) {
      expect(hours.slice(firstLater).every((h) => h >= FASTING_MORNING_CUTOFF_HOUR)).toBe(true);
      await visible(page.getByText(FASTING_MESSAGES.MORNING_SLOT_GROUP, { exact: true }));
    }

    // A later slot may still be booked: the warning stays, it does not block.
    const laterLabel = firstLater >= 0 ? labels[firstLater]! : null;
    await chooseWithArrows(laterLabel ? new RegExp(`^${escapeRe(laterLabel)}$`) : null);
    await visible(warning.getByText(FASTING_MESSAGES.MORNING_SLOT_WARNING));
    if (laterLabel) await visible(warning.getByText(FASTING_MESSAGES.LATE_SLOT_CHOSEN));
    await screenshot(page, 'keyboard-booking');
  });
});
