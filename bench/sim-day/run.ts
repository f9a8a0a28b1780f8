import type { DispatchConfig } from '../../apps/server/src/modules/dispatch/dispatch-config';
import { POLICIES } from './policies';
import { type DayFigures, figures, formatTable } from './report';
import { simulateDay } from './simulate';
import { BUSY_DAY, type DaySpec, generateDay, NORMAL_DAY } from './world';

/**
 * `npm run bench:sim-day`: a busy day (demand near what the fleet can collect) under the four
 * dispatch policies of ADR 0044 and two starred variants (policies.ts) with the production
 * settings, the same day with a shorter auto-assignment
 * horizon, and a normal day. SIM_SEED picks another day; SIM_BUSY_ONLY=1 skips the other two;
 * SIM_SEEDS=1,2,3 adds one line per seeded busy day (on-time collection and km per policy).
 */

const seed = Number(process.env.SIM_SEED ?? 16);
/** The horizon the second busy table tries: committing riders less far ahead. */
const SHORT_HORIZON_MINUTES = 45;

function runDay(title: string, spec: DaySpec, config: Partial<DispatchConfig> = {}): DayFigures[] {
  const day = generateDay(spec);
  const t0 = performance.now();
  const rows = POLICIES.map((p) => figures(simulateDay(day, p, { config })));
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const heading = `${title}: ${spec.orders} bookings, ${spec.riders} riders, seed ${spec.seed}`;
  console.log(formatTable(`${heading} (${secs} s for the policies)`, rows));
  return rows;
}

function verdict(rows: DayFigures[]) {
  const nearest = rows.find((f) => f.policy === 'nearest free rider')!;
  const joint = rows.find((f) => f.policy === 'joint solver')!;
  const lead = 100 * (joint.onTimeCollectRate - nearest.onTimeCollectRate);
  const met = lead >= 10 && joint.kmPerCollected < nearest.kmPerCollected;
  console.log(
    `target (joint >= nearest + 10 points on-time collection, fewer km per collected): ${
      met ? 'met' : 'NOT met'
    } (${lead.toFixed(1)} points; ${joint.kmPerCollected.toFixed(2)} vs ${nearest.kmPerCollected.toFixed(2)} km)`,
  );
}

verdict(runDay('busy day, production settings', { ...BUSY_DAY, seed }));
console.log(
  "* not what the job runs today: the solver's free visiting order (sequence: 'free', riders ride it)",
);
if (!process.env.SIM_BUSY_ONLY) {
  verdict(
    runDay(
      `busy day, ${SHORT_HORIZON_MINUTES}-minute auto-assignment horizon`,
      { ...BUSY_DAY, seed },
      { horizonMinutes: SHORT_HORIZON_MINUTES },
    ),
  );
  verdict(runDay('normal day, production settings', { ...NORMAL_DAY, seed }));
}

const sweep = (process.env.SIM_SEEDS ?? '').split(',').filter(Boolean).map(Number);
if (sweep.length > 0) {
  console.log('\nbusy days by seed: on-time collection / km per collected order');
  console.log(`${'seed'.padEnd(6)}${POLICIES.map((p) => p.name.padStart(28)).join('')}`);
  for (const s of sweep) {
    const day = generateDay({ ...BUSY_DAY, seed: s });
    const cells = POLICIES.map((p) => {
      const f = figures(simulateDay(day, p));
      return `${(100 * f.onTimeCollectRate).toFixed(1)} % / ${f.kmPerCollected.toFixed(2)}`.padStart(
        28,
      );
    });
    console.log(`${String(s).padEnd(6)}${cells.join('')}`);
  }
}
