import { DASHBOARD_FALLBACK_POLL_MS, REALTIME_RECONNECT_MAX_MS } from '@dastak/core/constants';
import type { Region } from '@dastak/core/entities/locations';
import type { OrderMapItem } from '@dastak/core/entities/orders';
import type { RiderSummary } from '@dastak/core/entities/riders';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import {
  dashboardMap,
  demoRider,
  regionView,
  riderLogin,
  riderPing,
  screenPoint,
} from '../fixtures/dashboard-map';
import { OrdersApi, type Page_ } from '../fixtures/order-actions-api';
import { visible } from '../fixtures/ui';

/**
 * The dashboard is live (ADR 0027): a rider-app ping moves the rider on an open
 * dashboard with no reload; a stream outage shows the banner and falls back to polling; and the
 * map stays smooth with 300 riders moving every second.
 */

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
let region: Region;

beforeAll(async () => {
  api = OrdersApi.withSession(session.baseUrl, sharedSession('admin'));
  region = (await api.get<Page_<Region>>('/location/regions/', { vertical: 'blood' })).results[0]!;
});

const mapBox = () => session.page.getByTestId('dashboard-map');
const layerSwitch = (name: string) =>
  session.page.getByRole('group', { name: 'Map layers' }).getByRole('switch', { name });

