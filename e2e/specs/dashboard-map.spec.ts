import type { Region } from '@dastak/core/entities/locations';
import type { OrderMapItem } from '@dastak/core/entities/orders';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { dashboardMap, regionView, riderOnMap, screenPoint } from '../fixtures/dashboard-map';
import { OrdersApi, type Page_ } from '../fixtures/order-actions-api';
import { visible } from '../fixtures/ui';

/** The blood dashboard's map (spec §2.5) against the real server and its demo data. */

const session = useBrowser();
/** The map redraws as data arrives; on a loaded machine that takes more than poll's 1 s. */
const poll = <T>(read: () => T | Promise<T>, options = { timeout: 15_000, interval: 250 }) =>
  expect.poll(read, options);

// Each test's fresh context gets the admin's session shared for the run (fixtures/auth.ts).
const signIn = (who: 'admin') => storeSession(session.page, who);
const open = async (path: string) => {
  await session.page.goto(session.app(path));
};
let api: OrdersApi;
let regions: Region[];
/** Each blood region with today's orders on its map (assigned, reached, collected). */
let todays: { region: Region; orders: OrderMapItem[] }[] = [];
/** The map's box on the page, in CSS pixels. */
type Box = { x: number; y: number; width: number; height: number };

const todayOrders = (region: Region) => {
  const now = new Date();
  return api.get<OrderMapItem[]>('/orders/blood/dashboard/', {
    regions: region.id,
    pickupFrom: toKarachiIso(startOfKarachiDay(now)),
    pickupTo: toKarachiIso(endOfKarachiDay(now)),
  });
};

beforeAll(async () => {
  api = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
  regions = (await api.get<Page_<Region>>('/location/regions/', { vertical: 'blood' })).results;
  todays = await Promise.all(
    regions.map(async (region) => ({ region, orders: await todayOrders(region) })),
  );
});

/**
 * A cancellable order (assigned or reached) that the map of its region draws well inside the
 * map box and alone within 14 px, so a click cannot land on a neighbour; with its region and
 * where to click.
 */
async function clickableOrder(box: Box, candidates: { region: Region; orders: OrderMapItem[] }[]) {
  for (const { region, orders } of candidates) {
    const { center, zoom } = regionView(region);
    const points = await Promise.all(
      orders.map(async (o) => ({
        o,
        p: await screenPoint(dashboardMap(session.page), center, zoom, o),
      })),
    );
    const found = points.find(
      ({ o, p }) =>
        o.state !== 'collected' &&
        p.x > box.x + 40 &&
        p.x < box.x + box.width - 40 &&
        p.y > box.y + 80 &&
        p.y < box.y + box.height - 40 &&
        points.every((q) => q.o.id === o.id || Math.hypot(q.p.x - p.x, q.p.y - p.y) > 14),
    );
    if (found) return { region, target: found.o, at: found.p };
  }
  return undefined;
}

/**
 * Other spec files book orders while this one runs, so the region's orders are read again until
 * the map draws exactly the orders the server has now; the target is chosen from that read.
 */
async function settledPick(box: Box, region: Region) {
  let pick: Awaited<ReturnType<typeof clickableOrder>>;
  await poll(async () => {
    const orders = await todayOrders(region);
    if ((await mapBox().getAttribute('data-orders')) !== String(orders.length)) return false;
    pick = await clickableOrder(box, [{ region, orders }]);
    return pick !== undefined;
  }).toBe(true);
  return pick!;
}

const mapBox = () => session.page.getByTestId('dashboard-map');
const layerSwitch = (name: string) =>
  session.page.getByRole('group', { name: 'Map layers' }).getByRole('switch', { name });

async function openDashboard() {
  // The first region's map has at least one rider, whatever the hour.
  await riderOnMap(api, session.baseUrl, regions[0]!);
  await signIn('admin');
  await open('/blood/dashboard');
  await visible(dashboardMap(session.page));
}

