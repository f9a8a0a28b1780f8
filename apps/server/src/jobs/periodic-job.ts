import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { claimJobPeriod, INSTANCE_ID } from './job-leases.repository';

/** What health and metrics report of a background job. */
export interface JobStatus {
  name: string;
  periodMs: number;
  runs: number;
  failures: number;
  /** Ticks skipped because another instance held the period (jobs with a lease). */
  skipped: number;
  lastSkippedAt: Date | null;
  running: boolean;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

/** Every job started in this process, by name (a restarted job replaces its entry). */
const jobs = new Map<string, JobStatus>();

export const jobStatuses = (): readonly JobStatus[] => [...jobs.values()];

export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** Observers of finished runs and skipped ticks (the metrics module counts and times them). */
type RunObserver = (status: JobStatus, outcome: JobOutcome) => void;
const observers = new Set<RunObserver>();
export function onJobRun(observer: RunObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * A job that runs `run` every `periodMs` until stopped: one run at a time, a failed run logged
 * and counted but never fatal, and `stop()` waits for the run in progress (shutdown closes the
 * database only after). The first run comes one period after the start, or at once when
 * `immediate`, or at once after `before` settles when given.
 *
 * With `lease`, the job runs once per period across every instance on the database: each tick
 * first claims the period in job_leases (docs/decisions/0035-instances-and-exactly-once.md);
 * an instance that does not get it skips the tick and counts the skip.
 */
export function startPeriodicJob(opts: {
  name: string;
  periodMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
  /** Runs once before the first tick, which then comes at once. */
  before?: () => Promise<unknown>;
  /** The first run comes at once rather than one period after the start. */
  immediate?: boolean;
  /** `holder` names the instance in job_leases (default: this process's INSTANCE_ID). */
  lease?: { db: DbOrTx; holder?: string };
}) {
  const status: JobStatus = {
    name: opts.name,
    periodMs: opts.periodMs,
    runs: 0,
    failures: 0,
    skipped: 0,
    lastSkippedAt: null,
    running: false,
    lastStartedAt: null,
    lastFinishedAt: null,
    lastDurationMs: null,
    lastError: null,
  };
  jobs.set(opts.name, status);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const lease = opts.lease;
  const holder = lease?.holder ?? INSTANCE_ID;
  const once = async () => {
    status.running = true;
    let outcome: JobOutcome = 'ok';
    let started = Date.now();
    try {
      // A claim that fails (database down) counts as a failed run, never as a licence to run.
      if (lease && !(await claimJobPeriod(lease.db, opts.name, opts.periodMs, holder))) {
        outcome = 'skipped';
      } else {
        started = Date.now();
        status.lastStartedAt = new Date(started);
        await opts.run();
        status.lastError = null;
      }
    } catch (err) {
      outcome = 'failed';
      status.failures += 1;
      status.lastError = err instanceof Error ? err.message : String(err);
      opts.log.error({ err }, `${opts.name} failed`);
    } finally {
      status.running = false;
    }
    if (outcome === 'skipped') {
      status.skipped += 1;
      status.lastSkippedAt = new Date();
    } else {
      status.runs += 1;
      status.lastFinishedAt = new Date();
      status.lastDurationMs = Date.now() - started;
    }
    for (const observe of observers) observe(status, outcome);
  };
  const tick = async () => {
    if (stopped) return;
    running = once();
    await running;
    if (!stopped) timer = setTimeout(tick, opts.periodMs);
  };
  if (opts.before || opts.immediate) {
    running = (opts.before?.() ?? Promise.resolve())
      .catch((err) => opts.log.error({ err }, `${opts.name}: start failed`))
      .then(tick);
  } else {
    timer = setTimeout(tick, opts.periodMs);
  }
  return {
    status,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // A stopped job is not a stalled one.
      if (jobs.get(opts.name) === status) jobs.delete(opts.name);
    },
  };
}
