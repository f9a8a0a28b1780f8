import fs from 'node:fs';
import { AUTO_ASSIGN_HORIZON_MINUTES } from '@dastak/core/constants';
import { EMPTY, SUCCESS, VALIDATION } from '@dastak/core/messages';
import {
  defaultOrderFilters,
  orderFiltersFromQuery,
  orderFiltersToApiParams,
  orderFiltersToQuery,
} from '@dastak/core/rules/order-filters';
import { ORDER_STATE_LABELS, type Vertical } from '@dastak/core/states';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sharedSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { emailsSoFar, waitForEmailMatch } from '../fixtures/outbox';
import { appPath, openNavMenu, toast, visible } from '../fixtures/ui';

const session = useBrowser();

// Each test starts from its account's session shared for the run (fixtures/auth.ts).
const { signIn, open } = useCarriedSessions(session);

type ListPage = {
  count: number;
  countIsCapped: boolean;
  results: { id: number; number: string; state: string }[];
};

/*
 * The test's own API calls, on the dispatcher's session shared for the run (fixtures/auth.ts; it
 * never expires there): the views the browser shows are checked against what the server answers
 * for the same request.
 */
function apiGet(path: string): Promise<Response> {
  return fetch(`${session.baseUrl}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${sharedSession('dispatcher').token}` },
  });
}