describe('live dashboard', () => {
  test('a rider-app location ping moves the rider on the map, with no reload', async () => {
    // A rider of the region who can log in to the rider app.
    const rider = await demoRider(api, region.id);
    expect(rider, 'an active rider in the first blood region').toBeDefined();
    // One rider-app login for all the pings: the shared server's access token outlives the run.
    const riderToken = await riderLogin(session.baseUrl, rider!.email!);
    const ping = (point: { latitude: number; longitude: number }) =>
      riderPing(session.baseUrl, riderToken, point);
    const { center, zoom } = regionView(region);
    // Somewhere clear of the other markers near the centre: the orders layer is off below.
    const earlier = { latitude: center.latitude + 0.006, longitude: center.longitude - 0.009 };
    const first = { latitude: center.latitude + 0.004, longitude: center.longitude - 0.006 };
    const second = { latitude: center.latitude - 0.005, longitude: center.longitude + 0.007 };
    await ping(earlier);
    await ping(first);

    await signIn('admin');
    await open('/blood/dashboard');
    const { page } = session;
    await visible(dashboardMap(page));
    await poll(() => mapBox().getAttribute('data-region')).toBe(String(region.id));
    if (await layerSwitch('Orders').isChecked()) await layerSwitch('Orders').click({ force: true });
    await poll(async () => {
      const online = await api.get<RiderSummary[]>('/entity/online-riders/', {
        regions: region.id,
      });
      return online.some((r) => r.id === rider!.id);
    }).toBe(true);
    await poll(() => mapBox().getAttribute('data-riders')).not.toBe('0');

    const map = dashboardMap(page);
    const name = `${rider!.firstName} ${rider!.lastName}`;
    const popup = page.getByTestId('rider-popup');
    const clickRider = async (point: typeof first) => {
      const at = await screenPoint(map, center, zoom, point);
      await page.mouse.click(at.x, at.y);
    };
    await poll(async () => {
      await clickRider(first);
      return (await popup.count()) > 0 && (await popup.textContent())?.includes(name);
    }).toBe(true);
    // The trail holds the stored pings of the last 30 minutes, not only what the page has seen.
    await poll(async () => (await popup.textContent()) ?? '').toMatch(
      /Trail: .*\(([2-9]|\d\d+) points\)/,
    );

    // The ping: the open popup follows the rider, moved in place (it used to be closed and
    // re-opened, fading out and back on every ping); the page never reloads.
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    // One popup, the rider's: a click on the marker of the open popup leaves it open (it used to
    // close it behind the selection's back, for good: marker-click.tsx).
    await poll(() => page.locator('.leaflet-popup').count()).toBe(1);
    const opened = (await page.locator('.leaflet-popup', { has: popup }).elementHandle())!;
    const openedAt = await opened.boundingBox();
    await ping(second);
    await poll(async () => (await opened.boundingBox())?.x).not.toBe(openedAt?.x);
    expect(await opened.evaluate((e) => e.isConnected)).toBe(true);
    await page.keyboard.press('Escape');

    // The marker moved where the rider now is.
    await poll(
      async () => {
        await clickRider(second);
        return (await popup.count()) > 0 && (await popup.textContent())?.includes(name);
      },
      { timeout: 10_000, interval: 500 },
    ).toBe(true);
    // The trail (last 30 minutes) runs through all three positions.
    await poll(async () => (await popup.textContent()) ?? '').toMatch(
      /Trail: .*\(([3-9]|\d\d+) points\)/,
    );
    expect(navigations).toEqual([]);
    await screenshot(page, 'dashboard-rider-moved');
    await layerSwitch('Orders').click({ force: true });
  });

  test('a stream outage shows the banner, polls meanwhile, and clears when the stream is back', async () => {
    const { page } = session;
    // The fallback poll (15 s) and the reconnect back-off (up to 30 s) are fast-forwarded.
    const clock = await session.fakeClock();
    await page.route('**/api/v1/realtime/stream**', (route) => route.abort('connectionreset'));
    await signIn('admin');
    await open('/blood/dashboard');
    const banner = page.getByText('Live updates paused — reconnecting');
    await visible(banner);
    await screenshot(page, 'dashboard-stream-outage');
    // Polling in the meantime: the riders call comes again without any click.
    const polled = page.waitForRequest((r) => r.url().includes('/api/v1/entity/online-riders/'));
    await clock.fastForward(DASHBOARD_FALLBACK_POLL_MS);
    await polled;
    await page.unroute('**/api/v1/realtime/stream**');
    await clock.fastForward(REALTIME_RECONNECT_MAX_MS);
    await banner.waitFor({ state: 'hidden' });
  });

  // A budget, so it is a benchmark, not part of `npm test` (house rule: budgets are never checked
  // by timed tests; beside the other specs on 2 cores a task of 168 ms was the machine, not the
  // map). Run it on its own: `npm run bench:dashboard-map` (README).
  test.runIf(process.env.DASHBOARD_PERF === '1')(
    '300 riders moving every second: no main-thread task over 50 ms',
    async () => {
      // Replayed into the page (said in ADR 0027): the riders list and the stream are served
      // by the test, 300 riders and 2,000 orders built from the region's real orders; every
      // second each rider moves. Driving 300 real rider logins would measure the test machine.
      const { page } = session;
      const { center } = regionView(region);
      const riders: RiderSummary[] = Array.from({ length: 300 }, (_, i) => ({
        id: 900_000 + i,
        firstName: 'Perf',
        lastName: `Rider ${i}`,
        phone: `0300${String(i).padStart(7, '0')}`,
        state: (i % 4) as 0 | 1 | 2 | 3,
        isOnline: true,
        isOnDuty: true,
        isWildcard: i % 17 === 0,
        isCovid: i % 23 === 0,
        lastKnownLatitude: center.latitude + ((i % 20) - 10) * 0.004,
        lastKnownLongitude: center.longitude + (Math.floor(i / 20) - 7) * 0.004,
        lastSeenAt: new Date().toISOString(),
        completedOrdersCount: 0,
        cell: null,
      }));
      const now = new Date();
      // Real map items (patients, addresses, tests) of any blood region, moved into this one.
      const all = await api.get<Page_<Region>>('/location/regions/', { vertical: 'blood' });
      let real: OrderMapItem[] = [];
      for (const r of all.results) {
        real = await api.get<OrderMapItem[]>('/orders/blood/dashboard/', {
          regions: r.id,
          pickupFrom: new Date(now.getTime() - 86_400_000).toISOString(),
          pickupTo: new Date(now.getTime() + 86_400_000).toISOString(),
        });
        if (real.length > 0) break;
      }
      expect(real.length).toBeGreaterThan(0);
      const orders = Array.from({ length: 2000 }, (_, i) => {
        const base = real[i % real.length]!;
        return {
          ...base,
          id: 800_000 + i,
          latitude: center.latitude + (((i * 37) % 200) - 100) * 0.0005,
          longitude: center.longitude + (((i * 53) % 200) - 100) * 0.0005,
        };
      });
      const ridersBody = JSON.stringify(riders);
      const ordersBody = JSON.stringify(orders);
      await page.route('**/api/v1/entity/online-riders/**', (route) =>
        route.fulfill({ body: ridersBody, contentType: 'application/json' }),
      );
      await page.route('**/api/v1/orders/blood/dashboard/**', (route) =>
        route.fulfill({ body: ordersBody, contentType: 'application/json' }),
      );
      // The stream: a page-side ReadableStream, so events arrive over time as on the wire.
      await page.addInitScript(
        ({ ids, lat, lng }) => {
          const original = window.fetch;
          const w = window as unknown as {
            __longTasks: number[];
            __marks: Record<string, number>;
          };
          w.__longTasks = [];
          // In-page times since navigation start: the map mounted (shell, bundle, region: the
          // floor any dashboard load pays) and every marker in its layer.
          w.__marks = {};
          new MutationObserver(() => {
            const map = document.querySelector('[data-testid="dashboard-map"]');
            if (!map) return;
            w.__marks.map ??= performance.now();
            if (
              map.getAttribute('data-riders') === String(ids.length) &&
              map.getAttribute('data-orders') === '2000'
            )
              w.__marks.drawn ??= performance.now();
          }).observe(document, { subtree: true, childList: true, attributes: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
          window.fetch = (input, init) => {
            const url =
              typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
            if (!url.includes('/realtime/stream')) {
              const name = url.includes('/online-riders/')
                ? 'riders'
                : url.includes('/blood/dashboard/')
                  ? 'orders'
                  : null;
              if (!name) return original(input, init);
              w.__marks[`${name}Asked`] ??= performance.now();
              return original(input, init).then((r) => {
                w.__marks[`${name}Answered`] ??= performance.now();
                void r
                  .clone()
                  .text()
                  .then(() => {
                    w.__marks[`${name}Body`] ??= performance.now();
                  });
                return r;
              });
            }
            const encoder = new TextEncoder();
            let tick = 0;
            const body = new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(
                  encoder.encode('event: hello\ndata: {"connectionId":"perf"}\n\n'),
                );
                // Each second, every rider's new position, spread over the second in 10 bursts.
                const timer = setInterval(() => {
                  tick += 1;
                  const part = tick % 10;
                  let text = '';
                  for (let i = part; i < ids.length; i += 10) {
                    const angle = (tick / 10 + i) * 0.3;
                    const data = {
                      riderId: ids[i],
                      latitude: lat + ((i % 20) - 10) * 0.004 + Math.sin(angle) * 0.002,
                      longitude: lng + (Math.floor(i / 20) - 7) * 0.004 + Math.cos(angle) * 0.002,
                      at: new Date().toISOString(),
                    };
                    text += `event: riderPosition\ndata: ${JSON.stringify(data)}\n\n`;
                  }
                  controller.enqueue(encoder.encode(text));
                }, 100);
                init?.signal?.addEventListener('abort', () => clearInterval(timer));
              },
            });
            return Promise.resolve(
              new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
            );
          };
        },
        { ids: riders.map((r) => r.id), lat: center.latitude, lng: center.longitude },
      );
      await signIn('admin');
      await open('/blood/dashboard');
      await poll(async () => [
        await mapBox().getAttribute('data-riders'),
        await mapBox().getAttribute('data-orders'),
      ]).toEqual(['300', '2000']);
      const marks = await page.evaluate(
        () => (window as unknown as { __marks: Record<string, number> }).__marks,
      );
      // Settle the first draw, then measure ten seconds of movement.
      await page.waitForTimeout(1_000);
      await page.evaluate(() => {
        (window as unknown as { __longTasks: number[] }).__longTasks = [];
      });
      await page.waitForTimeout(10_000);
      const tasks = await page.evaluate(
        () => (window as unknown as { __longTasks: number[] }).__longTasks,
      );
      await screenshot(page, 'dashboard-300-riders');
      // The replayed answers cross Playwright's route (the browser's protocol), far slower than
      // the server (bench:dashboard-calls: the map call's p95 is under 50 ms); that wait,
      // measured in this run, is set apart from the page's own time.
      const m = (k: string) => Math.round(marks[k] ?? Number.NaN);
      const replay =
        Math.max(m('ordersBody'), m('ridersBody')) - Math.min(m('ordersAsked'), m('ridersAsked'));
      console.log(
        `[perf] 300 riders + 2,000 orders drawn ${m('drawn')} ms after navigation start ` +
          `(map mounted at ${m('map')} ms; answers asked at ${m('ordersAsked')} ms, bodies in at ` +
          `${m('ordersBody')} ms); the replay's wait ${replay} ms; ` +
          `the page's own time ${m('drawn') - replay} ms (target 2,000 ms); ` +
          `long tasks while moving: ${tasks.length} (max ${Math.max(0, ...tasks).toFixed(0)} ms)`,
      );
      expect(Math.max(0, ...tasks)).toBeLessThanOrEqual(50);
    },
  );
});
