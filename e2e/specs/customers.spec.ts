import type { Customer } from '@dastak/core/entities/customers';
import { FORM_VALIDATION, SUCCESS, VALIDATION } from '@dastak/core/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, VIEWPORT, workerBrowser } from '../fixtures/browser';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { appPath, heading, toast, visible } from '../fixtures/ui';

/*
 * The customers screens (spec §2.9, §2.7, §4, §5) driven by an agent: the list's search, regions
 * and paging; the two-step wizard with its §5 messages; the New Address dialog; the detail with
 * region names; update; and deleting an address. No login: the sessions shared for the run.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: OrdersApi;

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'agent');
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

/** Reads back through the API as the admin (fixtures/order-actions-api.ts). */
const apiGet = <T>(path: string): Promise<T> => api.get<T>(path);

const rows = () => page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
/**
 * The count of the heading once it states one: 'Customers - N results', or past the counting cap
 * 'Customers - 1000+ results' (then the cap).
 */
async function countInHeading(): Promise<number> {
  const title = page.getByRole('heading', { level: 1, name: /^Customers - \d+\+? results$/ });
  await visible(title);
  return Number(/(\d+)\+? results/.exec((await title.textContent()) ?? '')?.[1]);
}

// A number no demo customer has: 0399 plus 7 digits of the clock.
const phone = `0399${String(Date.now()).slice(-7)}`;
let customerId = 0;

describe('customers list', () => {
  test('count, search on Enter and clear, row click to detail', async () => {
    await page.goto(app('/customers'));
    await page.waitForURL('**/customers?ordering=-created');
    const total = await countInHeading();
    expect(total).toBeGreaterThan(20);
    await visible(page.getByRole('link', { name: 'New Customer' }));
    await visible(page.getByRole('columnheader', { name: 'Number of orders' }));
    await visible(page.getByRole('columnheader', { name: 'Last order on' }));
    await screenshot(page, 'customers-list');

    const firstPhone =
      (await rows().first().locator('td').first().locator('p').nth(1).textContent())?.trim() ?? '';
    expect(firstPhone).toMatch(/^\d{11}$/);
    const search = page.getByPlaceholder('Customer Name or Phone');
    await search.fill(firstPhone);
    await search.press('Enter');
    await page.waitForURL(`**/customers?search=${firstPhone}&ordering=-created`);
    await expect.poll(countInHeading).toBeLessThan(total);
    await visible(rows().filter({ hasText: firstPhone }));

    await search.fill('');
    await page.waitForURL('**/customers?ordering=-created');
    await expect.poll(countInHeading).toBe(total);

    await rows().filter({ hasText: firstPhone }).first().click();
    await page.waitForURL('**/customers/detail/*');
    await visible(page.getByRole('link', { name: 'Update' }));
  });

  test('regions filter keeps one region and All Regions selects every region', async () => {
    await page.goto(app('/customers?ordering=-created'));
    const total = await countInHeading();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    const group = panel.getByRole('group', { name: 'Regions' });
    const boxes = group.getByRole('checkbox');
    await visible(boxes.nth(1));
    const first = boxes.nth(1);
    // No region filter shows every region ticked; unchecking All Regions leaves the default
    // (first) region, and unchecking the only selected region is ignored (spec §5).
    const all = group.getByRole('checkbox', { name: 'All Regions' });
    expect(await all.isChecked()).toBe(true);
    expect(await first.isChecked()).toBe(true);
    await all.uncheck();
    expect(await boxes.nth(2).isChecked()).toBe(false);
    await first.click();
    expect(await first.isChecked()).toBe(true);
    await screenshot(page, 'customers-filters');
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/regions=\d+&/);
    await expect.poll(countInHeading).toBeLessThan(total);
    const inRegion = await countInHeading();
    expect(inRegion).toBeGreaterThan(0);

    // The drawer closes with an animation; its buttons ('Apply Filters', 'Close filters') would
    // otherwise also match a loose 'Filters'.
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Filters/ }).click();
    await all.check();
    const n = await boxes.count();
    for (let i = 1; i < n; i++) expect(await boxes.nth(i).isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/allRegions=true/);
    await expect.poll(countInHeading).toBe(total);
  });

  test('detail: order history View Details slides out and links to the order', async () => {
    const list = await apiGet<{ results: { id: number; numberOfOrders: number }[] }>(
      '/entity/customers/?ordering=-created',
    );
    const withOrders = list.results.find((c) => c.numberOfOrders > 0);
    expect(withOrders).toBeDefined();
    await page.goto(app(`/customers/detail/${withOrders?.id}`));
    const history = page.getByRole('list', { name: 'Order history' });
    const view = history.getByRole('button', { name: /^View details of order/ }).first();
    await visible(view);
    const label = (await view.getAttribute('aria-label')) ?? '';
    const number = label.replace('View details of order ', '');
    await view.click();
    const drawer = page.getByRole('dialog', { name: `Order ${number}` });
    await visible(drawer.getByRole('link', { name: 'Open order detail' }));
    await screenshot(page, 'customers-order-drawer');
    await drawer.getByRole('link', { name: 'Open order detail' }).click();
    await page.waitForURL(/\/(blood|xray)\/orders\/detail\/\d+$/);
  });

  test('scrolling appends the next page; a new search replaces the list', async () => {
    await page.goto(app('/customers?ordering=-created'));
    await countInHeading();
    const firstPage = await rows().count();
    expect(firstPage).toBeGreaterThan(0);
    await page.mouse.wheel(0, 20_000);
    await page.waitForFunction(
      (n) => document.querySelectorAll('table[aria-label="Customers"] tbody tr').length > n,
      firstPage,
    );
    const afterScroll = await rows().count();
    expect(afterScroll).toBeGreaterThan(firstPage);
    const search = page.getByPlaceholder('Customer Name or Phone');
    await search.fill('0');
    await search.press('Enter');
    await page.waitForURL(/search=0/);
    // A new search is a new list: the first page again, not appended to the old rows.
    await countInHeading();
    await expect.poll(() => rows().count()).toBe(firstPage);
  });
});

