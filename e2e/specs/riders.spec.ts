import { EMPTY, SUCCESS, VALIDATION } from '@dastak/core/messages';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../fixtures/axe';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';
import { appPath, heading, listHeading, toast, visible } from '../fixtures/ui';

const session = useBrowser();

// Each test starts from its account's session shared for the run (fixtures/auth.ts).
const { signIn, open } = useCarriedSessions(session);

const ridersTable = () => session.page.getByRole('table', { name: 'Riders' });
const riderRows = () => ridersTable().locator('tbody tr');
const searchBox = () => session.page.getByRole('searchbox', { name: 'Search riders' });

/** 'Riders - 123 results' -> 123, once the count has loaded. */
async function resultCount(): Promise<number> {
  const title = session.page.getByRole('heading', { level: 1, name: /^Riders - \d+ results$/ });
  await visible(title);
  return Number((await title.textContent())?.match(/(\d+)/)?.[1]);
}

async function openFilters(): Promise<Locator> {
  await session.page.getByRole('button', { name: 'Filters' }).click();
  const panel = session.page.getByRole('dialog', { name: 'Filters' });
  await visible(panel.getByRole('button', { name: 'Apply Filters' }));
  return panel;
}

/** The name link of the first row, once rows have loaded. */
async function firstRowName(): Promise<string> {
  const link = riderRows().first().getByRole('link');
  await visible(link);
  return (await link.textContent())?.trim() ?? '';
}

describe('riders list', () => {
  test('shows riders with the result count; search applies on Enter and clearing restores', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders');
    // A bare /riders states its default ordering in the URL.
    await page.waitForURL(/ordering=-created/);
    const total = await resultCount();
    expect(total).toBeGreaterThan(20);
    await visible(riderRows().first());
    expect(await riderRows().count()).toBe(20);
    for (const column of ['Name', 'Region', 'State', 'Status']) {
      await visible(ridersTable().getByRole('columnheader', { name: column }));
    }
    await visible(page.getByRole('button', { name: 'Load More' }));
    await screenshot(page, 'riders-list');

    // Load More appends the next page; so does scrolling to the bottom of the page.
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => riderRows().count()).toBe(Math.min(40, total));
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => riderRows().count()).toBe(Math.min(60, total));
    expect(await seriousViolations(page)).toEqual([]);

    const name = await firstRowName();
    await searchBox().fill(name);
    // Typing alone does not search.
    await page.waitForTimeout(300);
    expect(appPath(page)).not.toContain('search=');
    await searchBox().press('Enter');
    await page.waitForURL(/search=/);
    await expect.poll(resultCount).toBeLessThan(total);
    expect(await resultCount()).toBeGreaterThan(0);
    const names = await riderRows().getByRole('link').allTextContents();
    for (const shown of names) expect(shown.toLowerCase()).toContain(name.toLowerCase());
    await screenshot(page, 'riders-search');

    // A search that matches nobody shows the empty state.
    await searchBox().fill('zzz-no-such-rider');
    await searchBox().press('Enter');
    await visible(page.getByText(EMPTY.NO_RIDERS));
    expect(await resultCount()).toBe(0);

    await searchBox().fill('');
    await expect.poll(resultCount).toBe(total);
    expect(appPath(page)).not.toContain('search=');
  });

  test('filters go into the query string and survive a reload', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders?ordering=-created');
    const total = await resultCount();

    const panel = await openFilters();
    await screenshot(page, 'riders-filter-panel');
    await panel.getByRole('group', { name: 'Online' }).getByLabel('Yes').check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/isOnline=true/);
    await expect.poll(resultCount).toBeLessThan(total);
    const online = await resultCount();
    expect(online).toBeGreaterThan(0);
    const statuses = await riderRows().locator('td:nth-child(4)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Online']));

    const url = appPath(page);
    await page.reload();
    expect(appPath(page)).toBe(url);
    expect(await resultCount()).toBe(online);
    const reopened = await openFilters();
    expect(
      await reopened.getByRole('group', { name: 'Online' }).getByLabel('Yes').isChecked(),
    ).toBe(true);
    // Yes and No are one toggle: ticking No clears Yes.
    await reopened.getByRole('group', { name: 'Online' }).getByLabel('No').check();
    expect(
      await reopened.getByRole('group', { name: 'Online' }).getByLabel('Yes').isChecked(),
    ).toBe(false);
    await reopened.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/isOnline=false/);
    await expect.poll(resultCount).toBe(total - online);
  });

  test('an admin creates a rider, who can then be found by search', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders?ordering=-created');
    await resultCount();
    await page.getByRole('button', { name: 'Create Rider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Rider' });
    await visible(dialog);

    // Required fields and the phone rule speak up before anything is sent.
    await dialog.getByLabel('Phone').fill('03ab');
    await dialog.getByRole('button', { name: 'Create Rider' }).click();
    await visible(dialog.getByText(VALIDATION.PHONE_INVALID));
    await visible(dialog.getByText(VALIDATION.REQUIRED).first());
    await screenshot(page, 'riders-create-validation');

    const stamp = String(Date.now()).slice(-7);
    const lastName = `Tester${stamp}`;
    await dialog.getByLabel('First Name').fill('Zubair');
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByLabel('Phone').fill(`0399${stamp}`);
    await dialog.getByLabel('Email').fill(`zubair.${stamp}@example.com`);
    await dialog.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option').first().click();
    // One password field; the console sends password2 as its copy (spec §5).
    await dialog.getByLabel(/^Password/).fill('secret1');
    await dialog.getByRole('button', { name: 'Create Rider' }).click();
    await visible(toast(page, SUCCESS.RIDER_CREATED));
    await dialog.waitFor({ state: 'hidden' });

    await searchBox().fill(lastName);
    await searchBox().press('Enter');
    await expect.poll(resultCount).toBe(1);
    expect(await firstRowName()).toBe(`Zubair ${lastName}`);
  });

  test('the call-centre agent does not see Create Rider', async () => {
    const { page } = session;
    await signIn('agent');
    await open('/riders?ordering=-created');
    await visible(listHeading(page, 'Riders'));
    await visible(page.getByRole('button', { name: 'Filters' }));
    expect(await page.getByRole('button', { name: 'Create Rider' }).count()).toBe(0);
    await screenshot(page, 'riders-agent');
  });
});

