import {
  FRUSTRATION_FOLLOW_UP_THRESHOLD,
  FRUSTRATION_METER_BARS,
  RIDER_LOCATION_POLL_MS,
} from '@dastak/core/constants';
import type { Order, OrderActivity } from '@dastak/core/entities/orders';
import { FORM_VALIDATION, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { formatTime12 } from '@dastak/core/rules/format';
import { orderTotal } from '@dastak/core/rules/order-total';
import { ORDER_STATE_LABELS, type OrderState, type Vertical } from '@dastak/core/states';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, VIEWPORT, workerBrowser } from '../fixtures/browser';
import { serverUrl } from '../fixtures/server';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * The order detail page of both verticals (spec §2.6, §2.7). The dispatcher's session shared for
 * the run (fixtures/auth.ts) serves the whole file; each test opens its own order. What the page
 * shows is compared with the API's answer for the same order, read with the same session.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

type Paged<T> = { count: number; results: T[] };
type ListItem = { id: number; number: string; state: OrderState; vertical: Vertical };

/** The test's own API calls, on the dispatcher's session shared for the run (fixtures/auth.ts). */
async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${sharedSession('dispatcher').token}` },
  });
  if (!response.ok) throw new Error(`GET ${path} -> ${response.status}`);
  return (await response.json()) as T;
}

const getOrder = (vertical: Vertical, id: number) => apiGet<Order>(`/orders/${vertical}/${id}/`);

/** Orders of a vertical in the given states, newest first. */
async function findOrders(vertical: Vertical, states: OrderState[], pageSize = 20) {
  const list = await apiGet<Paged<ListItem>>(
    `/orders/${vertical}/?states=${states.join(',')}&page_size=${pageSize}`,
  );
  return list.results;
}

/** The first order of the list whose detail satisfies the predicate. */
async function findDetail(
  vertical: Vertical,
  states: OrderState[],
  accept: (order: Order) => boolean,
  pageSize = 60,
): Promise<Order> {
  for (const item of await findOrders(vertical, states, pageSize)) {
    const order = await getOrder(vertical, item.id);
    if (accept(order)) return order;
  }
  throw new Error(`No ${vertical} order in ${states.join(',')} fits this test`);
}

async function openDetail(order: Pick<Order, 'vertical' | 'id' | 'number'>) {
  await page.goto(app(`/${order.vertical}/orders/detail/${order.id}`));
  await visible(heading(page, order.number));
}

const block = (name: string) => page.getByRole('region', { name, exact: true });

/** A Leaflet pin by its title (PinMarker sets title and alt). */
const marker = (scope: Locator, title: string) =>
  scope.locator(`.leaflet-marker-icon[title=${JSON.stringify(title)}]`);

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

describe('order detail', () => {
  test('a blood order shows every block with the data the API returns', async () => {
    // Assigned with a rider: every block has something to show, the rider's queue included.
    const order = await findDetail('blood', ['assigned'], (o) => o.assignedRider !== null);
    await openDetail(order);

    // Breadcrumb: Orders (the blood list) then the number.
    const crumbs = page.getByRole('main').getByRole('link', { name: 'Orders', exact: true });
    expect(await crumbs.getAttribute('href')).toBe('/app/blood/orders');

    const status = block('Status');
    expect(await status.getByTestId('order-state').textContent()).toBe(
      ORDER_STATE_LABELS[order.state],
    );
    expect(await status.getByTestId('pickup-time').textContent()).toContain(
      formatTime12(order.pickup),
    );
    await visible(status.getByRole('img', { name: /^Pickup countdown: / }));

    const profile = block('Customer Profile');
    await visible(profile.getByText(order.customer.phone, { exact: true }));
    await visible(
      profile.getByText(`${order.patient.firstName} ${order.patient.lastName}`, { exact: true }),
    );
    expect(await profile.getByTestId('order-address').textContent()).toBe(order.address);

    const details = block('Order Details');
    const rows = details.getByRole('table', { name: 'Tests' }).locator('tbody tr');
    expect(await rows.count()).toBe(order.scanTypes.length);
    for (const line of order.scanTypes) {
      await visible(details.getByRole('cell', { name: line.scanType.code, exact: true }));
    }
    const total = orderTotal(
      order.scanTypes.map((l) => l.scanType.value * l.count),
      order.discountPercent,
    );
    expect(await details.getByTestId('order-discount').textContent()).toBe(
      `${order.discountPercent}%`,
    );
    expect((await details.getByTestId('order-total').textContent())?.replace(/\D/g, '')).toBe(
      String(total),
    );
    await visible(details.getByRole('button', { name: 'Edit Tests' }));

    expect(await block('Notes').getByTestId('order-notes').textContent()).toBe(
      order.additionalNotes || '---',
    );

    const meter = block('Follow Ups').getByRole('meter', { name: 'Frustration meter' });
    expect(await meter.getAttribute('aria-valuenow')).toBe(
      String(Math.min(order.totalFollowUps, FRUSTRATION_METER_BARS)),
    );

    // 'Assigned to' the rider, linking to the rider's profile; the queue is shown.
    const rider = block('Rider');
    await visible(rider.getByText('Assigned to'));
    const riderLink = rider.getByRole('link', { name: order.assignedRider?.name });
    expect(await riderLink.getAttribute('href')).toBe(
      `/app/riders/detail/${order.assignedRider?.id}`,
    );
    const tasks = await apiGet<unknown[]>(
      `/algorithm/blood/tasks/?rider_id=${order.assignedRider?.id}`,
    );
    if (tasks.length > 0) {
      await visible(rider.getByText('Tasks in queue'));
      expect(await rider.getByTestId('rider-tasks').locator('li').count()).toBe(tasks.length);
    } else {
      await visible(rider.getByText('No Tasks'));
    }

    // Activities: the newest rows, as the API lists them.
    const activities = await apiGet<Paged<OrderActivity>>(`/activity/?order=${order.id}`);
    const log = block('Order Activities');
    const first = activities.results[0];
    if (first) await visible(log.getByText(first.description, { exact: true }).first());

    // The map shows the order pin (Leaflet loads after the text blocks).
    await visible(marker(block('Map'), `Order ${order.number}: ${order.address}`));
    await screenshot(page, 'order-detail-blood', { fullPage: true });
  });

  test('an X-ray order shows its blocks and has no edit link for tests', async () => {
    const order = await findDetail(
      'xray',
      ['needsAssignment', 'scheduled', 'assigned'],
      () => true,
    );
    await openDetail(order);
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Orders', exact: true })
        .getAttribute('href'),
    ).toBe('/app/xray/orders');
    const details = block('Order Details');
    await visible(details.getByText('X-RAY', { exact: true }));
    for (const line of order.scanTypes) {
      await visible(details.getByRole('cell', { name: line.scanType.code, exact: true }));
    }
    expect(await details.getByRole('button', { name: 'Edit Tests' }).count()).toBe(0);
    // Notes stay editable until collection, for X-ray too.
    await visible(block('Notes').getByRole('button', { name: 'Edit Notes' }));
    await screenshot(page, 'order-detail-xray', { fullPage: true });
  });

  test('/orders/detail/{id} opens the detail of the order’s own vertical', async () => {
    for (const vertical of ['blood', 'xray'] as const) {
      const [item] = await findOrders(vertical, ['delivered'], 1);
      if (!item) throw new Error(`no delivered ${vertical} order`);
      await page.goto(app(`/orders/detail/${item.id}`));
      await page.waitForURL(`**/app/${vertical}/orders/detail/${item.id}`);
      await visible(heading(page, item.number));
    }
    await page.goto(app('/orders/detail/999999999'));
    await visible(heading(page, 'Order not found'));
  });

  test('the needs-review star toggles, toasts, persists and writes an activity row', async () => {
    const order = await findDetail(
      'blood',
      ['needsAssignment', 'scheduled'],
      (o) => !o.needsReview,
    );
    await openDetail(order);
    const star = page.getByRole('button', { name: 'Needs review' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    // The star asks first; closing the dialog changes nothing.
    await star.click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await visible(confirm.getByText('Mark this order as needing review?'));
    await screenshot(page, 'order-detail-needs-review-confirm');
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(page, SUCCESS.ORDER_REVIEWED));
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'order-detail-needs-review');

    await page.reload();
    await visible(heading(page, order.number));
    expect(
      await page.getByRole('button', { name: 'Needs review' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect((await getOrder('blood', order.id)).needsReview).toBe(true);
    await visible(
      block('Order Activities')
        .getByText(/^Marked as needing review by /)
        .first(),
    );

    // And back.
    await page.getByRole('button', { name: 'Needs review' }).click();
    confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await visible(confirm.getByText('Remove the needs-review mark from this order?'));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Needs review' }).getAttribute('aria-pressed'))
      .toBe('false');
    await visible(
      block('Order Activities')
        .getByText(/^Unmarked as needing review by /)
        .first(),
    );
  });

  test('the follow-up-addressed toggle toasts and persists', async () => {
    const order = await findDetail(
      'blood',
      ['needsAssignment', 'scheduled'],
      (o) => !o.isFollowUpAddressed,
    );
    await openDetail(order);
    const toggle = block('Follow Ups').getByRole('switch', { name: 'Follow up addressed' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await visible(toast(page, SUCCESS.ORDER_FOLLOW_UP_ADDRESSED));
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await page.reload();
    await visible(heading(page, order.number));
    expect(
      await block('Follow Ups').getByRole('switch', { name: 'Follow up addressed' }).isChecked(),
    ).toBe(true);
    expect((await getOrder('blood', order.id)).isFollowUpAddressed).toBe(true);
    await visible(
      block('Order Activities')
        .getByText(/^Follow up marked as addressed by /)
        .first(),
    );
    await screenshot(page, 'order-detail-follow-up-addressed');
  });

  test('edit notes: at most 250 characters, saved with its toast', async () => {
    const order = await findDetail(
      'blood',
      ['needsAssignment', 'scheduled'],
      (o) => !o.collectedAt,
    );
    await openDetail(order);
    await block('Notes').getByRole('button', { name: 'Edit Notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Additional Comments' });
    const box = dialog.getByRole('textbox', { name: 'Additional notes' });
    await box.fill('x'.repeat(251));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(FORM_VALIDATION.COMMENT_MAX));
    await screenshot(page, 'order-detail-notes-too-long');

    const text = `Gate code 4417, ring twice (${Date.now()})`;
    await box.fill(text);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, SUCCESS.NOTES_SAVED));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => block('Notes').getByTestId('order-notes').textContent()).toBe(text);
    expect((await getOrder('blood', order.id)).additionalNotes).toBe(text);
    await visible(
      block('Order Activities')
        .getByText(/^Additional notes updated by /)
        .first(),
    );
  });

  test('edit tests: at least one, a disallowed test is refused, a change is saved', async () => {
    const order = await findDetail(
      'blood',
      ['needsAssignment', 'scheduled'],
      (o) => !o.collectedAt,
    );
    await openDetail(order);
    await block('Order Details').getByRole('button', { name: 'Edit Tests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tests' });
    await visible(dialog.getByRole('table', { name: 'Selected tests' }));

    // Removing every test: 'Select test type'.
    for (const line of order.scanTypes) {
      await dialog.getByRole('button', { name: `Remove ${line.scanType.name}` }).click();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(VALIDATION.SELECT_TEST_TYPE_LOWER));

    // A test the catalogue does not allow at home: the server refuses it with the spec's text.
    type Test = { code: string; name: string; isAllowed: boolean; value: number };
    let disallowed: Test | undefined;
    let allowed: Test | undefined;
    for (const letter of ['a', 'e', 'i', 'o', 'u', 'r', 's', 't']) {
      const tests = await apiGet<Test[]>(`/orders/scan-types/?search=${letter}&vertical=blood`);
      disallowed ??= tests.find((t) => !t.isAllowed);
      allowed ??= tests.find((t) => t.isAllowed);
      if (disallowed && allowed) break;
    }
    if (!allowed) throw new Error('no allowed blood test in the catalogue');
    const search = dialog.getByLabel('Add test');
    if (disallowed) {
      await search.fill(disallowed.code);
      await page.getByRole('option', { name: new RegExp(`\\(${disallowed.code}\\)`) }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(dialog.getByTestId('edit-tests-error').getByText(VALIDATION.TEST_NOT_ALLOWED));
      await screenshot(page, 'order-detail-edit-tests-not-allowed');
      await dialog.getByRole('button', { name: `Remove ${disallowed.name}` }).click();
    }

    await search.fill(allowed.code);
    await page.getByRole('option', { name: new RegExp(`\\(${allowed.code}\\)`) }).click();
    await screenshot(page, 'order-detail-edit-tests');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, SUCCESS.SCAN_TYPES_SAVED));
    await dialog.waitFor({ state: 'hidden' });
    const rows = block('Order Details').getByRole('table', { name: 'Tests' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await visible(block('Order Details').getByRole('cell', { name: allowed.code, exact: true }));
    const saved = await getOrder('blood', order.id);
    expect(saved.scanTypes.map((l) => l.scanType.code)).toEqual([allowed.code]);
    expect(saved.givenValue).toBe(orderTotal([allowed.value], saved.discountPercent));
  });

  test('the frustration meter turns angry at the follow-up threshold', async () => {
    const [item] = await apiGet<Paged<ListItem>>(
      `/orders/blood/?more_than_follow_ups=${FRUSTRATION_FOLLOW_UP_THRESHOLD - 1}&page_size=1`,
    ).then((p) => p.results);
    if (!item) throw new Error('no blood order with follow-ups in the demo data');
    const order = await getOrder('blood', item.id);
    await openDetail(order);
    const meter = block('Follow Ups').getByRole('meter', { name: 'Frustration meter' });
    expect(await meter.getAttribute('data-mood')).toBe('angry');
    expect(await meter.locator('[data-filled="true"]').count()).toBe(
      Math.min(order.totalFollowUps, FRUSTRATION_METER_BARS),
    );
    await block('Follow Ups').scrollIntoViewIfNeeded();
    await screenshot(page, 'order-detail-frustration-angry');
  });

  test('prescription files are shown as images', async () => {
    const order = await findDetail(
      'blood',
      ['delivered', 'collected', 'assigned', 'scheduled', 'needsAssignment'],
      (o) => o.prescriptionFiles.length > 0 || o.prescriptionImage !== null,
      100,
    );
    await openDetail(order);
    const prescription = block('Prescription');
    const count = Math.max(order.prescriptionFiles.length, 1);
    for (let i = 1; i <= count; i += 1) {
      await visible(prescription.getByRole('img', { name: `Prescription ${i}` }));
    }
    await prescription.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-detail-prescription');
  });

  test('a collected order has no edit links and no countdown', async () => {
    const order = await findDetail('blood', ['collected'], (o) => o.collectedAt !== null);
    await openDetail(order);
    await visible(block('Status').getByTestId('order-state'));
    expect(await block('Order Details').getByRole('button', { name: 'Edit Tests' }).count()).toBe(
      0,
    );
    expect(await block('Notes').getByRole('button', { name: 'Edit Notes' }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /^Pickup countdown/ }).count()).toBe(0);
  });

  test('a delivered order: Delivered by, customer review and rider feedback dialogs', async () => {
    const order = await findDetail(
      'blood',
      ['delivered'],
      (o) => !!o.review?.isComplete && !!o.riderToPatientFeedback?.isComplete,
      100,
    );
    await openDetail(order);
    await visible(block('Rider').getByText('Delivered by'));
    expect(await page.getByRole('img', { name: /^Pickup countdown/ }).count()).toBe(0);

    // No polling once delivered: the rider's queue is behind View Tasks (the rider tasks modal).
    expect(await block('Rider').getByRole('region', { name: 'Rider tasks' }).count()).toBe(0);
    const riderTasks = await apiGet<unknown[]>(
      `/algorithm/blood/tasks/?rider_id=${order.assignedRider?.id}`,
    );
    await block('Rider').getByRole('button', { name: 'View Tasks' }).click();
    const tasksDialog = page.getByRole('dialog', { name: 'Rider Tasks' });
    if (riderTasks.length > 0) {
      await visible(tasksDialog.getByText('Tasks in queue'));
      expect(await tasksDialog.getByTestId('rider-tasks').locator('li').count()).toBe(
        riderTasks.length,
      );
    } else {
      await visible(tasksDialog.getByText('No Tasks'));
    }
    await screenshot(page, 'order-detail-rider-tasks');
    await page.keyboard.press('Escape');
    await tasksDialog.waitFor({ state: 'hidden' });
    // The delivered row of the log is tinted 'completed'.
    await expect
      .poll(() => block('Order Activities').locator('li[data-tint="completed"]').count())
      .toBeGreaterThan(0);

    const review = order.review!;
    await block('Feedback').getByRole('button', { name: 'Review Details' }).click();
    const reviewDialog = page.getByRole('dialog', { name: 'Customer Feedback' });
    await visible(reviewDialog.getByText(`Order ${order.number}`));
    for (const [label, value] of [
      ['Overall', review.overallStarRating],
      ['On Time Pickup', review.onTimeStarRating],
      ['Representative', review.riderStarRating],
    ] as const) {
      await visible(reviewDialog.getByRole('img', { name: `${label}: ${value ?? 0} of 5` }));
    }
    if (review.feedbackText) await visible(reviewDialog.getByText(review.feedbackText));
    await screenshot(page, 'order-detail-customer-feedback');
    await page.keyboard.press('Escape');
    await reviewDialog.waitFor({ state: 'hidden' });

    const feedback = order.riderToPatientFeedback!;
    await block('Feedback').getByRole('button', { name: 'Rider Feedback' }).click();
    const riderDialog = page.getByRole('dialog', { name: 'Rider Feedback for Patient' });
    await visible(
      riderDialog.getByRole('img', { name: `Overall: ${feedback.overallStarRating ?? 0} of 5` }),
    );
    await visible(
      riderDialog.getByRole('img', {
        name: `Patient Behavior: ${feedback.patientBehaviorStarRating ?? 0} of 5`,
      }),
    );
    if (feedback.waitTimeMins != null) {
      expect(await riderDialog.getByTestId('wait-time').textContent()).toBe(
        `${feedback.waitTimeMins} minutes`,
      );
      const slider = riderDialog.getByRole('slider');
      expect(await slider.getAttribute('aria-valuenow')).toBe(String(feedback.waitTimeMins));
      expect(await slider.getAttribute('aria-valuemin')).toBe('1');
      expect(await slider.getAttribute('aria-valuemax')).toBe('60');
    }
    await screenshot(page, 'order-detail-rider-feedback');
    await page.keyboard.press('Escape');
  });

  test('pin activity: 832 by 530, the collection pin and the Google pin with their addresses', async () => {
    const order = await findDetail(
      'blood',
      ['delivered', 'collected', 'assigned'],
      (o) => o.customerAddress.googleLatitude !== null,
    ).catch(() => findDetail('blood', ['assigned'], () => true));
    await openDetail(order);
    await block('Customer Profile').getByRole('button', { name: 'Pin Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pin Activity' });
    const map = dialog.getByRole('region', { name: 'Pin activity map' });
    await visible(map);
    const address = order.customerAddress;
    await visible(marker(map, `Collection Pin: ${address.address}`));
    if (address.googleLatitude !== null) {
      await visible(marker(map, `Google Pin: ${address.googleAddress || address.address}`));
    }
    const mapBox = await map.boundingBox();
    expect(mapBox?.height).toBe(530);
    const content = await page.locator('.mantine-Modal-content').boundingBox();
    expect(content?.width).toBe(832);
    await screenshot(page, 'order-detail-pin-activity');
    await page.keyboard.press('Escape');
  });

  test('the rider position and queue are polled while the order is assigned', async () => {
    const order = await findDetail(
      'blood',
      ['assigned', 'reached'],
      (o) => o.assignedRider !== null,
    );
    const riderId = order.assignedRider?.id;
    const calls = { tasks: 0, location: 0 };
    const count = (url: string) => {
      if (url.includes(`/algorithm/blood/tasks/?rider_id=${riderId}`)) calls.tasks += 1;
      if (url.includes(`/entity/rider_location/${riderId}/`)) calls.location += 1;
    };
    // Finished requests: an interval that fires while the first read is still in flight is
    // skipped (TanStack Query does not refetch a query that is fetching), so the interval is
    // fast-forwarded only once both first reads are done.
    const onRequest = (r: { url(): string }) => count(r.url());
    page.on('requestfinished', onRequest);
    // The interval is fast-forwarded, not waited out. The clock stays for the context's life:
    // this is the file's last test.
    await context.clock.install();
    await openDetail(order);
    await expect.poll(() => calls.tasks > 0 && calls.location > 0, { timeout: 10_000 }).toBe(true);
    const first = { ...calls };
    // One interval (15 s, docs/decisions/0004) later both were read again without a reload.
    await context.clock.fastForward(RIDER_LOCATION_POLL_MS);
    await expect
      .poll(() => calls.tasks > first.tasks && calls.location > first.location, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
    await visible(page.getByTestId('rider-last-seen'));
    page.off('requestfinished', onRequest);
  });
});
