/**
 * Rider fleet simulator: riders log in through the rider API, go on duty, ride towards their
 * tasks and walk orders through reached, collected and delivered, while a call centre books new
 * orders through the staff API. `npm run simulate -- --help` lists the flags.
 */

import { parseArgs } from 'node:util';
import { RIDER_APP_VERSION } from '@dastak/core/constants';
import { ApiClient, LoginGate } from './api-client';
import { Backoffice, type RosterRider, type Vertical } from './backoffice';
import { Demand } from './demand';
import { Rng } from './random';
import { RiderAgent } from './rider-agent';
import { Stats } from './stats';

const HELP = `npm run simulate -- [flags]
  --url URL               server to drive (default http://localhost:8080)
  --riders N              riders to simulate (default 40)
  --orders-per-minute R   bookings per minute, Poisson (default 6; 0 books nothing)
  --speed-kmh S           riding speed (default 25)
  --tick-ms T             location ping period per rider (default 2000)
  --problem-rate P        chance a pickup ends in a reported problem (default 0.03)
  --offline-rate P        chance per rider per minute of going offline for 1-3 min (default 0.01)
  --vertical V            blood | xray | both (default both)
  --shifts S              follow: riders ride only in their own shifts, some late, some not at
                          all, some away from their hotspot; ignore: everyone rides from the
                          start (default follow)
  --duration-min M        stop after M minutes; 0 runs until Ctrl+C (default 0)
  --seed N                random seed (default 42)
  --password P            demo password (default $DEMO_STAFF_PASSWORD or dastak123)
  --logins-per-minute L   login pace; the server allows 30 a minute per address (default 25)
  --quiet                 only the stats lines`;

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    riders: { type: 'string', default: '40' },
    'orders-per-minute': { type: 'string', default: '6' },
    'speed-kmh': { type: 'string', default: '25' },
    'tick-ms': { type: 'string', default: '2000' },
    'problem-rate': { type: 'string', default: '0.03' },
    'offline-rate': { type: 'string', default: '0.01' },
    vertical: { type: 'string', default: 'both' },
    shifts: { type: 'string', default: 'follow' },
    'duration-min': { type: 'string', default: '0' },
    seed: { type: 'string', default: '42' },
    password: { type: 'string', default: process.env.DEMO_STAFF_PASSWORD ?? 'dastak123' },
    'logins-per-minute': { type: 'string', default: '25' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (flags.help) {
  console.log(HELP);
  process.exit(0);
}

function num(name: keyof typeof flags, min: number, max = Number.POSITIVE_INFINITY): number {
  const v = Number(flags[name]);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number from ${min} to ${max} (got ${flags[name]})`);
    process.exit(2);
  }
  return v;
}

const opts = {
  url: String(flags.url).replace(/\/+$/, ''),
  riders: Math.floor(num('riders', 0, 5000)),
  ordersPerMinute: num('orders-per-minute', 0),
  speedKmh: num('speed-kmh', 1, 1000),
  tickMs: Math.floor(num('tick-ms', 200)),
  problemRate: num('problem-rate', 0, 1),
  offlineRate: num('offline-rate', 0),
  durationMin: num('duration-min', 0),
  seed: Math.floor(num('seed', 0)),
  loginsPerMinute: num('logins-per-minute', 1, 1000),
  password: String(flags.password),
};
const verticalFlag = String(flags.vertical);
if (!['blood', 'xray', 'both'].includes(verticalFlag)) {
  console.error('--vertical must be blood, xray or both');
  process.exit(2);
}
if (!['follow', 'ignore'].includes(String(flags.shifts))) {
  console.error('--shifts must be follow or ignore');
  process.exit(2);
}
const followShifts = flags.shifts === 'follow';
const verticals: Vertical[] =
  verticalFlag === 'both' ? ['blood', 'xray'] : [verticalFlag as Vertical];

/** Demo riders are rider1..rider179@dastak.local when the staff rider list is unavailable. */
const DEMO_RIDER_COUNT = 179;
const STATS_EVERY_MS = 30_000;
const DEVICES = ['Samsung Galaxy A14', 'Infinix Hot 30', 'Tecno Spark 10', 'Redmi Note 12'];

const stamp = () => new Date().toISOString().slice(11, 19);
const log = (msg: string) => {
  if (!flags.quiet) console.log(`${stamp()} ${msg}`);
};

const stats = new Stats();
const gate = new LoginGate(opts.loginsPerMinute);
const rng = new Rng(opts.seed);
const client = (email: string) =>
  new ApiClient(opts.url, { email, password: opts.password }, gate, (ok, e) => {
    if (!ok) stats.error(e, 'request');
  });

let running = true;
const isRunning = () => running;

async function main() {
  console.log(
    `simulating ${opts.riders} riders and ${opts.ordersPerMinute} orders/min (${verticals.join(
      '+',
    )}) against ${opts.url}, seed ${opts.seed}; riders ${
      followShifts ? 'keep their shifts' : 'ride regardless of shifts'
    }`,
  );
  const backoffice = new Backoffice(client('dispatcher@dastak.local'), log);
  await backoffice.staff.login();
  await backoffice.load();

  const roster: RosterRider[] =
    (await backoffice.roster(verticals)) ??
    rng
      .fork(1)
      .shuffle(Array.from({ length: DEMO_RIDER_COUNT }, (_, i) => i + 1))
      .map((n) => ({
        email: `rider${n}@dastak.local`,
        vertical: null,
        start: null,
        mobileModel: null,
        appVersion: null,
      }));
  const chosen = roster.slice(0, opts.riders);
  if (chosen.length < opts.riders) log(`only ${chosen.length} riders available`);

  const agents = chosen.map((r, i) => {
    const riderRng = rng.fork(1000 + i);
    return new RiderAgent(
      client(r.email),
      backoffice,
      riderRng,
      stats,
      {
        tickMs: opts.tickMs,
        speedKmh: opts.speedKmh,
        problemRate: opts.problemRate,
        offlineRate: opts.offlineRate,
        verticals: r.vertical ? [r.vertical] : verticals,
        followShifts,
      },
      r.start,
      {
        mobileModel: r.mobileModel ?? riderRng.pick(DEVICES),
        appVersion: r.appVersion ?? RIDER_APP_VERSION,
      },
      log,
    );
  });

  const demand = new Demand(
    client('agent@dastak.local'),
    rng.fork(2),
    stats,
    verticals,
    opts.ordersPerMinute,
    log,
  );
  const loops: Promise<void>[] = [];
  if (opts.ordersPerMinute > 0) {
    loops.push(
      demand
        .prepare()
        .then(() => demand.run(isRunning))
        .catch((e) => log(`demand stopped: ${(e as Error).message}`)),
    );
  }
  // Riders log in one after another at the login pace and start riding as soon as they are in.
  for (const agent of agents) {
    loops.push(
      (async () => {
        if (!running) return;
        try {
          await agent.start();
        } catch (e) {
          stats.error(e instanceof Error ? e : undefined, 'rider login');
          log(`${agent.name} could not start: ${(e as Error).message}`);
          return;
        }
        if (!running) return void (await agent.stop());
        if (!followShifts) log(`${agent.name} is on duty`);
        await agent.run(isRunning);
      })(),
    );
  }

  const ticker = setInterval(() => console.log(stats.line()), STATS_EVERY_MS);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      running = false;
      clearInterval(ticker);
      console.log('stopping: taking riders offline...');
      await Promise.race([Promise.allSettled(loops), sleep(opts.tickMs + 20_000)]);
      await Promise.allSettled(agents.filter((a) => a.online).map((a) => a.stop()));
      console.log(stats.summary());
      process.exit(0);
    })();
    return stopping;
  };
  let firstSigint = 0;
  process.on('SIGINT', () => {
    // tsx forwards the terminal's SIGINT, so one Ctrl+C can arrive twice: only a second press
    // a moment later skips the clean stop.
    if (stopping && Date.now() - firstSigint > 1_000) process.exit(130);
    firstSigint ||= Date.now();
    void stop();
  });
  process.on('SIGTERM', () => void stop());
  if (opts.durationMin > 0) setTimeout(() => void stop(), opts.durationMin * 60_000);
  await Promise.allSettled(loops);
  if (running) await stop();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

main().catch((e) => {
  console.error(`simulator failed: ${(e as Error).message}`);
  process.exit(1);
});
