import { customerSearchResultListSchema } from '@dastak/core/entities/customers';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './customer-search.service';

export const customerSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/entity/customer-search/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags: ['customers'],
        querystring: z.object({ search: z.string().trim().min(1) }),
        response: { 200: customerSearchResultListSchema },
      },
    },
    async (req) => service.searchCustomers(app.db, req.query.search),
  );
};