describe('blood dashboard map', () => {
  test('shows the first region with its layers; a switch is remembered across a reload', async () => {
    await openDashboard();
    const { page } = session;
    const first = regions[0]!;
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(first.id));
    await expect(page.getByRole('textbox', { name: 'Region' }).inputValue()).resolves.toBe(
      first.name,
    );
    for (const name of ['Riders', 'Orders', 'Collection Centers', 'Region Boundary']) {
      expect(await layerSwitch(name).isChecked()).toBe(true);
    }
    if (first.isHyperlocalModeEnabled && first.cells.length > 0) {
      expect(await layerSwitch('Cells').isChecked()).toBe(false);
    } else {
      expect(await layerSwitch('Cells').count()).toBe(0);
    }
    await poll(() => mapBox().getAttribute('data-riders')).not.toBe('0');
    await screenshot(page, 'dashboard-map-default');

    await layerSwitch('Riders').click({ force: true });
    expect(await layerSwitch('Riders').isChecked()).toBe(false);
    expect(await mapBox().getAttribute('data-riders')).toBe('0');
    await page.reload();
    await visible(dashboardMap(page));
    expect(await layerSwitch('Riders').isChecked()).toBe(false);
    expect(await mapBox().getAttribute('data-riders')).toBe('0');
    await layerSwitch('Riders').click({ force: true });
    expect(await layerSwitch('Riders').isChecked()).toBe(true);
  });

  test('detail mode enlarges the map, basic mode brings it back', async () => {
    await openDashboard();
    const { page } = session;
    const basic = (await dashboardMap(page).boundingBox())!.height;
    await page.getByRole('button', { name: 'Switch to Detail Mode' }).click();
    await visible(page.getByRole('button', { name: 'Switch to Basic Mode' }));
    const detail = (await dashboardMap(page).boundingBox())!.height;
    expect(detail).toBeGreaterThan(basic);
    await screenshot(page, 'dashboard-detail-mode');
    await page.getByRole('button', { name: 'Switch to Basic Mode' }).click();
    expect((await dashboardMap(page).boundingBox())!.height).toBe(basic);
  });

  test('switching region recentres the map and is remembered', async () => {
    expect(regions.length).toBeGreaterThan(1);
    await openDashboard();
    const { page } = session;
    const second = regions[1]!;
    await page.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option', { name: second.name, exact: true }).click();
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(second.id));
    // The boundary is drawn around the new centre: its centre pixel is the map's centre.
    await page.reload();
    await visible(dashboardMap(page));
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(second.id));
    expect(await page.getByRole('textbox', { name: 'Region' }).inputValue()).toBe(second.name);
    await screenshot(page, 'dashboard-region-switched');
    // Back to the first for the other tests.
    await page.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option', { name: regions[0]!.name, exact: true }).click();
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(regions[0]!.id));
  });

  test('refresh reloads riders, rider stats and order stats', async () => {
    await openDashboard();
    const { page } = session;
    await poll(() => mapBox().getAttribute('data-riders')).not.toBe('0');
    const seen = new Set<string>();
    page.on('request', (r) => seen.add(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() =>
      ['/api/v1/entity/online-riders/', '/api/v1/stats/rider/', '/api/v1/stats/blood/orders/']
        .filter((p) => !seen.has(p))
        .join(','),
    ).toBe('');
  });

  test('an order popup shows time, number, links, patient, address and tests; Cancel opens the dialog', async () => {
    await openDashboard();
    const { page } = session;
    const box = (await dashboardMap(page).boundingBox())!;
    const first = await clickableOrder(box, todays);
    expect(first, 'an assigned or reached order alone on the map of some region').toBeDefined();
    const { region } = first!;
    // The user picks that region; the choice is remembered.
    await page.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option', { name: region.name, exact: true }).click();
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(region.id));
    await layerSwitch('Riders').click({ force: true }); // riders sit above orders
    const { target, at } = await settledPick(box, region);
    await page.mouse.click(at.x, at.y);
    const popup = page.getByTestId('order-popup');
    await visible(popup);
    await expect(popup.textContent()).resolves.toContain(target.number);
    const text = (await popup.textContent()) ?? '';
    expect(text).toContain(target.patient.firstName);
    expect(text).toContain(target.address);
    const tests = target.scanTypes.length;
    if (tests > 2) expect(text).toContain(`${tests - 2} More`);
    expect(await popup.getByRole('link', { name: 'Detail' }).getAttribute('href')).toBe(
      `/app/blood/orders/detail/${target.id}`,
    );
    await screenshot(page, 'dashboard-order-popup');
    // The dashboard re-renders on every stream event and poll: the open popup stays on the page
    // meanwhile. It used to be taken off and put back each time, and a Cancel pressed at that
    // moment was lost (Chrome clicks nothing when the pressed element leaves the page).
    type Watched = { popupPaneChanges: number };
    await page.evaluate(() => {
      const watched = window as unknown as Watched;
      watched.popupPaneChanges = 0;
      new MutationObserver((records) => {
        watched.popupPaneChanges += records.length;
      }).observe(document.querySelector('.leaflet-popup-pane')!, { childList: true });
    });
    for (const on of [false, true]) {
      await layerSwitch('Collection Centers').click({ force: true });
      expect(await layerSwitch('Collection Centers').isChecked()).toBe(on);
    }
    expect(await page.evaluate(() => (window as unknown as Watched).popupPaneChanges)).toBe(0);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await visible(dialog);
    await screenshot(page, 'dashboard-cancel-dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await layerSwitch('Riders').click({ force: true });
    // Back to the first region for the other specs.
    await page.getByRole('textbox', { name: 'Region' }).click();
    await page.getByRole('option', { name: regions[0]!.name, exact: true }).click();
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(regions[0]!.id));
  });
});
