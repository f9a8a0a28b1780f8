import { LIVE_LOCATION_POLL_MS } from '@dastak/core/constants';
import type { CustomerSurvey } from '@dastak/core/entities/feedback';
import type { Order } from '@dastak/core/entities/orders';
import { ERRORS, PUBLIC_PAGES, VALIDATION } from '@dastak/core/messages';
import { maskContact } from '@dastak/core/rules/mask';
import { STAR_TITLES } from '@dastak/core/states';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { screenshot, useBrowser } from '../fixtures/browser';
import {
  assignedOrder,
  collectThroughRiderApp,
  linkIdOf,
  linkPath,
  smsSoFar,
  waitForNewSms,
  waitForSms,
} from '../fixtures/customer-links';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { heading, visible } from '../fixtures/ui';

/*
 * The customer pages (ADR 0039, spec §2.1 public routes, §2.12) at a phone's viewport, each
 * opened from a link the server really texted (read back from the SMS outbox): the live
 * location after assignment, its expiry once the rider collects, the order review after
 * delivery, and the physical-visit and support surveys staff send. No login anywhere.
 */

const session = useBrowser();
const PHONE = { width: 360, height: 740 } as const;
const baseUrl = serverUrl();
let api: OrdersApi;
const used = new Set<number>();
let order: Order;
let liveUrl: string;

beforeAll(async () => {
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
});

async function looksRight(page: Page, name: string) {
  const violations = await seriousViolations(page);
  expect(violations, violations.join('\n')).toEqual([]);
  // Nothing wider than the phone: no sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await shoot(page, name);
}

/** e2e/screenshots/customer-<name>.png, and the whole page as a phone scrolls it (-full). */
const shoot = (page: Page, name: string) =>
  screenshot(page, `customer-${name}`, { fullPage: true });

async function open(target: string): Promise<Page> {
  const { page } = session;
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}${target}`);
  return page;
}

// The error page shows ERRORS.FEEDBACK_INVALID under a heading of its first words.
const INVALID_REST = ERRORS.FEEDBACK_INVALID.replace(PUBLIC_PAGES.FEEDBACK_ERROR, '').trim();

const onPath = (page: Page, root: string) =>
  expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/app/${root}`);

/** The staff console never loads here: no Mantine styles, no staff entry script. */
async function notTheStaffConsole(page: Page) {
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''),
  );
  expect(scripts.some((s) => s.includes('/customer-'))).toBe(true);
  expect(scripts.some((s) => /\/main-/.test(s))).toBe(false);
  expect(await page.locator('.mantine-AppShell-root, [data-mantine-color-scheme]').count()).toBe(0);
}

/** The page's own scripts and styles as they crossed the network: encoding, bytes sent and size. */
function bytesOnTheWire(page: Page) {
  const seen: Response[] = [];
  const onResponse = (r: Response) => {
    if (r.url().includes('/app/assets/') && /\.(js|css)$/.test(new URL(r.url()).pathname))
      seen.push(r);
  };
  page.on('response', onResponse);
  return {
    async done() {
      page.off('response', onResponse);
      const files = await Promise.all(
        seen.map(async (r) => ({
          url: new URL(r.url()).pathname,
          encoding: (await r.allHeaders())['content-encoding'] ?? 'none',
          sent: (await r.request().sizes()).responseBodySize,
          size: (await r.body()).length,
        })),
      );
      expect(files.length).toBeGreaterThan(0);
      const sum = (k: 'sent' | 'size') => files.reduce((n, f) => n + f[k], 0);
      return { files, sent: sum('sent'), size: sum('size') };
    },
  };
}

