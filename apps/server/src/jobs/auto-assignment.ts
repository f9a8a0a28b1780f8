import type { Vertical } from '@dastak/core/states';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { isDomainError } from '../lib/domain-errors';
import * as repo from '../modules/dispatch/dispatch.repository';
import { DISPATCH_DEFAULTS, type DispatchConfig } from '../modules/dispatch/dispatch-config';
import { solveAssignments } from '../modules/dispatch/routing/auto-assign';
import { travelAmong } from '../modules/dispatch/routing/distance';
import { planRoute } from '../modules/dispatch/routing/route-plan';
import { explainChoice, riderName } from '../modules/dispatch/suggested/assignment-explanation';
import { toOrderModel, toRiderModels } from '../modules/dispatch/suggested/rider-models';
import { cellContext } from '../modules/dispatch/suggested/scoring';
import {
  assignOrder,
  recordAssignmentFailed,
} from '../modules/orders/actions/order-assign.service';
import { reportProblem } from '../modules/orders/actions/order-rider.service';
import { ordersToEscalate, waitingWindow } from './auto-assignment-rules';
import { startPeriodicJob } from './periodic-job';

/**
 * Auto-assignment (docs/decisions/0009-dispatch.md): every period, the orders waiting within the
 * horizon are solved together against the free riders of their vertical, assigned through the
 * orders module (which re-checks everything under row locks), and the ones nobody can reach on
 * time are escalated to 'problem' once their pickup is close.
 */

const SYSTEM = { kind: 'system' } as const;

export interface AutoAssignmentOptions {
  config?: DispatchConfig;
  osrmUrl?: string;
  log?: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>;
}

export interface AutoAssignmentReport {
  waiting: number;
  assigned: number;
  escalated: number;
  /** Assignments a dispatcher (or another instance) got to first: 409, skipped. */
  conflicts: number;
}

export async function runAutoAssignmentOnce(
  db: Db,
  now: Date = new Date(),
  opts: AutoAssignmentOptions = {},
): Promise<AutoAssignmentReport> {
  const config = opts.config ?? DISPATCH_DEFAULTS;
  const t = now.getTime();
  const span = waitingWindow(t, config);
  const waiting = await repo.listWaitingOrders(db, new Date(span.from), new Date(span.to));
  const report: AutoAssignmentReport = {
    waiting: waiting.length,
    assigned: 0,
    escalated: 0,
    conflicts: 0,
  };
  const verticals = [...new Set(waiting.map((o) => o.vertical))];
  for (const vertical of verticals) {
    await runVertical(
      db,
      vertical,
      waiting.filter((o) => o.vertical === vertical),
      t,
      config,
      opts,
      report,
    );
  }
  return report;
}

