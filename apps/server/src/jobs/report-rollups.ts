import type { OnTimeModel } from '@dastak/core/rules/lateness';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  recomputeRollups,
  rollupModel,
  saveRollupModel,
  takeDirtyMarks,
} from '../modules/reports/report-rollups.repository';
import { startPeriodicJob } from './periodic-job';

/** Seconds between runs: how stale a report may be after a change (ADR 0040). */
export const REPORT_ROLLUPS_PERIOD_MS = 30_000;
/** Marks taken per transaction, so one run never holds a long transaction on a busy day. */
const BATCH = 500;

const sameModel = (a: OnTimeModel | null, b: OnTimeModel) =>
  a?.onTimeGraceMinutes === b.onTimeGraceMinutes &&
  a?.pickupServiceMinutes === b.pickupServiceMinutes;

/** Every roll-up row from the raw tables, consuming every mark (demo data, a model change). */
export async function rebuildReportRollups(db: Db, model: OnTimeModel): Promise<void> {
  await db.transaction(async (tx) => {
    await takeDirtyMarks(tx);
    await recomputeRollups(tx, { all: true }, model);
    await saveRollupModel(tx, model);
  });
}

/**
 * One pass: the marked (vertical, region, day) keys recomputed, batch by batch, until no mark
 * is left; a full rebuild instead when the roll-ups were counted with another on-time model.
 * Answers how many keys were recomputed (-1: a full rebuild).
 */
export async function runReportRollupsOnce(db: Db, model: OnTimeModel): Promise<number> {
  if (!sameModel(await rollupModel(db), model)) {
    await rebuildReportRollups(db, model);
    return -1;
  }
  let recomputed = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const taken = await takeDirtyMarks(tx, BATCH);
      await recomputeRollups(tx, { keys: taken }, model);
      return taken;
    });
    recomputed += keys.length;
    if (keys.length === 0) return recomputed;
  }
}

/** At start and every period; one instance per period across instances (job_leases). */
export function startReportRollupsJob(
  db: Db,
  log: FastifyBaseLogger,
  opts: { model: OnTimeModel; holder?: string },
) {
  return startPeriodicJob({
    name: 'report-rollups',
    periodMs: REPORT_ROLLUPS_PERIOD_MS,
    log,
    immediate: true,
    lease: { db, holder: opts.holder },
    run: async () => {
      const n = await runReportRollupsOnce(db, opts.model);
      if (n !== 0) log.info({ keys: n }, 'report-rollups');
    },
  });
}
