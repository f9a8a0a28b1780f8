import { PERMISSIONS } from '@dastak/core/permissions';
import { describe, expect, test } from 'vitest';
import { ADMIN_FULL_NAME, createOwnStaff, login, signIn } from '../fixtures/auth';
import { screenshot, useBrowser, VIEWPORT } from '../fixtures/browser';
import { appPath, heading, visible } from '../fixtures/ui';

const session = useBrowser();

/*
 * Sessions (docs/decisions/0053): a user signed in on two browsers lists both, signs
 * out everywhere from one, and the other is sent to login on its very next request. The user is
 * the spec's own, made through the API: the shared demo sessions must never end (auth.ts).
 */
describe('sessions', () => {
  test('two browsers; sign out everywhere from one, the other goes to login on its next request', async () => {
    const user = await createOwnStaff([PERMISSIONS.CAN_VIEW_DASHBOARD, PERMISSIONS.CAN_VIEW_ORDER]);
    const { page } = session;
    const otherContext = await session.context.browser()!.newContext({
      viewport: VIEWPORT,
      baseURL: session.baseUrl,
    });
    try {
      const other = await otherContext.newPage();
      await login(page, session.baseUrl, user);
      await login(other, session.baseUrl, user);

      // The profile menu leads to the sessions: two, this one marked.
      await page.getByRole('button', { name: user.fullName }).click();
      await page.getByRole('menuitem', { name: 'Sessions' }).click();
      await page.waitForURL('**/app/sessions');
      await visible(heading(page, 'Sessions'));
      const rows = page.getByRole('row');
      await visible(rows.nth(2));
      expect(await rows.count()).toBe(3); // header + two sessions
      await visible(page.getByText('This device'));
      await visible(page.getByRole('cell', { name: /Chrome on Linux/ }).first());
      await screenshot(page, 'sessions-list');

      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await visible(dialog);
      await screenshot(page, 'sessions-sign-out-everywhere');
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.waitForURL('**/app/login');

      // The other browser still shows its page; its next request is refused and it signs in again.
      expect(appPath(other)).toBe('/blood/dashboard');
      await other.goto(session.app('/blood/orders'));
      await other.waitForURL('**/app/login');
      await visible(other.getByRole('button', { name: 'Login' }));
      await screenshot(other, 'sessions-other-browser-signed-out');
    } finally {
      await otherContext.close();
    }
  });

  test('an admin deactivates a staff account: its browser goes to login on its next request', async () => {
    const user = await createOwnStaff([PERMISSIONS.CAN_VIEW_DASHBOARD, PERMISSIONS.CAN_VIEW_ORDER]);
    const { page } = session;
    const userContext = await session.context.browser()!.newContext({
      viewport: VIEWPORT,
      baseURL: session.baseUrl,
    });
    try {
      const userPage = await userContext.newPage();
      await login(userPage, session.baseUrl, user);

      // The admin, on the shared session (deactivating another account leaves it alone).
      await signIn(page, 'admin');
      await page.getByRole('button', { name: ADMIN_FULL_NAME }).click();
      await page.getByRole('menuitem', { name: 'Sessions' }).click();
      await page.getByRole('link', { name: 'Staff accounts' }).click();
      await page.waitForURL('**/app/sessions/staff');
      await visible(heading(page, 'Staff accounts'));
      const row = page.getByRole('row').filter({ hasText: user.email });
      await row.getByRole('button', { name: `Deactivate ${user.fullName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate this account?' });
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await visible(row.getByText('Inactive'));
      await screenshot(page, 'staff-accounts-deactivated');

      await userPage.goto(session.app('/blood/orders'));
      await userPage.waitForURL('**/app/login');
    } finally {
      await userContext.close();
    }
  });
});