/** The same list straight from the server. */
async function apiList(vertical: Vertical, params: Record<string, string>): Promise<ListPage> {
  const response = await apiGet(`/orders/${vertical}/?${new URLSearchParams(params).toString()}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListPage;
}

/** The request the current page's URL stands for (core's shaping plus the list's extra toggles). */
function viewParams(vertical: Vertical): Record<string, string> {
  const url = new URL(session.page.url());
  const params = orderFiltersToApiParams(orderFiltersFromQuery(url.searchParams), vertical);
  for (const [key, api] of [
    ['isOnline', 'is_online'],
    ['isWildcard', 'is_wildcard'],
  ] as const) {
    const value = url.searchParams.get(key);
    if (value) params[api] = value;
  }
  return params;
}

const table = (name = 'Blood Orders') => session.page.getByRole('table', { name });
const rows = (name?: string) => table(name).locator('tbody tr');
const searchBox = () => session.page.getByRole('searchbox', { name: 'Search orders' });

/** 'Blood Orders - 123 results' -> 123, once the count has loaded. */
async function resultCount(name = 'Blood Orders'): Promise<number> {
  const title = session.page.getByRole('heading', {
    level: 1,
    name: new RegExp(`^${name} - \\d+\\+? results$`),
  });
  await visible(title);
  return Number((await title.textContent())?.match(/(\d+)\+? results/)?.[1]);
}

/** The order numbers shown, in order, once the list has settled on `expected` rows. */
/** A Karachi wall-clock query value (+05:00), as the list's pickup filters carry it. */
const karachiQuery = (ms: number) =>
  encodeURIComponent(`${new Date(ms + 5 * 3_600_000).toISOString().slice(0, 19)}+05:00`);

/**
 * Orders staff may assign, whatever the hour: problem and needs-assignment pickups from a day and a
 * half ago to the auto-assignment horizon, where the demo always has some (MIN_PER_STATE). Today's
 * needs-assignment orders alone may all be auto-assigned by the time this file runs, which failed
 * the run at 08:45 Karachi (ADR 0005).
 */
const assignablePath = () =>
  `/blood/orders?states=problem,needsAssignment&pickupFrom=${karachiQuery(
    Date.now() - 36 * 3_600_000,
  )}&pickupTo=${karachiQuery(Date.now() + AUTO_ASSIGN_HORIZON_MINUTES * 60_000)}`;

async function shownNumbers(): Promise<string[]> {
  return rows().locator('td:nth-child(2) a').allTextContents();
}

/** Waits until the table shows exactly the server's first page for the current URL. */
async function expectViewMatchesServer(vertical: Vertical = 'blood'): Promise<ListPage> {
  const expected = await apiList(vertical, viewParams(vertical));
  const name = vertical === 'blood' ? 'Blood Orders' : 'X-RAY Orders';
  await expect.poll(() => resultCount(name)).toBe(expected.count);
  if (expected.count === 0) {
    await visible(session.page.getByText(EMPTY.NO_ORDERS));
  } else {
    await expect
      .poll(() => rows(name).locator('td:nth-child(2) a').allTextContents())
      .toEqual(expected.results.map((o) => o.number));
  }
  return expected;
}

async function openFilters(): Promise<Locator> {
  await session.page.getByRole('button', { name: /^Filters/ }).click();
  const panel = session.page.getByRole('dialog', { name: 'Filters' });
  await visible(panel.getByRole('button', { name: 'Apply Filters' }));
  return panel;
}

async function applyFilters(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await panel.waitFor({ state: 'hidden' });
}

/** Ticks Yes or No of a yes/no group in the panel. */
async function tickToggle(panel: Locator, label: string, value: 'Yes' | 'No'): Promise<void> {
  await panel.getByRole('group', { name: label, exact: true }).getByLabel(value).check();
}

/** Picks an option of a select in the panel; returns the option's text. */
async function pickOption(panel: Locator, label: string, index = 0): Promise<string> {
  await panel.getByRole('textbox', { name: label, exact: true }).click();
  const option = session.page.getByRole('option').nth(index);
  await visible(option);
  const text = (await option.textContent())?.trim() ?? '';
  await option.click();
  return text;
}

const todayQuery = () => orderFiltersToQuery(defaultOrderFilters(new Date()));

describe('orders list', () => {
  test('today from the nav link: count, columns, indicators, and the sort cycle', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/dashboard');
    await openNavMenu(page, 'Orders');
    await page.getByRole('menuitem', { name: 'Blood orders' }).click();
    await page.waitForURL(/\/app\/blood\/orders\?/);
    expect(appPath(page)).toBe(`/blood/orders?${todayQuery()}`);
    const today = await expectViewMatchesServer();
    expect(today.count).toBeGreaterThan(0);
    for (const column of [
      'SN',
      'Order Number',
      'Patient',
      'Address',
      'Rider',
      'Status',
      'Collection Time',
      'Reviewed',
      'Follow Up Addressed',
      'Actions',
    ]) {
      await visible(table().getByRole('columnheader', { name: column, exact: true }));
    }
    // Relative collection time under the date.
    await visible(
      rows()
        .first()
        .getByText(/ago$|^in \d|just now/),
    );
    await visible(page.getByRole('link', { name: 'New Order' }));
    await screenshot(page, 'orders-list-today');

    // Sorted by pickup (ascending) from the link; the header cycles asc -> desc -> none -> asc.
    const header = table().getByRole('columnheader', { name: 'Collection Time' });
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await page.waitForURL(/sorting=-pickup/);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expectViewMatchesServer();
    await header.getByRole('button').click();
    await expect.poll(() => appPath(page)).not.toContain('sorting=');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('none');
    // None falls back to newest first.
    expect(viewParams('blood').ordering).toBe('-created');
    await expectViewMatchesServer();
    await header.getByRole('button').click();
    await page.waitForURL(/sorting=pickup/);
    await expectViewMatchesServer();

    // Indicator dots: fasting / medicine in yellow, urgent delivery labelled Protocol.
    await open('/blood/orders?urgentDelivery=true');
    await expectViewMatchesServer();
    await visible(rows().first().getByText('Protocol', { exact: true }));
    await visible(rows().first().getByRole('img', { name: 'Urgent delivery' }));
    await open('/blood/orders?isFasting=true');
    await expectViewMatchesServer();
    await visible(rows().first().getByRole('img', { name: 'Fasting' }));
    await screenshot(page, 'orders-list-indicators');
  });

  test('search by order number: Enter, the button, clearing, and a backslash', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/orders');
    const total = await resultCount();
    await visible(rows().first());
    const number = (await shownNumbers())[0]!;

    // Typing alone does not search; Enter does, case-insensitively.
    await searchBox().fill(number.toLowerCase());
    await page.waitForTimeout(300);
    expect(appPath(page)).not.toContain('search=');
    await searchBox().press('Enter');
    await page.waitForURL(/search=/);
    await expectViewMatchesServer();
    expect(await shownNumbers()).toContain(number);
    for (const shown of await shownNumbers()) expect(shown).toContain(number);
    await screenshot(page, 'orders-list-search');

    // Clearing the box restores the list at once.
    await searchBox().fill('');
    await expect.poll(() => appPath(page)).not.toContain('search=');
    await expect.poll(() => resultCount()).toBe(total);

    // The search button applies it too.
    await searchBox().fill(number.slice(-4));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/search=/);
    await expectViewMatchesServer();

    // A backslash matches nothing.
    await searchBox().fill('\\');
    await searchBox().press('Enter');
    await visible(page.getByText(EMPTY.NO_ORDERS));
    expect(await resultCount()).toBe(0);
  });

  test('Load More and scrolling to the bottom append pages', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/orders');
    const total = await resultCount();
    expect(total).toBeGreaterThan(60);
    await expect.poll(() => rows().count()).toBe(20);
    const firstPage = await shownNumbers();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => rows().count()).toBe(40);
    // Appended, not replaced.
    expect((await shownNumbers()).slice(0, 20)).toEqual(firstPage);
    await page.mouse.wheel(0, 50_000);
    await expect.poll(() => rows().count()).toBe(60);
    const numbers = await shownNumbers();
    expect(new Set(numbers).size).toBe(60);
    // SN counts on across pages.
    await visible(rows().nth(59).locator('td').first().getByText('60', { exact: true }));
  });

  test('every filter group applies, lives in the URL, and survives a reload', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/orders');
    const total = await resultCount();

    // States (multi-select).
    let panel = await openFilters();
    await screenshot(page, 'orders-list-filter-panel');
    await panel.getByRole('checkbox', { name: 'Needs Assignment' }).check();
    await panel.getByRole('checkbox', { name: 'Problem', exact: true }).check();
    await applyFilters(panel);
    await page.waitForURL(/states=/);
    expect(new URL(page.url()).searchParams.get('states')?.split(',').sort()).toEqual([
      'needsAssignment',
      'problem',
    ]);
    await expectViewMatchesServer();
    for (const status of await rows().locator('td:nth-child(6)').allTextContents()) {
      expect([ORDER_STATE_LABELS.needsAssignment, ORDER_STATE_LABELS.problem]).toContain(status);
    }
    await visible(page.getByLabel('1 filters applied'));

    // A link reproduces the view: reload and see the same rows.
    const before = await shownNumbers();
    await page.reload();
    await expect.poll(shownNumbers).toEqual(before);

    // Every yes/no group, one at a time (the panel's Clear empties the rest).
    const toggles: [string, string][] = [
      ['Needs Review', 'needsReview'],
      ['Auto Assigned', 'wasAutoAssigned'],
      ['Manually Assigned', 'wasManualAssigned'],
      ['COVID', 'isCovid'],
      ['Follow Up', 'followUp'],
      ['Follow Up Addressed', 'isFollowUpAddressed'],
      ['Unverified By Rider', 'isUnverifiedByRider'],
      ['Fasting', 'isFasting'],
      ['Urgent Delivery', 'urgentDelivery'],
      ['Medicine And Specific Time', 'isMedicineAndSpecificTime'],
      ['Online', 'isOnline'],
      ['Wildcard', 'isWildcard'],
    ];
    for (const [label, key] of toggles) {
      panel = await openFilters();
      await panel.getByRole('button', { name: 'Clear' }).click();
      await tickToggle(panel, label, 'Yes');
      await applyFilters(panel);
      await expect.poll(() => new URL(page.url()).searchParams.get(key)).toBe('true');
      expect(new URL(page.url()).searchParams.get('states')).toBeNull();
      const shown = await expectViewMatchesServer();
      expect(shown.count).toBeLessThanOrEqual(total);
    }
    // Reviewed and Follow Up Addressed columns say what their filters asked for.
    await open('/blood/orders?needsReview=true');
    await expectViewMatchesServer();
    for (const cell of await rows().locator('td:nth-child(8)').allTextContents()) {
      expect(cell).toBe('Yes');
    }
    await open('/blood/orders?isFollowUpAddressed=false');
    await expectViewMatchesServer();
    for (const cell of await rows().locator('td:nth-child(9)').allTextContents()) {
      expect(cell).toBe('No');
    }
    // Yes and No are one toggle: ticking No clears Yes.
    panel = await openFilters();
    const group = panel.getByRole('group', { name: 'Follow Up Addressed', exact: true });
    await group.getByLabel('Yes').check();
    expect(await group.getByLabel('No').isChecked()).toBe(false);

    // Single selects: problem, created by, fulfillment method, more than N follow-ups.
    await panel.getByRole('button', { name: 'Clear' }).click();
    await pickOption(panel, 'Problem');
    await pickOption(panel, 'Created By');
    await pickOption(panel, 'Fulfillment Method');
    await pickOption(panel, 'Has More Than N Follow Ups');
    await screenshot(page, 'orders-list-filter-selects');
    await applyFilters(panel);
    await page.waitForURL(/problemString=\d+/);
    const url = new URL(page.url()).searchParams;
    expect(url.get('createdBy')).toMatch(/^\d+$/);
    expect(url.get('fulfillmentMethod')).toBe('online');
    expect(url.get('moreThanFollowUps')).toBe('1');
    await expectViewMatchesServer();
    for (const key of ['problemString', 'createdBy', 'fulfillmentMethod', 'moreThanFollowUps']) {
      await open(`/blood/orders?${key}=${url.get(key)}`);
      await expectViewMatchesServer();
    }

    // Address types (multi-select).
    panel = await openFilters();
    const addressTypes = panel.getByRole('group', { name: 'Address Types' }).getByRole('checkbox');
    await visible(addressTypes);
    await addressTypes.first().check();
    await applyFilters(panel);
    await page.waitForURL(/addressTypes=\d+/);
    await expectViewMatchesServer();
  });

  test('regions: All Regions, one always stays, and a change clears the rider', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/orders');
    let panel = await openFilters();
    const regionGroup = panel.getByRole('group', { name: 'Regions' });
    const all = regionGroup.getByRole('checkbox', { name: 'All Regions' });
    await visible(all);
    const names = (await regionGroup.locator('label').allTextContents()).filter(
      (n) => n !== 'All Regions',
    );
    expect(names.length).toBeGreaterThan(1);
    const box = (name: string) => regionGroup.getByRole('checkbox', { name, exact: true });

    // No region filter: All Regions and every region show ticked. Unchecking All Regions with
    // nothing chosen before falls back to the default (first) region.
    expect(await all.isChecked()).toBe(true);
    for (const name of names) expect(await box(name).isChecked()).toBe(true);
    await all.uncheck();
    for (const name of names) expect(await box(name).isChecked()).toBe(name === names[0]);

    // One region, then a rider of it.
    const rider = await pickOption(panel, 'Rider');
    expect(rider).not.toBe('');
    // Unchecking the only region is ignored: at least one stays selected.
    await box(names[0]!)
      .uncheck({ force: true })
      .catch(() => undefined);
    expect(await box(names[0]!).isChecked()).toBe(true);
    await applyFilters(panel);
    await page.waitForURL(/rider=\d+/);
    await expectViewMatchesServer();
    await screenshot(page, 'orders-list-region-rider');

    // Another region clears the rider filter.
    panel = await openFilters();
    await expect
      .poll(() => panel.getByRole('textbox', { name: 'Rider', exact: true }).inputValue())
      .toBe(rider);
    await box(names[1]!).check();
    expect(await panel.getByRole('textbox', { name: 'Rider', exact: true }).inputValue()).toBe('');

    // All Regions checks them all; unchecking it restores the two chosen before.
    await all.check();
    for (const name of names) expect(await box(name).isChecked()).toBe(true);
    await all.uncheck();
    for (const name of names.slice(0, 2)) expect(await box(name).isChecked()).toBe(true);
    for (const name of names.slice(2)) expect(await box(name).isChecked()).toBe(false);
    // Ticking every region one by one turns All Regions on; with nothing chosen before it,
    // unchecking All falls back to the default (first) region.
    for (const name of names.slice(2)) await box(name).check();
    expect(await all.isChecked()).toBe(true);
    await all.uncheck();
    for (const name of names) expect(await box(name).isChecked()).toBe(name === names[0]);
    await all.check();
    await applyFilters(panel);
    await page.waitForURL(/allRegions=true/);
    expect(new URL(page.url()).searchParams.get('rider')).toBeNull();
    await expectViewMatchesServer();
  });

  test('pickup from/to: the two messages, and seconds of pickup-to dropped', async () => {
    const { page } = session;
    await signIn('dispatcher');
    // From after to, as a hand-edited link might say.
    await open(
      '/blood/orders?pickupFrom=2025-03-10T12:00:00%2B05:00&pickupTo=2025-03-09T12:00:00%2B05:00',
    );
    const panel = await openFilters();
    await visible(panel.getByText(VALIDATION.PICKUP_FROM_AFTER_TO));
    await visible(panel.getByText(VALIDATION.PICKUP_TO_BEFORE_FROM));
    await screenshot(page, 'orders-list-pickup-errors');
    // Apply Filters refuses the crossed window.
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await visible(panel.getByText(VALIDATION.PICKUP_FROM_AFTER_TO));

    // Clearing from lifts both messages; the window applies with pickup-to kept to the minute.
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => panel.getByText(VALIDATION.PICKUP_FROM_AFTER_TO).count()).toBe(0);
    // Pick the 15th of the shown month at 14:30 in the pickup-to calendar.
    await panel.getByRole('button', { name: 'Pickup To' }).click();
    await page.getByRole('button', { name: /^15 \w+ \d{4}$/ }).click();
    const [hours, minutes] = await page.getByRole('spinbutton').all();
    await hours!.fill('14');
    await minutes!.fill('30');
    await screenshot(page, 'orders-list-pickup-picker');
    await page.locator('.mantine-DateTimePicker-submitButton').click();
    await applyFilters(panel);
    await page.waitForURL(/pickupTo=/);
    expect(new URL(page.url()).searchParams.get('pickupTo')).toMatch(/-15T14:30:00\+05:00$/);
    await expectViewMatchesServer();
  });
});

describe('orders list: listing exports and row actions', () => {
  test('Download CSV saves the current view; the email goes out through the outbox', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/blood/orders?states=needsAssignment,problem');
    const view = await expectViewMatchesServer();
    expect(view.count).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/Order Number/i);
    // One line per order of the view (plus the header), the first row among them.
    expect(lines.length - 1).toBe(view.count);
    expect(text).toContain(view.results[0]!.number);

    const since = emailsSoFar();
    await page.getByRole('button', { name: 'Email CSV' }).click();
    await visible(toast(page, SUCCESS.ORDER_LISTING_EMAIL));
    await screenshot(page, 'orders-list-email-toast');
    const mail = await waitForEmailMatch(
      'dispatcher@dastak.local',
      /matching your filters \((\d+) orders?\)/,
      since,
    );
    expect(Number(mail[1])).toBe(view.count);
  });

  test('row click opens the detail; Assign and Cancel open their dialogs', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open(assignablePath());
    await expectViewMatchesServer();
    // The first row offering Assign (an offline order, or one closed to manual assignment, does not).
    const row = rows()
      .filter({ has: page.getByRole('button', { name: /^Assign / }) })
      .first();
    const first = { number: (await row.locator('td:nth-child(2) a').textContent())! };
    await row.getByRole('button', { name: `Assign ${first.number}` }).click();
    const assign = page.getByRole('dialog', { name: /Assign Rider/ });
    await visible(assign);
    await screenshot(page, 'orders-list-assign-dialog');
    await page.keyboard.press('Escape');
    await assign.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: `Cancel ${first.number}` }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
    await visible(cancel);
    await page.keyboard.press('Escape');
    await cancel.waitFor({ state: 'hidden' });

    // Delivered orders can be neither assigned nor cancelled (the last day and a half's: the
    // demo delivers pickups three hours past, so today may have none yet after midnight).
    await open(
      `/blood/orders?states=delivered&pickupFrom=${karachiQuery(Date.now() - 36 * 3_600_000)}`,
    );
    const delivered = await expectViewMatchesServer();
    expect(delivered.count).toBeGreaterThan(0);
    const deliveredRow = rows().first();
    await visible(
      deliveredRow.getByRole('link', { name: `Detail ${delivered.results[0]!.number}` }),
    );
    expect(await deliveredRow.getByRole('button', { name: /^(Assign|Cancel) / }).count()).toBe(0);

    await open(assignablePath());
    const view = await expectViewMatchesServer();
    await rows().first().locator('td').nth(2).click();
    await page.waitForURL(`**/app/blood/orders/detail/${view.results[0]!.id}`);
  });

  test('an agent sees neither the listing exports nor Assign and Cancel', async () => {
    const { page } = session;
    await signIn('agent');
    await open(assignablePath());
    const view = await expectViewMatchesServer();
    expect(view.count).toBeGreaterThan(0);
    await visible(page.getByRole('link', { name: 'New Order' }));
    expect(await page.getByRole('button', { name: 'Download CSV' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Email CSV' }).count()).toBe(0);
    expect(
      await rows()
        .getByRole('button', { name: /^(Assign|Cancel) / })
        .count(),
    ).toBe(0);
    await screenshot(page, 'orders-list-agent');
  });

  test('the X-RAY list has the same layout, without the COVID filter', async () => {
    const { page } = session;
    await signIn('dispatcher');
    await open('/xray/orders');
    await expectViewMatchesServer('xray');
    await visible(table('X-RAY Orders'));
    const panel = await openFilters();
    await visible(panel.getByRole('group', { name: 'Fasting', exact: true }));
    expect(await panel.getByRole('group', { name: 'COVID', exact: true }).count()).toBe(0);
    await tickToggle(panel, 'Urgent Delivery', 'No');
    await applyFilters(panel);
    await page.waitForURL(/urgentDelivery=false/);
    await expectViewMatchesServer('xray');
    await screenshot(page, 'orders-list-xray');
  });
});
