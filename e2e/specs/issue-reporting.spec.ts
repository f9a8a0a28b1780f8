import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { login, sharedSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { OrdersApi } from '../fixtures/order-actions-api';
import { configuredServer } from '../fixtures/server';
import { appPath, heading, toast, visible } from '../fixtures/ui';

/*
 * /issue-reporting (ADR 0041) against the real server and its demo data: an agent files an issue
 * with a real screenshot and an order link, sees it listed with its image; an admin sees it,
 * changes its status and comments; the agent sees both. Bad files and an unknown order number
 * are refused on the form. With ISSUE_REPORTING_URL set (a second server) the page frames the
 * team's own tracker instead.
 */

const session = useBrowser();
const { signIn, open } = useCarriedSessions(session);

const WIDE = { width: 1440, height: 900 };
const TITLE = `Order total looks wrong ${Date.now().toString(36)}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-e2e-issues-'));
let orderNumber: string;
let orderId: number;
let issueId: number;

beforeAll(async () => {
  const admin = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
  const [order] = await admin.orders('blood', {});
  if (!order) throw new Error('the demo data has no blood order');
  orderNumber = order.number;
  orderId = order.id;
});

afterEach(async () => {
  await session.page.waitForLoadState('networkidle').catch(() => undefined);
});

const form = (page: Page) => page.getByRole('form', { name: 'Report an issue' });
const fileInput = (page: Page) => form(page).locator('input[type="file"]');

async function chooseCategory(page: Page, label: string) {
  await form(page).getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('the built-in issue reporting', () => {
  test('an agent files an issue with a screenshot and an order link, and sees it listed', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('agent');
    await open('/blood/dashboard');
    // A real screenshot: the console itself, as a person would attach one.
    const shot = path.join(dir, 'dashboard.png');
    fs.writeFileSync(shot, await page.screenshot({ type: 'png' }));
    await page.getByRole('link', { name: 'Issue Reporting', exact: true }).click();
    await page.waitForURL('**/app/issue-reporting');
    await visible(heading(page, 'Issue Reporting'));
    await visible(page.getByText('You see the issues you reported.'));

    // Nothing filled: the form's own messages.
    await form(page).getByRole('button', { name: 'Submit issue' }).click();
    await visible(page.getByText(ISSUE_REPORT_MESSAGES.TITLE_REQUIRED));
    await visible(page.getByText(ISSUE_REPORT_MESSAGES.DESCRIPTION_REQUIRED));
    await visible(page.getByText(ISSUE_REPORT_MESSAGES.CATEGORY_REQUIRED));

    // A file named like a PNG that is not one is refused at once, with no preview.
    const fake = path.join(dir, 'screenshot.png');
    fs.writeFileSync(fake, 'name,phone\nAli,03001234567\n');
    await fileInput(page).setInputFiles(fake);
    await visible(page.getByText(ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE));
    expect(await page.getByRole('img', { name: 'Screenshot preview' }).count()).toBe(0);

    await form(page).getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await chooseCategory(page, 'Order');
    await form(page)
      .getByRole('textbox', { name: 'Description' })
      .fill('The total on the order detail does not match the tests after the discount.');
    // An order number that does not exist: the server's message on the field, nothing filed.
    await form(page).getByRole('textbox', { name: 'Order number' }).fill('B-00000000000');
    await fileInput(page).setInputFiles(shot);
    await visible(page.getByRole('img', { name: 'Screenshot preview' }));
    expect(await page.getByText(ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE).count()).toBe(0);
    await form(page).getByRole('button', { name: 'Submit issue' }).click();
    await visible(page.getByText(ISSUE_REPORT_MESSAGES.ORDER_NOT_FOUND));
    expect(
      await page.getByRole('table', { name: 'Reported issues' }).getByText(TITLE).count(),
    ).toBe(0);
    await screenshot(page, 'issue-reporting-form-errors');

    await form(page).getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/issue-reports/') && r.request().method() === 'POST',
    );
    await form(page).getByRole('button', { name: 'Submit issue' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    issueId = ((await response.json()) as { id: number }).id;
    await visible(toast(page, ISSUE_REPORT_MESSAGES.CREATED));

    // The new issue opens in its drawer, with the order linked and the image shown.
    const drawer = page.getByRole('dialog', { name: `Issue #${issueId}` });
    await visible(drawer);
    expect(appPath(page)).toBe(`/issue-reporting?issue=${issueId}`);
    await visible(drawer.getByText(TITLE));
    await visible(drawer.getByText('Open', { exact: true }));
    const link = drawer.getByRole('link', { name: orderNumber });
    expect(await link.getAttribute('href')).toBe(`/app/blood/orders/detail/${orderId}`);
    const image = drawer.getByRole('img', { name: `Screenshot of issue #${issueId}` });
    await visible(image);
    const size = await image.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    // The very image attached: the PNG's own width and height (its IHDR), decoded by the browser.
    const png = fs.readFileSync(shot);
    expect(size).toEqual([png.readUInt32BE(16), png.readUInt32BE(20)]);
    // An agent does not manage issues: no status control.
    expect(await drawer.getByRole('textbox', { name: 'Status' }).count()).toBe(0);
    await screenshot(page, 'issue-reporting-agent-drawer');

    await drawer.getByRole('textbox', { name: 'Add a comment' }).fill('Seen on two orders today.');
    await drawer.getByRole('button', { name: 'Comment' }).click();
    await visible(toast(page, ISSUE_REPORT_MESSAGES.COMMENT_ADDED));
    await visible(drawer.getByText('Seen on two orders today.'));

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const row = page
      .getByRole('table', { name: 'Reported issues' })
      .getByRole('row', { name: new RegExp(TITLE) });
    await visible(row);
    await visible(row.getByText('Open', { exact: true }));
    await visible(row.getByText(orderNumber));
    await screenshot(page, 'issue-reporting-agent-list');
  });

  test('an admin sees every issue, changes its status and comments', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('admin');
    await open('/issue-reporting');
    await visible(page.getByText('You see every reported issue and can change its status.'));
    const table = page.getByRole('table', { name: 'Reported issues' });
    const row = table.getByRole('row', { name: new RegExp(TITLE) });
    await visible(row);
    await visible(table.getByRole('columnheader', { name: 'Reported by' }));
    await row.click();

    const drawer = page.getByRole('dialog', { name: `Issue #${issueId}` });
    await visible(drawer.getByText('Seen on two orders today.'));
    await drawer.getByRole('textbox', { name: 'Status' }).click();
    const patched = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/v1/issue-reports/${issueId}/`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('option', { name: 'In progress', exact: true }).click();
    expect((await patched).status()).toBe(200);
    await visible(toast(page, ISSUE_REPORT_MESSAGES.STATUS_CHANGED));
    await visible(drawer.getByText('In progress', { exact: true }));

    await drawer
      .getByRole('textbox', { name: 'Add a comment' })
      .fill('Looking into the discount rounding.');
    await drawer.getByRole('button', { name: 'Comment' }).click();
    await visible(drawer.getByText('Looking into the discount rounding.'));
    await screenshot(page, 'issue-reporting-admin-drawer');

    // The status filter: in progress lists it, open does not.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress', exact: true }).click();
    await page.waitForURL(/status=inProgress/);
    await visible(row.getByText('In progress', { exact: true }));
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    await page.waitForURL(/status=open/);
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'issue-reporting-admin-list');
  });

  test('the reporter sees the new status and the admin’s comment', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await signIn('agent');
    await open(`/issue-reporting?issue=${issueId}`);
    const drawer = page.getByRole('dialog', { name: `Issue #${issueId}` });
    await visible(drawer.getByText('In progress', { exact: true }));
    await visible(drawer.getByText('Looking into the discount rounding.'));
  });
});

describe('ISSUE_REPORTING_URL set: the team’s own tracker in a frame', () => {
  // The run's configured server (fixtures/extra-server.ts) frames the team's own tool.
  const server = configuredServer();

  test('the page frames ISSUE_REPORTING_URL, sandboxed, with no form', async () => {
    const { page } = session;
    await page.setViewportSize(WIDE);
    await login(page, server.baseUrl, server.admin);
    await page.getByRole('link', { name: 'Issue Reporting', exact: true }).click();
    await page.waitForURL('**/app/issue-reporting');
    const frame = page.locator('iframe[title="Issue Reporting"]');
    await visible(frame);
    expect(await frame.getAttribute('src')).toBe(server.issueReportingUrl);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    await visible(page.frameLocator('iframe[title="Issue Reporting"]').getByText('Team Tracker'));
    expect(await page.getByRole('form', { name: 'Report an issue' }).count()).toBe(0);
    await screenshot(page, 'issue-reporting-frame');
  });
});