describe('rider detail', () => {
  test('shows the profile fields and the last seen location map', async () => {
    const { page } = session;
    await signIn('admin');
    // Oldest first: a demo rider, whose phone has reported its app version (riders that other
    // specs create through the API and ping once have none, and rightly read N/A).
    await open('/riders?ordering=created&isOnline=true');
    const name = await firstRowName();
    await riderRows().first().locator('td').nth(1).click();
    await page.waitForURL(/\/riders\/detail\/\d+$/);
    await visible(heading(page, name));
    for (const label of [
      'Region',
      'Joined',
      'Email',
      'Phone',
      'Battery',
      'Network',
      'Mobile model',
      'App version',
      'Address',
      'Break ends',
    ]) {
      await visible(page.getByText(label, { exact: true }));
    }
    await visible(page.getByText(/^(Active|Inactive)$/));
    await visible(page.getByText(/^(Verified|Unverified)$/));
    await visible(page.getByText(/\((latest|outdated)\)$/));
    await visible(page.getByText(/^\d{2} [A-Z][a-z]{2} \d{4}$/).first());
    await visible(page.getByRole('switch', { name: 'Wildcard' }));
    await visible(page.getByRole('switch', { name: 'COVID' }));
    await visible(page.getByRole('switch', { name: /(On|Off) duty/ }));
    await visible(page.getByRole('heading', { name: 'Order History' }));
    await visible(
      page
        .getByRole('list', { name: 'Order history' })
        .getByRole('link')
        .first()
        .or(page.getByText(EMPTY.NO_ORDERS)),
    );
    await screenshot(page, 'rider-detail');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Last seen location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Last seen location' });
    await visible(dialog.getByRole('region', { name: 'Last seen location map' }));
    await visible(dialog.locator('.leaflet-marker-icon'));
    await screenshot(page, 'rider-last-seen-location');
  });

  test('toggling Wildcard toasts and persists after a reload', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders?ordering=-created');
    await riderRows().first().locator('td').nth(2).click();
    await page.waitForURL(/\/riders\/detail\/\d+$/);
    const wildcard = page.getByRole('switch', { name: 'Wildcard' });
    await visible(wildcard);
    const before = await wildcard.isChecked();
    // The switch follows the server's answer, so click and wait rather than setChecked.
    await wildcard.click({ force: true });
    await visible(toast(page, SUCCESS.RIDER_WILDCARD));
    await expect.poll(() => wildcard.isChecked()).toBe(!before);

    await page.reload();
    await visible(wildcard);
    expect(await wildcard.isChecked()).toBe(!before);

    // And back, which the server answers the same way.
    await wildcard.click({ force: true });
    await expect.poll(() => wildcard.isChecked()).toBe(before);
  });

  test('force deliver on a blood rider who is delivering', async () => {
    const { page } = session;
    await signIn('admin');
    await open('/riders?ordering=-created');
    await resultCount();
    const panel = await openFilters();
    const bloodRegions = panel.getByRole('group', { name: 'BLOOD regions' }).getByRole('checkbox');
    await visible(bloodRegions);
    for (const box of await bloodRegions.all()) await box.check();
    await panel.getByRole('group', { name: 'States' }).getByLabel('Delivering').check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL(/states=3/);
    expect(await resultCount()).toBeGreaterThan(0);
    await riderRows().first().locator('td').nth(1).click();
    await page.waitForURL(/\/riders\/detail\/\d+$/);

    await page.getByRole('button', { name: 'Force Deliver Orders' }).click();
    const confirm = page.getByRole('dialog', { name: 'Force Deliver Orders' });
    await visible(confirm);
    await screenshot(page, 'rider-force-deliver-confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(page, SUCCESS.RIDER_FORCE_DELIVERED));
    // Nothing is left to deliver, so the button goes.
    await page.getByRole('button', { name: 'Force Deliver Orders' }).waitFor({ state: 'hidden' });
  });
});
