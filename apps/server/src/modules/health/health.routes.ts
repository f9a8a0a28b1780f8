import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['pglite', 'postgres']),
});

/** Reports database reachability; 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: ROUTE_ACCESS.PUBLIC },
      schema: { tags: ['operations'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_req, reply) => {
      const engine = app.dbHandle.kind;
      try {
        await app.dbHandle.ping();
        return { status: 'ok' as const, database: 'up' as const, engine };
      } catch (err) {
        app.log.error({ err }, 'health: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down', engine });
      }
    },
  );
};