async function runVertical(
  db: Db,
  vertical: Vertical,
  waiting: repo.DispatchOrderRow[],
  now: number,
  config: DispatchConfig,
  opts: AutoAssignmentOptions,
  report: AutoAssignmentReport,
) {
  const scope = { vertical };
  const { riders: riderRows, tasks: taskRows } = await repo.listCandidatesWithQueues(db, scope);
  const regionIds = [...new Set([...waiting, ...riderRows].map((x) => x.regionId))];
  const regionRows = await repo.listRegions(db, regionIds);
  const hyperlocal = regionRows.filter((r) => r.isHyperlocalModeEnabled).map((r) => r.id);
  const cellRows = await repo.listCells(db, hyperlocal);
  const regionsById = new Map(regionRows.map((r) => [r.id, r]));
  const orders = waiting.map((o) =>
    toOrderModel(
      o,
      regionsById.get(o.regionId),
      cellRows.filter((c) => c.regionId === o.regionId),
    ),
  );
  const riders = toRiderModels(riderRows, taskRows, regionsById, now);
  const cells = cellContext(riders, cellRows, true);
  const travel = await travelAmong(
    [...orders.map((o) => o.point), ...riders.flatMap((r) => (r.position ? [r.position] : []))],
    { osrmUrl: opts.osrmUrl, timeoutMs: config.osrmTimeoutMs, model: config },
  );
  const input = { orders, riders, now, travel, config, cells };
  const result = solveAssignments(input);

  const ordersById = new Map(orders.map((o) => [o.orderId, o]));
  const ridersById = new Map(riders.map((r) => [r.id, r]));
  const names = new Map(riderRows.map((r) => [r.id, riderName(r)]));
  const nameOf = (id: number) => names.get(id) ?? '';
  const setOf = new Map<number, typeof orders>();
  for (const a of result.assignments) {
    setOf.set(a.riderId, [...(setOf.get(a.riderId) ?? []), ordersById.get(a.orderId)!]);
  }
  // Earliest pickups first, so a race lost late in the batch costs the least.
  const assignments = [...result.assignments].sort(
    (a, b) => ordersById.get(a.orderId)!.pickup - ordersById.get(b.orderId)!.pickup,
  );
  for (const a of assignments) {
    const rider = ridersById.get(a.riderId)!;
    const arrival = planRoute(rider, setOf.get(a.riderId)!, now, travel, config, a.orderId).target
      ?.arrival;
    // Why this rider: the assign dialog's figures for the order, from this run's snapshot.
    const explanation = explainChoice(
      ordersById.get(a.orderId)!,
      riders,
      { now, travel, config, cells },
      a.riderId,
      nameOf,
    );
    const ok = await attempt(opts, 'assign', a.orderId, () =>
      assignOrder(
        db,
        {
          vertical,
          orderId: a.orderId,
          riderId: a.riderId,
          auto: true,
          expectedReachAt: arrival ? new Date(arrival) : null,
          explanation,
        },
        SYSTEM,
      ),
    );
    if (ok) report.assigned++;
    else report.conflicts++;
  }

  const unplaced = waiting.filter((o) => result.unassigned.includes(o.id));
  const due = ordersToEscalate(unplaced, now, config, vertical);
  const free = riders.filter((r) => r.isOnDuty && r.isOnline).length;
  const reason = `${free} riders on duty, none on time`;
  // The rest wait for a later run; their log says once (per pickup) that this run found no one.
  for (const o of unplaced.filter((x) => !due.includes(x))) {
    const ok = await attempt(opts, 'log', o.id, () =>
      recordAssignmentFailed(db, { orderId: o.id, reason }, SYSTEM),
    );
    if (!ok) report.conflicts++;
  }
  if (due.length === 0) return;
  const problemStringId = await repo.noRiderProblemStringId(db);
  for (const o of due) {
    const ok = await attempt(opts, 'escalate', o.id, () =>
      reportProblem(db, { orderId: o.id, problemStringId, text: reason }, SYSTEM),
    );
    if (ok) report.escalated++;
    else report.conflicts++;
  }
}

/**
 * Runs one order action; a domain error (the order moved on, the rider filled up) is a refusal
 * and is skipped; anything else is a bug and is thrown.
 */
async function attempt(
  opts: AutoAssignmentOptions,
  what: string,
  orderId: number,
  action: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (err) {
    if (isDomainError(err)) {
      opts.log?.debug({ orderId, detail: err.detail }, `auto-assignment: ${what} skipped`);
      return false;
    }
    throw err;
  }
}

/**
 * Runs the job every config.periodMs until stopped; a failed run is logged, not fatal. With
 * several instances on one database, one of them runs each period (the job_leases row, ADR 0035):
 * two solvers working from the same snapshot would only fight over the same orders.
 */
export function startAutoAssignment(
  db: Db,
  log: FastifyBaseLogger,
  opts: Omit<AutoAssignmentOptions, 'log'> & {
    /** Names this instance in job_leases (default: this process's INSTANCE_ID). */
    holder?: string;
  } = {},
) {
  const { holder, ...runOpts } = opts;
  return startPeriodicJob({
    name: 'auto-assignment',
    periodMs: (opts.config ?? DISPATCH_DEFAULTS).periodMs,
    log,
    lease: { db, holder },
    run: async () => {
      const r = await runAutoAssignmentOnce(db, new Date(), { ...runOpts, log });
      if (r.assigned || r.escalated) log.info(r, 'auto-assignment');
    },
  });
}
