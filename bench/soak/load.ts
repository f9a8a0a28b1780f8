import { performance } from 'node:perf_hooks';
import { REALTIME_INVALIDATE_BATCH_MS } from '@dastak/core/constants';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { DASHBOARD_ORDER_STATES } from '@dastak/core/states';
import {
  openStream,
  type StreamClient,
} from '../../apps/server/src/modules/realtime/stream-client';
import { loginToken } from '../../apps/server/src/ops/spawn-server';
import { ApiClient, allPages, LoginGate } from '../../apps/simulator/src/api-client';
import { Backoffice, type Vertical } from '../../apps/simulator/src/backoffice';
import { Demand } from '../../apps/simulator/src/demand';
import { Rng } from '../../apps/simulator/src/random';
import { RiderAgent } from '../../apps/simulator/src/rider-agent';
import { Stats } from '../../apps/simulator/src/stats';
import type { Meter } from './meter';

/**
 * The soak's traffic, all bounded by `running()` (the run's deadline): the simulator's rider
 * fleet and call centre (its own modules, in this process, so every call is metered), dashboards
 * (a realtime stream per region, refetching what its events invalidate as the console does) and
 * dispatchers paging the orders lists.
 */
export interface LoadOptions {
  url: string;
  password: string;
  riders: number;
  ordersPerMinute: number;
  streams: number;
  listClients: number;
  listEveryMs: number;
  loginsPerMinute: number;
  running: () => boolean;
  meter: Meter;
}

const VERTICALS: Vertical[] = ['blood', 'xray'];
const DISPATCHER = 'dispatcher@dastak.local';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = () => {};
/** A stream the server ends (a restart, a stall) is reopened, a bounded number of times. */
const MAX_REOPENS = 20;

function today() {
  const now = new Date();
  const from = toKarachiIso(startOfKarachiDay(now));
  const to = toKarachiIso(endOfKarachiDay(now));
  const sixBack = toKarachiIso(new Date(now.getTime() - 6 * 86_400_000)).slice(0, 10);
  return {
    win: { pickupFrom: from, pickupTo: to },
    sixBack,
  };
}

