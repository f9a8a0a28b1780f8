import { verticalFilterSchema } from '@dastak/core/entities/common';
import { referenceItemListSchema } from '@dastak/core/entities/lookups';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { LookupKind } from '@dastak/core/states';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLookups } from './lookups.repository';

/** Reference lists are short and read whole by selects, so they are plain arrays, not pages. */
const LOOKUP_ROUTES: Record<string, LookupKind> = {
  '/entity/hear_about_us/': 'hearAboutUs',
  '/orders/problem-strings/': 'problem',
  '/orders/cancellation-strings/': 'cancellation',
  '/orders/reassignment-strings/': 'reassignment',
  '/orders/reschedule-strings/': 'reschedule',
  '/orders/address-types/': 'addressType',
  '/entity/order-sources/': 'orderSource',
};

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, kind] of Object.entries(LOOKUP_ROUTES)) {
    app.get(
      url,
      {
        config: { access: ROUTE_ACCESS.AUTHENTICATED },
        schema: {
          tags: ['lookups'],
          querystring: z.object({ vertical: verticalFilterSchema }),
          response: { 200: referenceItemListSchema },
        },
      },
      async (req) => listLookups(app.db, kind, req.query.vertical),
    );
  }
};
