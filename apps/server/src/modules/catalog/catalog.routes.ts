import {
  scanTypeListSchema,
  scanTypeSchema,
  scanTypeSearchQuerySchema,
  scanTypeUpdateSchema,
} from '@dastak/core/entities/catalog';
import { idParamSchema } from '@dastak/core/entities/common';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { containsPattern } from '../../lib/search-pattern';
import { searchScanTypes } from './catalog.repository';
import { changeStabilityWindow } from './catalog.service';

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
        response: { 200: scanTypeListSchema },
      },
    },
    async (req) => {
      const pattern = containsPattern(req.query.search);
      if (pattern === null) return [];
      return searchScanTypes(app.db, { pattern, vertical: req.query.vertical }, SUGGESTIONS);
    },
  );

  app.patch(
    '/orders/scan-types/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CATALOG },
      schema: {
        tags: ['catalog'],
        summary: "Set a test's sample stability window in hours (null: the vertical's default)",
        params: z.object({ id: idParamSchema }),
        body: scanTypeUpdateSchema,
        response: { 200: scanTypeSchema },
      },
    },
    async (req) => changeStabilityWindow(app.db, req.params.id, req.body.stabilityHours),
  );
};
