import { idParamSchema, idSchema, verticalSchema } from '@dastak/core/entities/common';
import {
  customerAddressCreateSchema,
  customerAddressListQuerySchema,
  customerAddressListSchema,
  customerAddressSchema,
  customerAddressVerifySchema,
} from '@dastak/core/entities/customer-addresses';
import { ifMatchHeadersSchema } from '@dastak/core/entities/versioning';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editOf, withETag } from '../../lib/versioning';
import * as service from './customer-addresses.service';

const tags = ['customers'];

/** Customer addresses (spec §7 Customers); DELETE lives in customer-address-delete.routes.ts. */
export const customerAddressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/entity/customer-address/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags,
        querystring: customerAddressListQuerySchema,
        response: { 200: customerAddressListSchema },
      },
    },
    async (req) => service.listAddresses(app.db, req.query.customer),
  );

  app.post(
    '/entity/:vertical/customer-address/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags,
        params: z.object({ vertical: verticalSchema }),
        // city: the New address dialog's city select; optional, else taken from the pin.
        body: customerAddressCreateSchema.extend({ city: idSchema.optional() }),
        response: { 201: customerAddressSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createAddress(app.db, req.params.vertical, req.body)),
  );

  // The spec's path has no trailing slash (either form is routed).
  app.patch(
    '/entity/verify_customer_address/:id',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags,
        params: z.object({ id: idParamSchema }),
        headers: ifMatchHeadersSchema,
        body: customerAddressVerifySchema.nullish(),
        response: { 200: customerAddressSchema },
      },
    },
    async (req, reply) =>
      withETag(
        reply,
        await service.verifyAddress(app.db, req.params.id, req.body?.verified ?? true, editOf(req)),
      ),
  );
};
