import { detailResponseSchema } from '@dastak/core/entities/auth';
import { idParamSchema } from '@dastak/core/entities/common';
import {
  customerAddressDeleteQuerySchema,
  customerAddressDeleteSchema,
} from '@dastak/core/entities/customer-addresses';
import { ADDRESS_DELETE_MESSAGES } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { actorFromRequest } from '../orders/actor';
import { deleteCustomerAddress } from './customer-address-delete.service';

/**
 * DELETE /entity/customer_address/{id}/ (spec §7: "Delete address sends customerAddressId, and
 * orderId when used for Mark Wrong Pin"). The order id and the wrong-pin flag are read from the
 * query (order_id, wrong_pin=true) or the JSON body (order_id / orderId, wrong_pin / wrongPin);
 * the console's DELETE helper sends no body. With an order id the delete is made from that order
 * (Delete Address on the order detail); with wrong_pin too it is Mark Wrong Pin (ADR 0014).
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
        throw badRequest(ADDRESS_DELETE_MESSAGES.ID_MISMATCH, {
          customerAddressId: [ADDRESS_DELETE_MESSAGES.ID_MISMATCH],
        });
      }
      const orderId = req.query.orderId ?? body.orderId;
      const wrongPin = req.query.wrongPin ?? body.wrongPin ?? false;
      if (wrongPin && orderId === undefined) {
        throw badRequest(ADDRESS_DELETE_MESSAGES.WRONG_PIN_NEEDS_ORDER, {
          orderId: [ADDRESS_DELETE_MESSAGES.WRONG_PIN_NEEDS_ORDER],
        });
      }
      return deleteCustomerAddress(
        app.db,
        { addressId: req.params.id, orderId, wrongPin },
        actorFromRequest(req),
      );
    },
  );
};
