import type { City, Region } from '@dastak/core/entities/locations';
import type { RiderSummary } from '@dastak/core/entities/riders';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { OrdersApi, type Page_ } from '../fixtures/order-actions-api';
import { visible } from '../fixtures/ui';

/** The city dashboards (spec §2.5): the online riders of a chosen city on a full-screen map. */

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
let cities: City[];
let regions: Region[];

beforeAll(async () => {
  api = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
  cities = (await api.get<Page_<City>>('/location/cities/', { vertical: 'blood', pageSize: 100 }))
    .results;
  regions = (await api.get<Page_<Region>>('/location/regions/', { vertical: 'blood' })).results;
});

/** What the city map should show: the online riders of the city's regions. */
async function onlineRidersOf(city: City): Promise<number> {
  const ids = regions.filter((r) => r.city === city.id).map((r) => r.id);
  if (ids.length === 0) return 0;
  const riders = await api.get<RiderSummary[]>('/entity/online-riders/', {
    regions: ids.join(','),
  });
  return riders.length;
}

const cityMap = () => session.page.getByTestId('city-map');

describe('city dashboard', () => {
  test('shows the first city riders full screen, refreshes, and remembers the chosen city', async () => {
    await signIn('admin');
    await open('/blood/city/dashboard');
    const { page } = session;
    await visible(page.getByRole('heading', { name: 'Blood City Dashboard' }));
    const first = cities[0]!;
    await poll(() => cityMap().getAttribute('data-city')).toBe(String(first.id));
    await poll(async () => Number(await cityMap().getAttribute('data-riders'))).toBe(
      await onlineRidersOf(first),
    );
    const box = (await page.getByRole('region', { name: 'City map' }).boundingBox())!;
    expect(box.height).toBeGreaterThan(500);
    await screenshot(page, 'city-dashboard');

    const refreshed = page.waitForRequest((r) => r.url().includes('/api/v1/entity/online-riders/'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;

    if (cities.length > 1) {
      const second = cities[1]!;
      await page.getByRole('textbox', { name: 'City' }).click();
      await page.getByRole('option', { name: second.name, exact: true }).click();
      await poll(() => cityMap().getAttribute('data-city')).toBe(String(second.id));
      await page.reload();
      await poll(() => cityMap().getAttribute('data-city')).toBe(String(second.id));
      await poll(async () => Number(await cityMap().getAttribute('data-riders'))).toBe(
        await onlineRidersOf(second),
      );
    }
  });
});
