import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { advanceShiftStates, generateRiderShifts } from '../modules/shifts/rider-shifts.repository';
import { startPeriodicJob } from './periodic-job';

/** Minutes between runs: a missed shift shows within this of start + the opening window. */
export const RIDER_SHIFTS_PERIOD_MS = 2 * 60_000;

export interface RiderShiftsReport {
  generated: number;
  completed: number;
  missed: number;
}

/**
 * One pass: makes the dated rider shifts of the days ahead from the weekly schedules
 * (idempotent), then the time-driven states: in progress -> completed at the end, scheduled
 * and never pinged -> missed after the opening window (ATTENDANCE_RULES). The ping roll-up
 * makes the other moves.
 */
export async function runRiderShiftsOnce(db: Db, now = new Date()): Promise<RiderShiftsReport> {
  const generated = await generateRiderShifts(db, now);
  const states = await advanceShiftStates(db, now);
  return { generated, ...states };
}

/** At start and every period; one instance per period across instances (job_leases). */
export function startRiderShiftsJob(
  db: Db,
  log: FastifyBaseLogger,
  opts: { holder?: string } = {},
) {
  return startPeriodicJob({
    name: 'rider-shifts',
    periodMs: RIDER_SHIFTS_PERIOD_MS,
    log,
    immediate: true,
    lease: { db, holder: opts.holder },
    run: async () => {
      const r = await runRiderShiftsOnce(db);
      if (r.generated || r.completed || r.missed) log.info(r, 'rider-shifts');
    },
  });
}
