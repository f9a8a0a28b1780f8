import { SUCCESS } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { ACTIVE_STATES } from '@dastak/core/states';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { toast, visible } from '../fixtures/ui';

/*
 * Spec behaviours of the riders screens, the order detail's status block and the order
 * indicator dots, each checked as the user sees it.
 */

const session = useBrowser();
const { signIn, open } = useCarriedSessions(session);
let api: OrdersApi;

beforeAll(async () => {
  api = OrdersApi.withSession(serverUrl(), sharedSession('admin'));
});

type RiderPage = { results: { id: number }[] };

async function openSomeRider(): Promise<void> {
  const riders = await api.get<RiderPage>('/entity/riders/', { ordering: '-created' });
  await open(`/riders/detail/${riders.results[0]!.id}`);
  await visible(session.page.getByRole('heading', { name: 'Flags' }));
}

/** The CSS background colour of an element, as its hue in degrees (0-360). */
async function backgroundHue(locator: Locator): Promise<number> {
  const color = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((n) => Number(n) / 255);
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  if (max === min) return 0;
  const d = max - min;
  const hue = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (hue * 60 + 360) % 360;
}

// Yellow sits near 50 degrees; Mantine's orange (and yellow's darkest shade) near 30.
const YELLOW_HUES = { min: 40, max: 65 };

describe('rider flags are hidden, not disabled, without the permission', () => {
  test('the agent sees no Wildcard or COVID switch and nothing disabled in their place', async () => {
    const { page } = session;
    await signIn('agent');
    await openSomeRider();
    expect(await page.getByRole('switch', { name: 'Wildcard' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'COVID' }).count()).toBe(0);
    // Nothing disabled is left standing in for them.
    expect(await page.locator('input[role="switch"]:disabled').count()).toBe(0);
    await screenshot(page, 'rider-flags-agent');
  });

  test('the admin sees Wildcard and COVID, enabled', async () => {
    const { page } = session;
    await signIn('admin');
    await openSomeRider();
    for (const name of ['Wildcard', 'COVID']) {
      const flag = page.getByRole('switch', { name });
      await visible(flag);
      expect(await flag.isEnabled()).toBe(true);
    }
  });
});

describe('rider create', () => {
  test('asks for the password once and sends password2 as its copy', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders?ordering=-created');
    await page.getByRole('button', { name: 'Create Rider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Rider' });
    await visible(dialog);
    expect(await dialog.locator('input[type="password"]').count()).toBe(1);
    expect(await dialog.getByLabel('Confirm Password').count()).toBe(0);

    const stamp = String(Date.now()).slice(-7);
    await dialog.getByLabel('First Name').fill('Imran');
    await dialog.getByLabel('Last Name').fill(`Single${stamp}`);
    await dialog.getByLabel('Phone').fill(`0398${stamp}`);
    await dialog.getByLabel('Email').fill(`imran.${stamp}@example.com`);
    await dialog.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option').first().click();
    const password = dialog.getByLabel(/^Password/);
    await password.fill('secret12');
    // Show/hide reveals what was typed.
    await dialog.getByRole('button', { name: 'Show or hide password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await screenshot(page, 'rider-create-one-password');

    const sent = page.waitForRequest(
      (r) => r.url().includes('/entity/rider-create/') && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create Rider' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body.password1).toBe('secret12');
    expect(body.password2).toBe('secret12');
    await visible(toast(page, SUCCESS.RIDER_CREATED));
  });
});

describe('order detail status block', () => {
  test("'Delayed by' and the countdown show the same minutes", async () => {
    const { page } = session;
    // A late order: still to be collected, its pickup a while ago.
    const candidates = await api.orders('blood', {
      states: ACTIVE_STATES.join(','),
      pickupTo: toKarachiIso(new Date(Date.now() - 10 * 60_000)),
      ordering: '-pickup',
    });
    let lateId: number | undefined;
    for (const candidate of candidates.slice(0, 20)) {
      const order = await api.order('blood', candidate.id);
      if (order.lateTimedelta && order.state !== 'collected') {
        lateId = order.id;
        break;
      }
    }
    expect(lateId, 'the demo data has a late blood order').toBeDefined();

    await signIn('admin');
    await open(`/blood/orders/detail/${lateId}`);
    const delayed = page.getByText(/^Delayed by \d+ mins?$/);
    const countdown = page.getByRole('img', { name: /^Pickup countdown: \d+ mins? late$/ });
    await visible(delayed);
    await visible(countdown);
    const minutes = (text: string | null) => Number(text?.match(/(\d+) min/)?.[1]);
    // Read both at once; they come from one clock reading, so they agree at any moment.
    const [delayText, countdownText] = await Promise.all([
      delayed.textContent(),
      countdown.getAttribute('aria-label'),
    ]);
    expect(minutes(delayText)).toBeGreaterThan(0);
    expect(minutes(delayText)).toBe(minutes(countdownText));
    await screenshot(page, 'order-detail-status-late');
  });
});

describe('fasting dots', () => {
  test('are yellow in the orders list and on the order detail', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/blood/orders?isFasting=true&sorting=-pickup');
    const dot = page.getByRole('table', { name: 'Blood Orders' }).getByRole('img', {
      name: 'Fasting',
    });
    await visible(dot);
    const listHue = await backgroundHue(dot.first());
    expect(listHue).toBeGreaterThanOrEqual(YELLOW_HUES.min);
    expect(listHue).toBeLessThanOrEqual(YELLOW_HUES.max);
    await screenshot(page, 'orders-list-fasting-dots');

    await page.getByRole('table', { name: 'Blood Orders' }).locator('tbody tr').first().click();
    await page.waitForURL(/\/blood\/orders\/detail\/\d+$/);
    const tagDot = page
      .locator('.mantine-Badge-root', { hasText: /^Fasting$/ })
      .locator('[data-indicator-dot]');
    await visible(tagDot);
    const detailHue = await backgroundHue(tagDot.first());
    expect(detailHue).toBeGreaterThanOrEqual(YELLOW_HUES.min);
    expect(detailHue).toBeLessThanOrEqual(YELLOW_HUES.max);
    await tagDot.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'order-detail-fasting-dot');
  });
});
