import { embedsConfigSchema } from '@dastak/core/entities/embeds';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['config'];

/**
 * The outside tools the console frames instead of its own pages: REPORTING_URL and
 * ISSUE_REPORTING_URL, read once from the configuration. Staff only: the URLs may name a
 * team's internal hosts, so riders and anonymous callers do not learn them.
 */
export const embedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const embeds = {
    reportingUrl: app.config.REPORTING_URL ?? null,
    issueReportingUrl: app.config.ISSUE_REPORTING_URL ?? null,
  };
  app.get(
    '/config/embeds/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags,
        summary: 'The outside tools the console frames (REPORTING_URL, ISSUE_REPORTING_URL)',
        response: { 200: embedsConfigSchema },
      },
    },
    async () => embeds,
  );
};
