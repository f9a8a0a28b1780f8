import { FORM_VALIDATION, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { describe, expect, test } from 'vitest';
import { createOwnStaff, login } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { emailsSoFar, waitForEmailMatch } from '../fixtures/outbox';
import { appPath, toast, visible } from '../fixtures/ui';

const session = useBrowser();

describe('password reset', () => {
  test('request, follow the emailed link, set a password, log in with it', async () => {
    const { page } = session;
    // A user of the spec's own: a reset ends every session of the user (docs/decisions/0053),
    // and the demo users' sessions are shared by every spec.
    const dispatcher = await createOwnStaff([PERMISSIONS.CAN_VIEW_DASHBOARD]);
    const before = emailsSoFar();

    await page.goto(session.app('/login'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/app/password-reset-request');
    await page.getByLabel('Email').fill(dispatcher.email);
    await page.getByRole('button', { name: 'Request password reset' }).click();
    await visible(toast(page, SUCCESS.PASSWORD_RESET_REQUESTED));
    await page.waitForURL('**/app/login');
    await screenshot(page, 'password-reset-requested');

    const [, link] = await waitForEmailMatch(
      dispatcher.email,
      /https?:\/\/[^\s"<>]+(\/app\/password-reset\/[A-Za-z0-9_.~-]+)/,
      before,
    );
    await page.goto(`${session.baseUrl}${link}`);

    // Mismatch first, then the real thing.
    await page.getByLabel('New password').fill(dispatcher.password);
    await page.getByLabel('Confirm password').fill(`${dispatcher.password}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText(FORM_VALIDATION.PASSWORDS_MISMATCH));
    await screenshot(page, 'password-reset-mismatch');

    await page.getByLabel('Confirm password').fill(dispatcher.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(toast(page, SUCCESS.PASSWORD_CHANGED));
    await page.waitForURL('**/app/login');

    await login(page, session.baseUrl, dispatcher);
    expect(appPath(page)).toBe('/blood/dashboard');
  });

  test('a used or made-up link is refused with the server message', async () => {
    const { page } = session;
    await page.goto(session.app('/password-reset/not-a-real-token'));
    await page.getByLabel('New password').fill('secret99');
    await page.getByLabel('Confirm password').fill('secret99');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByRole('alert'));
    expect(appPath(page)).toBe('/password-reset/not-a-real-token');
  });
});
