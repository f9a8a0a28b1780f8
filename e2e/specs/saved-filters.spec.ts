import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signInOwn, users } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { appPath, listHeading, openNavMenu, visible } from '../fixtures/ui';

/*
 * Spec §2.2: side-nav links carry each list's saved filters in the query string. Each list
 * remembers the last filter set its user applied; another user on the same browser does not
 * see it. One browser context for the whole story, since that is where the filters are kept.
 */

const session = useBrowser();

const navLink = (name: string) => session.page.getByRole('link', { name, exact: true });

/**
 * Follows a side-nav link and waits for that list's heading: the URL changes before a lazily
 * loaded screen replaces the previous one, which has a Filters button of its own.
 */
async function openFromNav(name: 'Customers' | 'Riders'): Promise<void> {
  const { page } = session;
  await navLink(name).click();
  await page.waitForURL(new RegExp(`/app/${name.toLowerCase()}\\?`));
  await visible(listHeading(page, name));
}

async function openBloodOrdersFromNav(): Promise<void> {
  const { page } = session;
  await openNavMenu(page, 'Orders');
  await page.getByRole('menuitem', { name: 'Blood orders' }).click();
  await page.waitForURL(/\/app\/blood\/orders\?/);
  await visible(listHeading(page, 'Blood Orders'));
}

async function openFilters(): Promise<Locator> {
  const { page } = session;
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await visible(panel.getByRole('button', { name: 'Apply Filters' }));
  return panel;
}

async function applyAndClose(panel: Locator, urlPart: RegExp): Promise<void> {
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await session.page.waitForURL(urlPart);
  await panel.waitFor({ state: 'hidden' });
}

/** Unticks All Regions in a §5 regions checklist, which leaves the first region; its name. */
async function keepFirstRegion(panel: Locator): Promise<string> {
  const group = panel.getByRole('group', { name: 'Regions' });
  const boxes = group.getByRole('checkbox');
  await visible(boxes.nth(1));
  await group.getByRole('checkbox', { name: 'All Regions' }).uncheck();
  const labels = await group.locator('label').allTextContents();
  return labels.filter((name) => name !== 'All Regions')[0]!;
}

const param = (name: string) => new URL(session.page.url()).searchParams.get(name);

async function logout(): Promise<void> {
  const { page } = session;
  await page.getByRole('button', { name: /Admin User|Sana Malik/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/app/login');
}

describe('saved list filters in the side nav', () => {
  test('customers, riders and blood orders keep their filters per user', async () => {
    const { page } = session;
    await signInOwn(page, users.admin());

    // Customers: one region.
    await openFromNav('Customers');
    let panel = await openFilters();
    const customerRegion = await keepFirstRegion(panel);
    await applyAndClose(panel, /regions=\d+/);
    const customersUrl = appPath(page);

    // Riders: one blood region.
    await openFromNav('Riders');
    expect(appPath(page)).toBe('/riders?ordering=-created');
    panel = await openFilters();
    const riderRegion = panel.getByRole('group', { name: 'BLOOD regions' }).getByRole('checkbox');
    await visible(riderRegion);
    const riderRegionId = (await riderRegion.first().getAttribute('value'))!;
    await riderRegion.first().check();
    await applyAndClose(panel, /regions=\d+/);
    expect(param('regions')).toBe(riderRegionId);
    const ridersUrl = appPath(page);

    // Blood orders: one region on top of today's window.
    await openBloodOrdersFromNav();
    panel = await openFilters();
    await keepFirstRegion(panel);
    await applyAndClose(panel, /regions=\d+/);
    const ordersUrl = appPath(page);
    expect(param('pickupFrom')).toBeTruthy();

    // Back to Customers through the nav: the URL and the panel show the region.
    await openFromNav('Customers');
    expect(appPath(page)).toBe(customersUrl);
    panel = await openFilters();
    const customerRegions = panel.getByRole('group', { name: 'Regions' });
    expect(await customerRegions.getByRole('checkbox', { name: 'All Regions' }).isChecked()).toBe(
      false,
    );
    expect(
      await customerRegions
        .getByRole('checkbox', { name: customerRegion, exact: true })
        .isChecked(),
    ).toBe(true);
    await screenshot(page, 'saved-filters-customers');
    await panel.getByRole('button', { name: 'Close filters' }).click();

    // Riders and blood orders likewise.
    await openFromNav('Riders');
    expect(appPath(page)).toBe(ridersUrl);
    panel = await openFilters();
    expect(
      await panel
        .getByRole('group', { name: 'BLOOD regions' })
        .getByRole('checkbox')
        .first()
        .isChecked(),
    ).toBe(true);
    await panel.getByRole('button', { name: 'Close filters' }).click();
    await openBloodOrdersFromNav();
    expect(appPath(page)).toBe(ordersUrl);

    // Clearing the customer filters clears what the link carries.
    await openFromNav('Customers');
    panel = await openFilters();
    await panel.getByRole('button', { name: 'Clear' }).click();
    await applyAndClose(panel, /\/app\/customers\?ordering=-created$/);
    await openFromNav('Riders');
    await openFromNav('Customers');
    expect(appPath(page)).toBe('/customers?ordering=-created');

    // Another user on the same browser gets the defaults, not the admin's filters.
    await logout();
    await signInOwn(page, users.agent());
    await openFromNav('Riders');
    expect(appPath(page)).toBe('/riders?ordering=-created');
    await openBloodOrdersFromNav();
    expect(param('regions')).toBeNull();
    expect(param('pickupFrom')).toBeTruthy();
    await screenshot(page, 'saved-filters-second-user');

    // And the admin's are still there when they come back.
    await logout();
    await signInOwn(page, users.admin());
    await openFromNav('Riders');
    expect(appPath(page)).toBe(ridersUrl);
  });
});
