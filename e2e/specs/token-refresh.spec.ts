import { ERRORS } from '@dastak/core/messages';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { configuredServer } from '../fixtures/server';
import { appPath, listHeading, visible } from '../fixtures/ui';

const session = useBrowser();

/*
 * The run's configured server, with a 5 s access token to outwait. The workers' servers' token
 * outlives the run (global-setup.ts), so that their sessions, shared by every spec, never
 * refresh: refreshing one from several browsers and API clients at once would present rotated
 * tokens, and past the reuse grace (docs/decisions/0045) revoke them. Here the admin signs in
 * through the form, and the session belongs to the test alone.
 */
const server = configuredServer();

/** The server runs with a 5 s access token; wait it out. */
const outwaitAccessToken = () => new Promise((r) => setTimeout(r, 6_500));

/**
 * Counts what the browser sent, so the test knows an expired token was really met. Reading a
 * 401's body is asynchronous: `settled()` waits for every read begun, so a count is never taken
 * while one is still on its way.
 */
function watchAuth(page: Page) {
  const seen = { expired: 0, refreshed: 0, refreshFailed: 0 };
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/api/v1/auth/refresh-token')) {
      if (response.ok()) seen.refreshed += 1;
      else seen.refreshFailed += 1;
    } else if (response.status() === 401) {
      reads.push(
        response
          .json()
          .catch(() => null)
          .then((body) => {
            if (body?.detail === ERRORS.JWT_EXPIRED) seen.expired += 1;
          }),
      );
    }
  });
  return { seen, settled: () => Promise.all(reads) };
}

describe('access token expiry', () => {
  test('an expired access token is refreshed without the user noticing', async () => {
    const { page } = session;
    const { seen, settled } = watchAuth(page);
    await login(page, server.baseUrl, server.admin);
    // The Customers list polls nothing (the dashboard does), so while the token runs out no call
    // is made, and the first calls after it are the reload's.
    await page.getByRole('link', { name: 'Customers' }).click();
    await visible(listHeading(page, 'Customers'));
    await page.waitForLoadState('networkidle');

    for (const round of [1, 2]) {
      await outwaitAccessToken();
      // A fresh load re-reads the user and the regions at once: two calls, one refresh.
      await page.reload();
      await visible(listHeading(page, 'Customers'));
      await page.waitForLoadState('networkidle');
      await settled();
      expect(seen.expired).toBeGreaterThanOrEqual(round);
      expect(seen.refreshed).toBe(round);
    }

    expect(appPath(page)).toBe('/customers?ordering=-created');
    expect(seen.refreshFailed).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await screenshot(page, 'token-refresh-still-signed-in');
  });

  test('when the refresh fails the user is logged out to the login page', async () => {
    const { page } = session;
    const { seen } = watchAuth(page);
    await login(page, server.baseUrl, server.admin);
    // Simulates a revoked session: the stored refresh token no longer means anything.
    await page.evaluate(() => localStorage.setItem('dastak.refreshToken', 'revoked'));
    await outwaitAccessToken();
    await page.reload();
    await page.waitForURL('**/app/login');
    expect(seen.refreshFailed).toBeGreaterThanOrEqual(1);
    await visible(page.getByRole('button', { name: 'Login' }));
  });
});
