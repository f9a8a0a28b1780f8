import { APP_VERSION } from '@dastak/core/constants';
import { healthSchema, livenessSchema, readinessSchema } from '@dastak/core/entities/health';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobHealth } from '../../jobs/job-health';
import { INSTANCE_ID } from '../../jobs/job-leases.repository';
import { jobStatuses } from '../../jobs/periodic-job';

/** Which process answered, so an operator behind a load balancer can tell the servers apart. */
const instance = () => ({
  version: APP_VERSION,
  instanceId: INSTANCE_ID,
  uptimeSeconds: Math.floor(process.uptime()),
});

/**
 * Reports database reachability (503 when the database does not answer) and the background jobs
 * of this process: 'degraded' when one is failing or stalled, so a monitor sees it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: ROUTE_ACCESS.PUBLIC };
  const tags = ['operations'];
  const databaseUp = () =>
    app.dbHandle.ping().then(
      () => true,
      (err) => {
        app.log.error({ err }, 'health: database unreachable');
        return false;
      },
    );

  app.get(
    '/health/live',
    { config, schema: { tags, response: { 200: livenessSchema } } },
    async () => ({ status: 'alive' as const, ...instance() }),
  );

  // A server shutting down is turned away before this runs (errors.ts: 503), so not ready too.
  app.get(
    '/health/ready',
    { config, schema: { tags, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_req, reply) => {
      const up = await databaseUp();
      return reply
        .code(up ? 200 : 503)
        .send({ ready: up, database: up ? 'up' : 'down', ...instance() });
    },
  );

  app.get(
    '/health',
    {
      config,
      schema: { tags, response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const engine = app.dbHandle.kind;
      const jobs = jobStatuses().map((job) => jobHealth(job));
      if (!(await databaseUp())) {
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', engine, jobs, ...instance() });
      }
      const degraded = jobs.some((j) => j.state !== 'ok');
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        database: 'up' as const,
        engine,
        jobs,
        ...instance(),
      };
    },
  );
};
