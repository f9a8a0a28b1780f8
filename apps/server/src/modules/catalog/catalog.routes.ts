import { scanTypeSchema, scanTypeSearchQuerySchema } from '@dastak/core/entities/catalog';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { containsPattern } from '../../lib/search-pattern';
import { searchScanTypes } from './catalog.repository';

/** At most this many suggestions for the test autocomplete. */
const SUGGESTIONS = 50;

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/scan-types/',
    {
      config: { access: ROUTE_ACCESS.AUTHENTICATED },
      schema: {
        tags: ['catalog'],
        querystring: scanTypeSearchQuerySchema,
        response: { 200: z.array(scanTypeSchema) },
      },
    },
    async (req) => {
      const pattern = containsPattern(req.query.search);
      if (pattern === null) return [];
      return searchScanTypes(app.db, { pattern, vertical: req.query.vertical }, SUGGESTIONS);
    },
  );
};
