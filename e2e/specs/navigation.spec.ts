import { APP_VERSION } from '@dastak/core/constants';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { describe, expect, test } from 'vitest';
import { ADMIN_FULL_NAME, login, signIn, users } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { appPath, heading, listHeading, openNavMenu, visible } from '../fixtures/ui';

const session = useBrowser();

describe('staff shell', () => {
  test('admin logs in, moves through the hover menus, and logs out', async () => {
    const { page } = session;
    await login(page, session.baseUrl, users.admin());

    // Login lands on the blood dashboard and its live map (ADR 0027).
    expect(appPath(page)).toBe('/blood/dashboard');
    await visible(heading(page, 'Blood Dashboard'));
    await visible(page.getByRole('region', { name: 'Dashboard map' }));
    await visible(page.getByText(`v${APP_VERSION}`));
    await screenshot(page, 'shell-blood-dashboard');

    // Dashboards -> X-Ray.
    await openNavMenu(page, 'Dashboards');
    await visible(page.getByRole('menuitem', { name: 'X-Ray dashboard' }));
    await screenshot(page, 'shell-dashboards-hover-menu');
    await page.getByRole('menuitem', { name: 'X-Ray dashboard' }).click();
    await page.waitForURL('**/app/xray/dashboard');
    await visible(heading(page, 'X-Ray Dashboard'));

    // City dashboards -> Blood.
    await openNavMenu(page, 'City Dashboards');
    await page.getByRole('menuitem', { name: 'Blood city dashboard' }).click();
    await page.waitForURL('**/app/blood/city/dashboard');
    await visible(heading(page, 'Blood City Dashboard'));

    // Orders -> Blood opens today's orders (Karachi), sorted by pickup.
    await openNavMenu(page, 'Orders');
    await page.getByRole('menuitem', { name: 'Blood orders' }).click();
    await page.waitForURL(/\/app\/blood\/orders\?/);
    await visible(page.getByRole('heading', { name: /^Blood Orders - \d+\+? results$/ }));
    const orders = new URL(page.url()).searchParams;
    const today = karachiDateString(new Date());
    expect(orders.get('pickupFrom')).toBe(`${today}T00:00:00+05:00`);
    expect(orders.get('pickupTo')).toBe(`${today}T23:59:00+05:00`);
    expect(orders.get('sorting')).toBe('pickup');

    // Plain links carry their default ordering.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(/\/app\/customers\?/);
    expect(appPath(page)).toBe('/customers?ordering=-created');
    await visible(listHeading(page, 'Customers'));

    await page.getByRole('link', { name: 'Riders' }).click();
    await page.waitForURL(/\/app\/riders\?/);
    expect(appPath(page)).toBe('/riders?ordering=-created');

    // The admin may see shifts and attendance; attendance opens on the first blood region today.
    await page.getByRole('link', { name: 'Shifts' }).click();
    await page.waitForURL('**/app/shifts');
    await visible(heading(page, 'Shifts'));
    await page.getByRole('link', { name: 'Attendance' }).click();
    await page.waitForURL(/\/app\/attendance\?/);
    await visible(listHeading(page, 'Attendance'));
    const attendance = new URL(page.url()).searchParams;
    expect(attendance.get('region')).toMatch(/^\d+$/);
    expect(attendance.get('startDatetime')).toBe(`${today}T00:00:00+05:00`);
    expect(attendance.get('ordering')).toBe('-created');

    for (const [name, title] of [
      ['Unverified Orders', /^Unverified Orders - \d+\+? results$/],
      ['Partial Orders', /^Partial Orders( - \d+\+? results)?$/],
      ['Reporting Dashboard', 'Reporting Dashboard'],
      ['Issue Reporting', 'Issue Reporting'],
      ['Release Notes', 'Release Notes'],
      ['FAQs', 'FAQs'],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await visible(
        typeof title === 'string'
          ? heading(page, title)
          : page.getByRole('heading', { name: title }),
      );
    }

    // The logo goes home.
    await page.getByRole('link', { name: 'Dastak home' }).click();
    await page.waitForURL('**/app/blood/dashboard');

    // Profile menu: full name, user type and Logout.
    await page.getByRole('button', { name: ADMIN_FULL_NAME }).click();
    const menu = page.getByRole('menu');
    await visible(menu.getByText(ADMIN_FULL_NAME));
    await visible(menu.getByText('Staff', { exact: true }));
    await screenshot(page, 'shell-profile-menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    // Logout lands on '/', which for a signed-out user is the login page.
    await page.waitForURL('**/app/login');
    await visible(page.getByRole('button', { name: 'Login' }));

    // The session is really gone: a staff page sends us back to login.
    await page.goto(session.app('/customers'));
    await page.waitForURL('**/app/login');
  });

  test("'/' goes to the blood dashboard when signed in, and to login when not", async () => {
    const { page } = session;
    await page.goto(session.app('/'));
    await page.waitForURL('**/app/login');
    await signIn(page, 'dispatcher');
    await page.goto(session.app('/'));
    await page.waitForURL('**/app/blood/dashboard');
    await visible(heading(page, 'Blood Dashboard'));
  });
});
