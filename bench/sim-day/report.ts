import { DISPATCH_DEFAULTS } from '../../apps/server/src/modules/dispatch/dispatch-config';
import { type OrderRecord, SAMPLE_LIFE_MIN, type SimResult } from './records';

/** The day's figures per policy, and the table `npm run bench:sim-day` prints. */

const MIN = 60_000;

/** Every booked order ends in exactly one of these. */
export const OUTCOMES = [
  'collected on time',
  'collected late',
  'patient away',
  'sample expired',
  'not reached',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Why an order was not reached on time; the first that applies, in this order. */
export const LATE_CAUSES = [
  'escalated: nobody on time',
  'rider broke down or dropped out',
  'assigned already late',
  'bumped by a later job assignment',
  'bumped by a dispatcher assignment',
  'road or door took longer',
  'never reached',
] as const;
export type LateCause = (typeof LATE_CAUSES)[number];

export interface DayFigures {
  policy: string;
  booked: number;
  outcomes: Record<Outcome, number>;
  reachedOnTime: number;
  collected: number;
  onTimeReachRate: number;
  onTimeCollectRate: number;
  kmPerCollected: number;
  ordersPerRiderHour: number;
  escalations: number;
  lateByCause: Record<LateCause, number>;
  riderKm: number;
  riderHours: number;
  solveMs: number;
  dispatchRuns: number;
}

const onTime = (o: OrderRecord, graceMinutes: number) =>
  o.reachedAt !== null && o.reachedAt <= o.order.pickup + graceMinutes * MIN;

export function outcomeOf(o: OrderRecord, graceMinutes: number): Outcome {
  if (o.status === 'patientAway') return 'patient away';
  if (o.collectedAt !== null) {
    const fresh = o.deliveredAt !== null && o.deliveredAt - o.collectedAt <= SAMPLE_LIFE_MIN * MIN;
    if (!fresh) return 'sample expired';
    return onTime(o, graceMinutes) ? 'collected on time' : 'collected late';
  }
  return 'not reached';
}

export function lateCauseOf(o: OrderRecord, graceMinutes: number): LateCause | null {
  if (onTime(o, graceMinutes)) return null;
  if (o.escalated) return 'escalated: nobody on time';
  if (o.riderProblem) return 'rider broke down or dropped out';
  if (o.assignedLate) return 'assigned already late';
  if (o.bumped === 'job') return 'bumped by a later job assignment';
  if (o.bumped === 'dispatcher') return 'bumped by a dispatcher assignment';
  return o.reachedAt !== null ? 'road or door took longer' : 'never reached';
}

export function figures(
  result: SimResult,
  graceMinutes = DISPATCH_DEFAULTS.onTimeGraceMinutes,
): DayFigures {
  const outcomes = Object.fromEntries(OUTCOMES.map((k) => [k, 0])) as Record<Outcome, number>;
  const lateByCause = Object.fromEntries(LATE_CAUSES.map((k) => [k, 0])) as Record<
    LateCause,
    number
  >;
  let reachedOnTime = 0;
  for (const o of result.orders) {
    outcomes[outcomeOf(o, graceMinutes)]++;
    const cause = lateCauseOf(o, graceMinutes);
    if (cause) lateByCause[cause]++;
    else reachedOnTime++;
  }
  const booked = result.orders.length;
  const collected = outcomes['collected on time'] + outcomes['collected late'];
  return {
    policy: result.policy,
    booked,
    outcomes,
    reachedOnTime,
    collected,
    onTimeReachRate: reachedOnTime / Math.max(1, booked),
    onTimeCollectRate: outcomes['collected on time'] / Math.max(1, booked),
    kmPerCollected: result.riderKm / Math.max(1, collected),
    ordersPerRiderHour: collected / Math.max(1e-9, result.riderHours),
    escalations: result.orders.filter((o) => o.escalated).length,
    lateByCause,
    riderKm: result.riderKm,
    riderHours: result.riderHours,
    solveMs: result.solveMs,
    dispatchRuns: result.dispatchRuns,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function formatTable(title: string, rows: readonly DayFigures[]): string {
  const lines = [`\n${title}`];
  const cols = [
    ['policy', 30],
    ['reach on time', 14],
    ['collect on time', 16],
    ['km / collected', 15],
    ['orders / rider-h', 17],
    ['escalations', 12],
    ['solver ms', 10],
  ] as const;
  lines.push(cols.map(([h, w], i) => (i === 0 ? h.padEnd(w) : h.padStart(w))).join(''));
  for (const f of rows) {
    const cells = [
      `${rows.indexOf(f) + 1} ${f.policy}`,
      pct(f.onTimeReachRate),
      pct(f.onTimeCollectRate),
      f.kmPerCollected.toFixed(2),
      f.ordersPerRiderHour.toFixed(2),
      String(f.escalations),
      f.solveMs.toFixed(0),
    ];
    lines.push(
      cells.map((c, i) => (i === 0 ? c.padEnd(cols[i]![1]) : c.padStart(cols[i]![1]))).join(''),
    );
  }
  lines.push('\nlate orders by cause (not reached by slot start + grace), per policy number above');
  lines.push(
    `${'cause'.padEnd(34)}${rows.map((f) => String(rows.indexOf(f) + 1).padStart(8)).join('')}`,
  );
  for (const c of LATE_CAUSES) {
    lines.push(`${c.padEnd(34)}${rows.map((f) => String(f.lateByCause[c]).padStart(8)).join('')}`);
  }
  lines.push('\noutcome of every booked order');
  for (const k of OUTCOMES) {
    lines.push(`${k.padEnd(34)}${rows.map((f) => String(f.outcomes[k]).padStart(8)).join('')}`);
  }
  lines.push(`${'booked'.padEnd(34)}${rows.map((f) => String(f.booked).padStart(8)).join('')}`);
  return lines.join('\n');
}
