import type { JobHealth } from '@dastak/core/entities/health';
import type { JobStatus } from './periodic-job';

/** A job misses three periods (plus a minute for a slow run) before it counts as stalled. */
const STALLED_PERIODS = 3;

export function jobHealth(job: JobStatus, now = Date.now()): JobHealth {
  // A tick skipped because another instance held the period (ADR 0035) is a live job too.
  const ticks = [job.lastFinishedAt, job.lastSkippedAt].flatMap((d) => (d ? [d.getTime()] : []));
  const since = ticks.length ? Math.max(...ticks) : job.lastStartedAt?.getTime();
  const stalled = since !== undefined && now - since > STALLED_PERIODS * job.periodMs + 60_000;
  return {
    name: job.name,
    // The error text stays in the log: this route is public.
    state: stalled ? 'stalled' : job.lastError !== null ? 'failing' : 'ok',
    lastRunAt: job.lastFinishedAt?.toISOString() ?? null,
  };
}