export async function startLoad(o: LoadOptions) {
  const stats = new Stats();
  const gate = new LoginGate(o.loginsPerMinute);
  // Staff sessions do not queue behind the riders' logins.
  const staffGate = new LoginGate(o.loginsPerMinute);
  const client = (email: string, g = gate) =>
    new ApiClient(o.url, { email, password: o.password }, g, (ok, e) => {
      if (!ok) stats.error(e, 'request');
    });
  const rng = new Rng(42);
  const backoffice = new Backoffice(client(DISPATCHER, staffGate), quiet);
  await backoffice.staff.login();
  await backoffice.load();
  const roster = await backoffice.roster(VERTICALS);
  if (!roster) throw new Error('the staff rider list is unavailable');
  const chosen = roster.slice(0, o.riders);

  // Dashboards on the regions holding most of the chosen riders.
  const staffRiders = await allPages(backoffice.staff, '/entity/riders/', { maxPages: 20 });
  const chosenEmails = new Set(chosen.map((r) => r.email));
  const byRegion = new Map<number, { vertical: Vertical; riders: number }>();
  for (const r of staffRiders) {
    const region = r.profile?.region?.id;
    if (!region || !r.email || !chosenEmails.has(r.email)) continue;
    const vertical: Vertical = r.profile?.vertical?.name === 'xray' ? 'xray' : 'blood';
    const e = byRegion.get(region) ?? { vertical, riders: 0 };
    e.riders++;
    byRegion.set(region, e);
  }
  const dashRegions = [...byRegion.entries()]
    .sort((a, b) => b[1].riders - a[1].riders)
    .slice(0, o.streams)
    .map(([regionId, e]) => ({ regionId, vertical: e.vertical }));

  const agents = chosen.map((r, i) => {
    const riderRng = rng.fork(1000 + i);
    return new RiderAgent(
      client(r.email),
      backoffice,
      riderRng,
      stats,
      {
        tickMs: 2000,
        speedKmh: 25,
        problemRate: 0.03,
        offlineRate: 0.01,
        verticals: r.vertical ? [r.vertical] : VERTICALS,
        followShifts: false, // the soak wants every rider moving at any hour
      },
      r.start,
      { mobileModel: r.mobileModel ?? 'Infinix Hot 30', appVersion: r.appVersion ?? '1.0.0' },
      quiet,
    );
  });
  const loops: Promise<unknown>[] = [];
  const demand = new Demand(
    client('agent@dastak.local', staffGate),
    rng.fork(2),
    stats,
    VERTICALS,
    o.ordersPerMinute,
    quiet,
  );
  loops.push(
    demand
      .prepare()
      .then(() => demand.run(o.running))
      .catch(() => stats.error(undefined, 'demand stopped')),
  );
  for (const agent of agents) {
    loops.push(
      (async () => {
        try {
          await agent.start();
        } catch (e) {
          stats.error(e instanceof Error ? e : undefined, 'rider login');
          return;
        }
        await agent.run(o.running);
      })(),
    );
  }

  // Dashboards: one stream each; events mark calls stale, refetched once per batch period.
  const dashApi = client(DISPATCHER, staffGate);
  const streams: StreamClient[] = [];
  let reopens = 0;
  let events = 0;
  let streamToken = await loginToken(o.url, DISPATCHER, o.password);
  for (const d of dashRegions) {
    const stale = new Set<string>();
    const all = [
      'map',
      'late',
      'atRisk',
      'orderStats',
      'onTime',
      'daily',
      'riderStats',
      'roster',
      'online',
    ];
    // One dashboard call by name, as the dashboard page makes it.
    const call = (name: string) => {
      const { win, sixBack } = today();
      const vertical = { params: { vertical: d.vertical } };
      const r = d.regionId;
      const states = [...DASHBOARD_ORDER_STATES];
      switch (name) {
        case 'map':
          return dashApi.get('/orders/:vertical/dashboard/', {
            ...vertical,
            query: { ...win, regions: r, states },
          });
        case 'late':
          return dashApi.get('/orders/:vertical/late-orders/', {
            ...vertical,
            query: { ...win, regions: r },
          });
        case 'atRisk':
          return dashApi.get('/orders/:vertical/at-risk-orders/', {
            ...vertical,
            query: { ...win, regions: r },
          });
        case 'orderStats':
          return dashApi.get('/stats/:vertical/orders/', {
            ...vertical,
            query: { ...win, regionId: r },
          });
        case 'onTime':
          return dashApi.get('/stats/:vertical/dashboard/', {
            ...vertical,
            query: { ...win, regionId: r },
          });
        case 'daily':
          return dashApi.get('/stats/daily-order-stats/', { query: { date: sixBack, region: r } });
        case 'riderStats':
          return dashApi.get('/stats/rider/', { query: { regionId: r } });
        case 'roster':
          return dashApi.get('/entity/riders-np/', { query: { regions: r } });
        default:
          return dashApi.get('/entity/online-riders/', { query: { regions: r } });
      }
    };
    let ended = false;
    const open = async () => {
      let s = await openStream(o.url, `region_id=${d.regionId}`, {
        authorization: `Bearer ${streamToken}`,
      });
      if (s.status === 401) {
        streamToken = await loginToken(o.url, DISPATCHER, o.password);
        s = await openStream(o.url, `region_id=${d.regionId}`, {
          authorization: `Bearer ${streamToken}`,
        });
      }
      if (s.status !== 200) throw new Error(`stream on region ${d.regionId}: ${s.status}`);
      streams.push(s);
      // What the console fetches on opening (and again on `hello`, which may be read already).
      for (const n of all) stale.add(n);
      ended = false;
      void s.ended.then(() => {
        ended = true;
      });
      s.onEvent = (e) => {
        events++;
        if (e.type === 'hello') for (const n of all) stale.add(n);
        else if (e.type === 'riderPosition')
          o.meter.positionSeen(e.data.latitude, e.data.longitude);
        else if (e.type === 'riderState') for (const n of ['riderStats', 'roster']) stale.add(n);
        else if (e.type === 'orderState' && e.data.vertical === d.vertical)
          for (const n of ['map', 'late', 'atRisk']) stale.add(n);
        else if (e.type === 'statsInvalidated') stale.add('orderStats');
      };
      return s;
    };
    loops.push(
      (async () => {
        let s = await open();
        while (o.running()) {
          await sleep(REALTIME_INVALIDATE_BATCH_MS);
          if (s.events.length > 10_000) s.events.length = 0; // memory of this process, not the server's
          const due = [...stale];
          stale.clear();
          await Promise.allSettled(due.map(call));
          if (ended && o.running() && reopens < MAX_REOPENS) {
            reopens++;
            s = await open();
          }
        }
      })().catch(() => stats.error(undefined, 'dashboard stopped')),
    );
  }

  // Dispatchers paging the orders lists (the filter sets of bench/order-list.bench.ts).
  const listApi = client(DISPATCHER, staffGate);
  const mix = (r: number) => {
    const { win } = today();
    return [
      { ...win, ordering: 'pickup' },
      { ...win, ordering: '-created' },
      { ...win, regions: r, ordering: 'pickup' },
      { ...win, states: ['needsAssignment', 'assigned', 'problem'], ordering: 'pickup' },
      { ...win, search: '0300', ordering: 'pickup' },
      { ordering: '-created' },
      { ...win, ordering: 'pickup', page: 2 },
    ];
  };
  for (let c = 0; c < o.listClients; c++) {
    const listRng = rng.fork(500 + c);
    loops.push(
      (async () => {
        while (o.running()) {
          const d = dashRegions.length
            ? listRng.pick(dashRegions)
            : { vertical: 'blood' as const, regionId: 1 };
          await listApi
            .get('/orders/:vertical/', {
              params: { vertical: d.vertical },
              query: listRng.pick(mix(d.regionId)),
            })
            .catch(quiet);
          await sleep(o.listEveryMs * (0.5 + listRng.next()));
        }
      })(),
    );
  }

  return {
    stats,
    dashRegions,
    figures: () => ({ streamsOpened: streams.length, reopens, events }),
    async stop() {
      await Promise.race([Promise.allSettled(loops), sleep(25_000)]);
      for (const s of streams) s.close();
      await Promise.race([
        Promise.allSettled(agents.filter((a) => a.online).map((a) => a.stop())),
        sleep(20_000),
      ]);
    },
  };
}

/** One timed GET with the original fetch (the bare floor is not the server's traffic). */
export async function timedGet(get: typeof fetch, url: string): Promise<number> {
  const t0 = performance.now();
  const res = await get(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}
