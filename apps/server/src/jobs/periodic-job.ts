import type { FastifyBaseLogger } from 'fastify';

/** What health and metrics report of a background job. */
export interface JobStatus {
  name: string;
  periodMs: number;
  runs: number;
  failures: number;
  running: boolean;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
}

/** Every job started in this process, by name (a restarted job replaces its entry). */
const jobs = new Map<string, JobStatus>();

export const jobStatuses = (): readonly JobStatus[] => [...jobs.values()];

/** Observers of finished runs (the metrics module counts and times them). */
type RunObserver = (status: JobStatus, ok: boolean) => void;
const observers = new Set<RunObserver>();
export function onJobRun(observer: RunObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * A job that runs `run` every `periodMs` until stopped: one run at a time, a failed run logged
 * and counted but never fatal, and `stop()` waits for the run in progress (shutdown closes the
 * database only after). The first run comes after `firstAfter` (default one period), or at once
 * after `before` settles when given.
 */
export function startPeriodicJob(opts: {
  name: string;
  periodMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<unknown>;
  /** Runs once before the first tick (e.g. the outbox requeues what a crash left sending). */
  before?: () => Promise<unknown>;
}) {
  const status: JobStatus = {
    name: opts.name,
    periodMs: opts.periodMs,
    runs: 0,
    failures: 0,
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
  const once = async () => {
    const started = Date.now();
    status.running = true;
    status.lastStartedAt = new Date(started);
    let ok = true;
    try {
      await opts.run();
      status.lastError = null;
    } catch (err) {
      ok = false;
      status.failures += 1;
      status.lastError = err instanceof Error ? err.message : String(err);
      opts.log.error({ err }, `${opts.name} failed`);
    } finally {
      status.running = false;
      status.runs += 1;
      status.lastFinishedAt = new Date();
      status.lastDurationMs = Date.now() - started;
    }
    for (const observe of observers) observe(status, ok);
  };
  const tick = async () => {
    if (stopped) return;
    running = once();
    await running;
    if (!stopped) timer = setTimeout(tick, opts.periodMs);
  };
  if (opts.before) {
    running = opts
      .before()
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