describe('customer wizard', () => {
  test('details step: §5 messages, then create moves to the address step', async () => {
    await page.goto(app('/customers?ordering=-created'));
    await page.getByRole('link', { name: 'New Customer' }).click();
    await page.waitForURL('**/customers/create');
    await visible(heading(page, 'New Customer'));

    const number = page.getByLabel('Customer Number');
    await number.fill('0300123');
    await page.getByLabel('First Name').fill('x'.repeat(41));
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Email').fill('not-an-email');
    const dob = page.getByLabel('Date of Birth');
    await dob.fill('01/01/2099');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await visible(page.getByText(VALIDATION.CUSTOMER_PHONE_LENGTH));
    await visible(page.getByText(VALIDATION.FIRST_NAME_MAX));
    await visible(page.getByText(VALIDATION.EMAIL_INVALID));
    await visible(page.getByText(FORM_VALIDATION.DOB_FUTURE));
    await expect(dob.getAttribute('placeholder')).resolves.toBe('DD/MM/YYYY');
    await screenshot(page, 'customers-create-errors');

    await number.fill(phone);
    await page.getByLabel('First Name').fill('Wizard');
    await page.getByLabel('Email').fill('');
    await dob.fill('15/06/1990');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await visible(toast(page, SUCCESS.CUSTOMER_CREATED));
    await visible(page.getByRole('button', { name: 'Add New Address' }));

    const hits = await apiGet<{ results: { id: number; phone: string }[] }>(
      `/entity/customers/?search=${phone}`,
    );
    customerId = hits.results.find((c) => c.phone === phone)?.id ?? 0;
    expect(customerId).toBeGreaterThan(0);
    const created = await apiGet<Customer>(`/entity/customer/${customerId}/`);
    expect(created.dob).toBe('1990-06-15');
    expect(created.firstName).toBe('Wizard');
  });

  test('new address dialog: city, place search, pin, text; then its region shows', async () => {
    expect(customerId).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add New Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Address' });
    await visible(dialog);
    const create = dialog.getByRole('button', { name: 'Create' });
    await dialog.getByLabel('City').click();
    await page.getByRole('option', { name: 'Lahore' }).click();
    expect(await create.isDisabled()).toBe(true);

    const address = dialog.getByRole('textbox', { name: /^Address/ });
    await address.fill('House 12, Street 4');
    // Enter is a new line in the text, never a submit (spec §5).
    await address.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await create.click();
    await visible(dialog.getByText(VALIDATION.SELECT_ADDRESS_ON_MAP));
    // A click on the map drops the pin; the place search then moves it.
    await dialog.getByRole('region', { name: 'Address map' }).click();
    await visible(dialog.locator('[title="Address pin"]'));
    expect(await dialog.getByText(VALIDATION.SELECT_ADDRESS_ON_MAP).count()).toBe(0);

    await dialog.getByLabel('Search place').fill('Gulberg');
    const option = page.getByRole('option').filter({ hasText: 'Gulberg' }).first();
    await visible(option);
    await screenshot(page, 'customers-new-address-search');
    await option.click();
    await visible(dialog.locator('[title="Address pin"]'));
    expect(await dialog.getByText(VALIDATION.SELECT_ADDRESS_ON_MAP).count()).toBe(0);
    await screenshot(page, 'customers-new-address');
    await create.click();
    await visible(toast(page, SUCCESS.CUSTOMER_ADDRESS_UPDATED));
    await dialog.waitFor({ state: 'hidden' });

    const detail = await apiGet<Customer>(`/entity/customer/${customerId}/`);
    expect(detail.addresses).toHaveLength(1);
    const saved = detail.addresses[0];
    expect(saved?.address).toBe('House 12, Street 4');
    // Six decimals at most.
    expect(String(saved?.latitude)).toMatch(/^\d+(\.\d{1,6})?$/);
    const region = saved?.regionCustomerAddresses[0]?.region.name ?? '';
    expect(region).not.toBe('');
    await visible(page.getByRole('list', { name: 'Addresses' }).getByText(region));
    await screenshot(page, 'customers-wizard-address');

    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`**/customers/detail/${customerId}`);
    await visible(heading(page, 'Wizard Tester'));
    const list = page.getByRole('list', { name: 'Addresses' });
    await visible(list.getByText(region));
    await visible(list.getByText('House 12, Street 4'));
    await visible(page.getByText(phone));
    await visible(page.getByText('No Orders'));
    await list.getByRole('button', { name: 'Show address 1 on the map' }).click();
    await visible(page.getByRole('region', { name: 'Customer addresses map' }));
    await screenshot(page, 'customers-detail');
  });

  test('update: read-only number, last order ---, Next saves and moves on', async () => {
    await page.getByRole('link', { name: 'Update' }).click();
    await page.waitForURL(`**/customers/update/${customerId}`);
    const number = page.getByLabel('Customer Number');
    await visible(number);
    expect(await number.inputValue()).toBe(phone);
    expect(await number.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Last Order Date').inputValue()).toBe('---');
    expect(await page.getByLabel('Date of Birth').inputValue()).toBe('15/06/1990');
    await page.getByLabel('Last Name').fill('Updated');
    await screenshot(page, 'customers-update');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(toast(page, SUCCESS.CUSTOMER_UPDATED));
    await visible(page.getByRole('button', { name: 'Add New Address' }));
    const detail = await apiGet<Customer>(`/entity/customer/${customerId}/`);
    expect(detail.lastName).toBe('Updated');
  });

  test('delete an address through its confirm dialog', async () => {
    await page.getByRole('button', { name: 'Delete address 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete address' });
    await visible(confirm.getByText(/activity is recorded/));
    await screenshot(page, 'customers-delete-address');
    await confirm.getByRole('button', { name: 'Confirm Delete' }).click();
    await visible(toast(page, SUCCESS.CUSTOMER_ADDRESS_DELETED));
    await visible(page.getByText('No addresses'));
    const detail = await apiGet<Customer>(`/entity/customer/${customerId}/`);
    expect(detail.addresses).toHaveLength(0);
    expect(appPath(page)).toBe(`/customers/update/${customerId}`);
  });
});
