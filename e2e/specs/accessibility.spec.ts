import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sharedSession, signIn, storeSession } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { useBrowser } from '../fixtures/browser';
import { findOrder, OrdersApi } from '../fixtures/order-actions-api';
import { heading, visible } from '../fixtures/ui';

const session = useBrowser();

describe('accessibility (axe-core)', () => {
  test('the login page has no serious violations', async () => {
    const { page } = session;
    await page.goto(session.app('/login'));
    await visible(page.getByRole('button', { name: 'Login' }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the password reset request page has no serious violations', async () => {
    const { page } = session;
    await page.goto(session.app('/password-reset-request'));
    await visible(page.getByRole('button', { name: 'Request password reset' }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the signed-in shell has no serious violations', async () => {
    const { page } = session;
    await signIn(page, 'agent');
    await visible(page.getByRole('navigation', { name: 'Main' }));
    // The landing page is the blood dashboard: check it as a user sees it, loaded.
    await visible(page.getByTestId('dashboard-map'));
    await visible(page.getByRole('tab', { name: 'Late Orders' }));
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
  });
});

/** The screens a working day is spent on, each with what shows once it has loaded. */
const SCREENS: [path: string, ready: (page: Page) => Locator][] = [
  ['/blood/orders', (p) => p.getByRole('table').getByRole('row').nth(1)],
  ['/blood/orders/create', (p) => p.getByRole('textbox', { name: 'Customer Number', exact: true })],
  ['/customers', (p) => p.getByRole('table').getByRole('row').nth(1)],
  ['/riders', (p) => p.getByRole('table').getByRole('row').nth(1)],
  ['/blood/dashboard', (p) => p.getByRole('tab', { name: 'Late Orders' })],
  ['/shifts', (p) => p.locator('[aria-current="date"]')],
  ['/attendance', (p) => p.getByRole('table').getByRole('row').nth(1)],
  ['/reporting-dashboard', (p) => p.getByRole('table', { name: 'Orders by day', exact: true })],
];

/** The order detail's dialogs, by the button that opens each (those the order offers). */
const ORDER_DIALOGS = [
  'Re-schedule Order',
  'Re-assign Order',
  'Cancel Order',
  'Copy Order',
  'Edit Tests',
  'Edit Notes',
  'Delete Address',
];

describe('accessibility of the working screens (axe-core)', () => {
  test('every working screen, and the order detail with each dialog open, has no serious violations', async () => {
    const { page } = session;
    await storeSession(page, 'admin');
    const found: string[] = [];
    for (const [path, ready] of SCREENS) {
      await page.goto(session.app(path));
      await visible(ready(page));
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }

    const api = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
    const order = await findOrder(
      api,
      'blood',
      { states: 'assigned' },
      (o) => o.assignedRider !== null,
      new Set(),
    );
    await page.goto(session.app(`/blood/orders/detail/${order.id}`));
    await visible(heading(page, order.number));
    found.push(...(await seriousViolations(page)).map((v) => `order detail: ${v}`));
    let opened = 0;
    for (const name of ORDER_DIALOGS) {
      const button = page.getByRole('main').getByRole('button', { name, exact: true });
      if ((await button.count()) === 0) continue;
      await button.first().click();
      const dialog = page.getByRole('dialog');
      await visible(dialog);
      found.push(
        ...(await seriousViolations(page, ['[role="dialog"]'])).map((v) => `${name}: ${v}`),
      );
      opened += 1;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(opened).toBeGreaterThanOrEqual(5);
    expect(found, found.join('\n')).toEqual([]);
  });
});
