import { healthSchema, type JobHealth } from '@dastak/core/entities/health';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type JobStatus, jobStatuses } from '../../jobs/periodic-job';

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

/**
 * Reports database reachability (503 when the database does not answer) and the background jobs
 * of this process: 'degraded' when one is failing or stalled, so a monitor sees it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: ROUTE_ACCESS.PUBLIC },
      schema: { tags: ['operations'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const engine = app.dbHandle.kind;
      const jobs = jobStatuses().map((job) => jobHealth(job));
      try {
        await app.dbHandle.ping();
        const degraded = jobs.some((j) => j.state !== 'ok');
        return {
          status: degraded ? ('degraded' as const) : ('ok' as const),
          database: 'up' as const,
          engine,
          jobs,
        };
      } catch (err) {
        app.log.error({ err }, 'health: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down', engine, jobs });
      }
    },
  );
};
