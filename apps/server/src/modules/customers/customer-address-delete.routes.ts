import { detailResponseSchema } from '@dastak/core/entities/auth';
import { idParamSchema } from '@dastak/core/entities/common';
import {
  customerAddressDeleteQuerySchema,
  customerAddressDeleteSchema,
} from '@dastak/core/entities/customer-addresses';
import { ADDRESS_DELETE_MESSAGES } from '@dastak/core/messages/address-delete';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest } from '../../lib/actor';
import { invalid } from '../../lib/domain-errors';
import { deleteCustomerAddress } from './customer-address-delete.service';

/**
 * DELETE /entity/customer_address/{id}/ (spec §7: "Delete address sends customerAddressId, and
 * orderId when used for Mark Wrong Pin"). The order id comes in the query (order_id) or the JSON
 * body (order_id / orderId); with it the delete is Mark Wrong Pin, without it Delete Address
 * (ADR 0014). The console's DELETE helper sends no body.
 */
export const customerAddressDeleteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/entity/customer_address/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags: ['customers'],
        params: z.object({ id: idParamSchema }),
        querystring: customerAddressDeleteQuerySchema,
        body: customerAddressDeleteSchema.partial().nullish(),
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => {
      const body = req.body ?? {};
      if (body.customerAddressId !== undefined && body.customerAddressId !== req.params.id) {
        throw invalid(ADDRESS_DELETE_MESSAGES.ID_MISMATCH, {
          customerAddressId: [ADDRESS_DELETE_MESSAGES.ID_MISMATCH],
        });
      }
      return deleteCustomerAddress(
        app.db,
        { addressId: req.params.id, orderId: req.query.orderId ?? body.orderId },
        actorFromRequest(req),
      );
    },
  );
};
