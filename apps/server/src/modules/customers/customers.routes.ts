import { idParamSchema, pageQuerySchema } from '@dastak/core/entities/common';
import {
  customerCreateSchema,
  customerDetailQuerySchema,
  customerListPageSchema,
  customerListQuerySchema,
  customerSchema,
  customerUpdateSchema,
} from '@dastak/core/entities/customers';
import { customerOrderPageSchema } from '@dastak/core/entities/orders';
import { ifMatchHeadersSchema } from '@dastak/core/entities/versioning';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorFromRequest, actorUserId } from '../../lib/actor';
import { limitOffset, pageResponse } from '../../lib/paging';
import { editOf, withETag } from '../../lib/versioning';
import { recordDetailOpen } from '../audit/public';
import * as service from './customers.service';

const tags = ['customers'];
const params = z.object({ id: idParamSchema });

/** Customers (spec §2.9, §7 Customers): list, detail, create, update, order history. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/entity/customers/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags,
        querystring: customerListQuerySchema,
        response: { 200: customerListPageSchema },
      },
    },
    async (req) => {
      const r = await service.listCustomers(app.db, req.query, limitOffset(req.query));
      const body = pageResponse(req, req.query, r.count, r.results);
      // next follows the rows, which go on past a capped count.
      const next = r.hasMore
        ? pageResponse(req, req.query, Number.MAX_SAFE_INTEGER, r.results).next
        : null;
      return { ...body, next, countIsCapped: r.countIsCapped };
    },
  );

  app.post(
    '/entity/customers/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: { tags, body: customerCreateSchema, response: { 201: customerSchema } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await service.createCustomer(app.db, req.body, actorUserId(actorFromRequest(req)))),
  );

  app.get(
    '/entity/customer/:id/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags,
        params,
        querystring: customerDetailQuerySchema,
        response: { 200: customerSchema },
      },
    },
    async (req, reply) => {
      const customer = await service.getCustomer(app.db, req.params.id, req.query.vertical);
      await recordDetailOpen(app.db, req, 'Customer', customer.id);
      return withETag(reply, customer);
    },
  );

  app.patch(
    '/entity/customer/:id/',
    {
      config: { access: PERMISSIONS.CAN_CHANGE_CUSTOMER },
      schema: {
        tags,
        params,
        headers: ifMatchHeadersSchema,
        body: customerUpdateSchema,
        response: { 200: customerSchema },
      },
    },
    async (req, reply) =>
      withETag(reply, await service.updateCustomer(app.db, req.params.id, req.body, editOf(req))),
  );

  app.get(
    '/orders/history/customer/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_CUSTOMER },
      schema: {
        tags,
        querystring: pageQuerySchema.extend({ customer: idParamSchema }),
        response: { 200: customerOrderPageSchema },
      },
    },
    async (req) => {
      const { count, results } = await service.getCustomerOrderHistory(
        app.db,
        req.query.customer,
        limitOffset(req.query),
      );
      return pageResponse(req, req.query, count, results);
    },
  );
};
