import { metricsTextSchema } from '@dastak/core/entities/health';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthenticated } from '../../lib/domain-errors';

/**
 * GET /api/metrics: Prometheus text for a scraper holding METRICS_TOKEN (Bearer). Without the
 * setting the route is closed: 404, as if it were not there. Outside /api/v1 and its staff tokens:
 * a scraper is not a user.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      // 401 without the scrape token, 404 when METRICS_TOKEN is not set.
      config: { access: ROUTE_ACCESS.PUBLIC, errorAnswers: [401, 404] },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN; 404 when not configured)',
        response: { 200: metricsTextSchema },
      },
    },
    async (req, reply) => {
      const metrics = app.metrics;
      if (!metrics) throw notFound();
      if (!metrics.admits(req.headers.authorization)) throw unauthenticated();
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
};
