import type { CustomerListPage } from '@dastak/core/entities/customers';
import { AUDIT_MESSAGES } from '@dastak/core/messages/audit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, VIEWPORT, workerBrowser } from '../fixtures/browser';
import { OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { listHeading, visible } from '../fixtures/ui';

/*
 * The audit trail (ADR 0054): the admin opens a customer, then finds that open at the top of the
 * audit screen (under the side nav's admin links) with the filters chosen on the screen, which
 * the URL keeps. The shared admin session; no login.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;
const WIDE = { width: 1600, height: 900 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let customer: CustomerListPage['results'][number];

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'admin');
  const api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
  const list = await api.get<CustomerListPage>('/entity/customers/', { page_size: 1 });
  if (!list.results[0]) throw new Error('the demo data has no customer');
  customer = list.results[0];
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

async function choose(label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('audit trail', () => {
  test("the admin's open of a customer is at the top of the trail, filtered", async () => {
    await page.setViewportSize(WIDE);
    await page.goto(app(`/customers/detail/${customer.id}`));
    await visible(page.getByRole('link', { name: 'Update' }));

    await page.getByRole('link', { name: 'Audit Trail', exact: true }).click();
    await page.waitForURL('**/app/audit-trail');
    await visible(listHeading(page, AUDIT_MESSAGES.TITLE));

    // Each choice is in the URL before the next: a busy page may still be closing a dropdown.
    await choose('Event', 'Opened');
    await page.waitForURL(/type=read/);
    await choose('Record', 'Customer');
    await page.waitForURL(/entityType=Customer/);
    await page.getByRole('textbox', { name: 'Record id' }).fill(String(customer.id));
    await page.getByRole('textbox', { name: 'Record id' }).press('Enter');
    await page.waitForURL(/entityId=/);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      type: 'read',
      entityType: 'Customer',
      entityId: String(customer.id),
    });

    const table = page.getByRole('table', { name: 'Audit events' });
    const top = table.locator('tbody tr').first();
    await visible(top.getByRole('link', { name: `Customer ${customer.id}` }));
    await visible(top.getByText(sharedSession('admin').user.email));
    await visible(top.getByText('Opened'));
    await visible(top.getByText('Success'));
    await screenshot(page, 'audit-trail-customer-open');

    // The link reproduces the view: a reload shows the same filters and the same top row.
    await page.reload();
    await visible(top.getByRole('link', { name: `Customer ${customer.id}` }));
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Event', exact: true }).inputValue())
      .toBe('Opened');
  });
});
