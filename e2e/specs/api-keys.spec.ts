import { API_KEY_PREFIX } from '@dastak/core/entities/api-keys';
import { API_KEY_MESSAGES } from '@dastak/core/messages/api-keys';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, workerBrowser } from '../fixtures/browser';
import { serverUrl } from '../fixtures/server';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * API keys (ADR 0066): the admin opens API Keys from the side nav, creates a key scoped to
 * reading orders, sees it once and copies it; a lab's system uses it on an order route (200) and
 * is refused a rider route (403); the admin revokes it and the next call is refused (401).
 * The shared admin session; no login.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;
const WIDE = { width: 1600, height: 900 };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: WIDE, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'admin');
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

/** A call of the lab's system, with the key and nothing of the console's session. */
const labCall = (path: string, key: string) =>
  fetch(`${baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });

describe('API keys', () => {
  test('the admin creates a scoped key, sees it once, and revokes it', async () => {
    const name = `LIS ${Date.now()}`;
    await page.goto(app('/release-notes'));
    await page.getByRole('link', { name: 'API Keys', exact: true }).click();
    await page.waitForURL('**/app/api-keys');
    await visible(heading(page, API_KEY_MESSAGES.TITLE));

    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('form', { name: 'Create API key' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('checkbox', { name: /Read orders/ }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    // Shown once, with a copy button.
    await visible(page.getByText(API_KEY_MESSAGES.SHOWN_ONCE));
    const secret = ((await page.getByTestId('api-key-secret').textContent()) ?? '').trim();
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await visible(page.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'api-keys-created');

    // The key works on its scope, and nowhere else.
    expect((await labCall('/orders/blood/', secret)).status).toBe(200);
    expect((await labCall('/entity/riders/', secret)).status).toBe(403);

    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await visible(row.getByText('Active'));
    await visible(row.getByText('Read orders'));
    await visible(row.getByText(`${secret.slice(0, API_KEY_PREFIX.length + 8)}…`));
    // The secret is gone from the page.
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await visible(page.getByText(API_KEY_MESSAGES.REVOKE_CONFIRM));
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await visible(toast(page, API_KEY_MESSAGES.REVOKED));
    await visible(row.getByText('Revoked'));
    await expect.poll(async () => row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    await screenshot(page, 'api-keys-revoked');

    const refused = await labCall('/orders/blood/', secret);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: API_KEY_MESSAGES.INVALID_KEY });
  });
});