describe('customer pages at 360 px', () => {
  test('assigning texts a live-location link: order, patient, masked contact, tests, map', async () => {
    order = await assignedOrder(api, used);
    const sms = await waitForSms('riderLiveLocation', order.number);
    liveUrl = sms.url;
    expect(sms.text).toContain(liveUrl);
    const wire = bytesOnTheWire(session.page);
    const page = await open(linkPath(liveUrl));
    await visible(heading(page, `Order ${order.number}`));
    await notTheStaffConsole(page);
    await visible(page.getByText(`${order.patient.firstName} ${order.patient.lastName}`));
    // The phone masked but for its last characters; the whole number is nowhere on the page.
    const facts = page.locator('.c-facts');
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a customer reads
    const shown = (label: string) => facts.locator(`dt:text-is("${label}") + dd`).innerText();
    const lastOf = (value: string) => maskContact(value).replace(/^•+/, '');
    expect(await shown('Phone')).toMatch(new RegExp(`^•+${lastOf(order.customer.phone)}$`));
    if (order.patient.email) {
      const email = await shown('Email');
      expect(email.endsWith(lastOf(order.patient.email))).toBe(true);
      expect(email).not.toContain(order.patient.email.split('@')[0]);
    }
    expect(await page.getByText(order.customer.phone).count()).toBe(0);
    await visible(page.getByText(order.customerAddress.address));
    await visible(heading(page, PUBLIC_PAGES.TEST_INFORMATION));
    for (const test of order.scanTypes) {
      await visible(page.locator('.c-tests li').filter({ hasText: test.scanType.name }));
    }
    await visible(page.locator('.c-tests li').first().getByText(/ PKR$/));
    await visible(page.getByText(/^Your rider (is about|has \d+ more|is on the way)/));
    // The map arrives after the order shows, with the customer's marker.
    await visible(page.locator('.leaflet-container'));
    await visible(page.locator('.leaflet-tooltip').filter({ hasText: PUBLIC_PAGES.LIVE_YOU }));
    await looksRight(page, 'live-location');
    // On mobile data: every script and style came brotli-compressed, under 40 % of its size
    // (measured: 4 files, 108,748 bytes sent for 407,974).
    const { files, sent, size } = await wire.done();
    expect(files.filter((f) => f.encoding !== 'br')).toEqual([]);
    expect(sent / size).toBeLessThan(0.4);
  });

  test('a refused refresh waits the Retry-After it was given and keeps the order shown', async () => {
    // Customers behind one carrier-NAT address share a budget: when the server answers 429 the
    // page waits what it was told, not its 10 s period, and the order stays on screen (ADR 0052).
    const clock = await session.fakeClock();
    const { page } = session;
    const asked: number[] = [];
    let refuse = false;
    await page.route('**/location/rider-live-location/**', async (route) => {
      asked.push(Date.now());
      if (!refuse) return route.continue();
      return route.fulfill({
        status: 429,
        headers: { 'retry-after': '120', 'content-type': 'application/json' },
        body: JSON.stringify({ detail: 'Too many requests' }),
      });
    });
    await open(linkPath(liveUrl));
    await visible(heading(page, `Order ${order.number}`));
    refuse = true;
    const first = asked.length;
    await clock.runFor(LIVE_LOCATION_POLL_MS);
    await expect.poll(() => asked.length).toBe(first + 1); // the refused refresh
    refuse = false;
    // The page schedules its wait in the same step that shows 'could not refresh', a moment (on a
    // loaded machine, over a second) after the request was seen here. Stepping the clock before
    // that ran all 200 s out before the wait existed; so the note is awaited first, and the clock
    // is then stepped 10 s at a time and the step of the next ask read.
    await visible(page.getByRole('status').filter({ hasText: PUBLIC_PAGES.FEEDBACK_ERROR }));
    let waited = 0;
    while (asked.length === first + 1 && waited < 200_000) {
      await clock.runFor(10_000);
      waited += 10_000;
      await page.evaluate(() => 0); // lets a request the step fired reach the route handler
    }
    expect(waited).toBeGreaterThanOrEqual(120_000); // waited out its 120 s, not the 10 s period
    expect(waited).toBeLessThanOrEqual(150_000);
    await expect.poll(() => asked.length).toBe(first + 2);
    await visible(heading(page, `Order ${order.number}`));
  });

  test('once the rider collects, the open live page moves to its expired page', async () => {
    const page = await open(linkPath(liveUrl));
    await visible(heading(page, `Order ${order.number}`));
    await collectThroughRiderApp(api, order);
    // The next poll (every LIVE_LOCATION_POLL_MS) finds the link over.
    await visible(heading(page, PUBLIC_PAGES.LIVE_LOCATION_EXPIRED));
    await visible(page.getByText(ERRORS.LIVE_LOCATION_EXPIRED));
    await onPath(page, 'rider-live-location-link-expired');
    await looksRight(page, 'live-location-expired');
  });

  test('delivering texts the review link: empty submit refused, stars and text accepted once', async () => {
    const delivered = await api.request('POST', `/orders/blood/${order.id}/delivered/`);
    expect(delivered.status, JSON.stringify(delivered.data)).toBe(200);
    const sms = await waitForSms('orderReview', order.number);
    const page = await open(linkPath(sms.url));
    await visible(heading(page, PUBLIC_PAGES.FEEDBACK_HEADING));
    await looksRight(page, 'order-review');

    await page.getByRole('button', { name: PUBLIC_PAGES.FEEDBACK_SUBMIT }).click();
    await expect.poll(() => page.getByText(VALIDATION.FILL_THIS_FIELD).count()).toBe(3);
    await shoot(page, 'order-review-errors');

    // Keyboard: the first star, then the arrow keys walk the radio group to the fifth.
    const overall = page.getByRole('group', { name: 'Overall' });
    await overall.getByRole('radio', { name: STAR_TITLES[0] }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => overall.getByRole('radio', { name: 'Excellent' }).isChecked())
      .toBe(true);
    await visible(overall.getByText('Excellent'));
    await page
      .getByRole('group', { name: 'On Time Pickup' })
      .getByRole('radio', { name: 'Excellent' })
      .check();
    await page
      .getByRole('group', { name: 'Rider' })
      .getByRole('radio', { name: 'Excellent' })
      .check();
    expect(await page.getByText(VALIDATION.FILL_THIS_FIELD).count()).toBe(0);
    await page.getByLabel('Feedback').fill('The rider was on time and kind.');
    await shoot(page, 'order-review-filled');
    await page.getByRole('button', { name: PUBLIC_PAGES.FEEDBACK_SUBMIT }).click();

    await visible(heading(page, PUBLIC_PAGES.FEEDBACK_THANKS));
    await onPath(page, 'order-review-success');
    // All three at five: the maps-review invitation.
    await visible(page.getByText(PUBLIC_PAGES.MAPS_REVIEW_INVITE));
    await visible(page.getByRole('link', { name: PUBLIC_PAGES.MAPS_REVIEW_BUTTON }));
    await looksRight(page, 'order-review-success');

    // The link again: already answered, straight to the success page.
    await page.goto(`${baseUrl}${linkPath(sms.url)}`);
    await visible(heading(page, PUBLIC_PAGES.FEEDBACK_THANKS));
    await onPath(page, 'order-review-success');
    // Whoever holds the link reads only that it was answered: no stars, no text, no order.
    const review = await fetch(`${baseUrl}/api/v1/feedback/order_review/${linkIdOf(sms.url)}/`);
    const text = await review.text();
    expect(JSON.parse(text)).toMatchObject({
      isReviewComplete: true,
      order: null,
      overallStarRating: null,
      feedbackText: '',
    });
    expect(text).not.toContain('on time and kind');
    expect(text).not.toContain(order.number);
  });

  for (const [form, shot] of [
    ['physicalVisit', 'physical-visit'],
    ['croFeedback', 'cro-feedback'],
  ] as const) {
    test(`a ${form} survey: Urdu right to left, mandatory answers, all fives invite a review`, async () => {
      const seen = smsSoFar();
      const sent = await api.request<CustomerSurvey>(
        'POST',
        `/customers/${order.customer.id}/surveys/`,
        {
          body: { form },
        },
      );
      expect(sent.status, JSON.stringify(sent.data)).toBe(201);
      // The staff answer has no link (ADR 0051): the customer's text message is where it is.
      const sms = await waitForNewSms(form, order.customer.phone, seen);
      const page = await open(linkPath(sms.url));
      await visible(heading(page, PUBLIC_PAGES.FEEDBACK_HEADING));
      await notTheStaffConsole(page);

      const urdu = page.locator('[lang="ur"]').first();
      await visible(urdu);
      expect(await urdu.getAttribute('dir')).toBe('rtl');
      const style = await urdu.evaluate((el) => {
        const s = getComputedStyle(el);
        return { font: s.fontFamily, direction: s.direction };
      });
      expect(style.direction).toBe('rtl');
      expect(style.font).toContain('Noto Nastaliq Urdu');
      // The Nastaliq face itself is loaded (its file came), not a fallback.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.fonts].some(
              (f) => f.family.replace(/"/g, '') === 'Noto Nastaliq Urdu' && f.status === 'loaded',
            ),
          ),
        )
        .toBe(true);
      await looksRight(page, shot);

      await page.getByRole('button', { name: PUBLIC_PAGES.FEEDBACK_SUBMIT }).click();
      await visible(page.getByText(VALIDATION.FILL_THIS_FIELD).first());
      expect(new URL(page.url()).pathname).toBe(linkPath(sms.url));
      await shoot(page, `${shot}-errors`);

      const groups = page.getByRole('group');
      for (let i = 0; i < (await groups.count()); i++) {
        await groups.nth(i).getByRole('radio', { name: 'Excellent' }).check();
      }
      const texts = page.locator('textarea');
      for (let i = 0; i < (await texts.count()); i++)
        await texts.nth(i).fill('Very good, thank you');
      expect(await page.getByText(VALIDATION.FILL_THIS_FIELD).count()).toBe(0);
      await shoot(page, `${shot}-filled`);
      await page.getByRole('button', { name: PUBLIC_PAGES.FEEDBACK_SUBMIT }).click();

      await visible(heading(page, PUBLIC_PAGES.FEEDBACK_THANKS));
      await onPath(page, 'cro-feedback-success');
      await visible(page.getByRole('link', { name: PUBLIC_PAGES.MAPS_REVIEW_BUTTON }));
      await looksRight(page, `${shot}-success`);

      // Accepted once: the link again leads to the success page.
      await page.goto(`${baseUrl}${linkPath(sms.url)}`);
      await visible(heading(page, PUBLIC_PAGES.FEEDBACK_THANKS));
    });
  }

  test('a junk or unknown id: the error page, for feedback and live location alike', async () => {
    for (const junk of [
      '/app/order-review/not-a-real-link-id',
      '/app/physical-visit-review/not-a-real-link-id',
      '/app/cro-feedback/not-a-real-link-id',
    ]) {
      const page = await open(junk);
      await visible(heading(page, PUBLIC_PAGES.FEEDBACK_ERROR));
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what a customer reads
      await expect.poll(() => page.locator('main').innerText()).toContain(INVALID_REST);
    }
    await onPath(session.page, 'cro-feedback-error');
    await looksRight(session.page, 'cro-feedback-error');
    // An id that never was a link is not 'expired': the error page, in place.
    for (const junk of ['not-a-real-link-id', 'A'.repeat(32)]) {
      const page = await open(`/app/rider-live-location/${junk}`);
      await visible(heading(page, PUBLIC_PAGES.FEEDBACK_ERROR));
      await onPath(page, `rider-live-location/${junk}`);
      expect(await page.getByText(PUBLIC_PAGES.LIVE_LOCATION_EXPIRED).count()).toBe(0);
    }
    await looksRight(session.page, 'live-location-error');
  });

  test('the outcome pages by URL', async () => {
    const pages: [string, string, string][] = [
      ['order-review-expired', PUBLIC_PAGES.FEEDBACK_LINK_EXPIRED, ERRORS.FEEDBACK_EXPIRED],
      ['cro-feedback-expired', PUBLIC_PAGES.FEEDBACK_LINK_EXPIRED, ERRORS.FEEDBACK_EXPIRED],
      ['order-review-error', PUBLIC_PAGES.FEEDBACK_ERROR, INVALID_REST],
      [
        'rider-live-location-link-expired',
        PUBLIC_PAGES.LIVE_LOCATION_EXPIRED,
        ERRORS.LIVE_LOCATION_EXPIRED,
      ],
    ];
    for (const [root, title, line] of pages) {
      const page = await open(`/app/${root}`);
      await visible(heading(page, title));
      await visible(page.getByText(line));
      await looksRight(page, root);
    }
    // Opened by URL alone, success thanks without an invitation nobody earned.
    const page = await open('/app/cro-feedback-success');
    await visible(heading(page, PUBLIC_PAGES.FEEDBACK_THANKS));
    expect(await page.getByText(PUBLIC_PAGES.MAPS_REVIEW_INVITE).count()).toBe(0);
  });
});
