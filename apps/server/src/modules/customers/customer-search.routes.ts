import { customerAddressSchema } from '@dastak/core/entities/customer-addresses';
import { customerSchema } from '@dastak/core/entities/customers';
import { patientSchema } from '@dastak/core/entities/patients';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './customer-search.service';

/** A search hit: enough of the customer, patients and addresses to book an order from it. */
const customerSearchResultSchema = customerSchema
  .pick({
    id: true,
    phone: true,
    firstName: true,
    lastName: true,
    email: true,
    gender: true,
    hasFilledHearAboutUs: true,
  })
  .extend({
    patients: z.array(
      patientSchema.pick({
        id: true,
        firstName: true,
        lastName: true,
        gender: true,
        age: true,
        ageUnit: true,
      }),
    ),
    addresses: z.array(
      customerAddressSchema.pick({
        id: true,
        address: true,
        latitude: true,
        longitude: true,
        verified: true,
        isValid: true,
        regionCustomerAddresses: true,
      }),
    ),
  });

export const customerSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/entity/customer-search/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags: ['customers'],
        querystring: z.object({ search: z.string().trim().min(1) }),
        response: { 200: z.array(customerSearchResultSchema) },
      },
    },
    async (req) => service.searchCustomers(app.db, req.query.search),
  );
};
