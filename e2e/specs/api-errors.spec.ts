import { ERRORS } from '@dastak/core/messages';
import { describe, expect, test } from 'vitest';
import { signIn } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { appPath, toast, visible } from '../fixtures/ui';

const session = useBrowser();
const ME = '**/api/v1/auth/me/';

// The server cannot be made to fail on demand, so this cuts in between browser and server.
// One sign-in for all three cases, on the admin's session shared for the run.
describe('API failures the user is told about (spec §8)', () => {
  test('5xx, unreachable server and a bare 4xx each show their message', async () => {
    const { page } = session;
    await signIn(page, 'admin');

    await page.route(ME, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await page.reload();
    await visible(toast(page, ERRORS.SERVER));
    expect(appPath(page)).toBe('/blood/dashboard');
    await screenshot(page, 'api-error-server');
    await page.unroute(ME);

    await page.route(ME, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await visible(toast(page, ERRORS.NETWORK));
    expect(appPath(page)).toBe('/blood/dashboard');
    await page.unroute(ME);

    await page.route(ME, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await visible(toast(page, ERRORS.GENERIC));
  });
});
