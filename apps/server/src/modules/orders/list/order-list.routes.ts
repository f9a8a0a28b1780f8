import { Readable } from 'node:stream';
import { detailResponseSchema } from '@dastak/core/entities/auth';
import type { PageQuery } from '@dastak/core/entities/common';
import { verticalSchema } from '@dastak/core/entities/common';
import {
  orderListPageSchema,
  orderListQuerySchema,
  unverifiedOrderListQuerySchema,
} from '@dastak/core/entities/order-queries';
import type { OrderListItem } from '@dastak/core/entities/orders';
import { orderStateNameListSchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageLink } from '../../../lib/paging';
import { plainJsonSerializer, rawJson } from '../../../lib/plain-json';
import { currentUser } from '../../../plugins/auth';
import { exportAudit } from '../../audit/public';
import { csvFileName } from './order-csv';
import * as service from './order-list.service';

const tags = ['orders'];
const verticalParams = z.object({ vertical: verticalSchema });
const listReply = { 200: orderListPageSchema };

/**
 * The paged body plus countIsCapped; `next` follows the rows, which go on past a capped count.
 * The items are the database's JSON text, written into the body unparsed (lib/plain-json.ts).
 */
function listBody(req: FastifyRequest, q: PageQuery, r: service.OrderListResult) {
  return {
    count: r.count,
    next: r.hasMore ? pageLink(req, q.page + 1) : null,
    previous: q.page > 1 ? pageLink(req, q.page - 1) : null,
    results: rawJson<OrderListItem[]>(r.itemsJson),
    countIsCapped: r.countIsCapped,
  };
}

/**
 * The orders lists (spec §2.3, §2.4, §7 Orders): list, states, unverified, CSV and the listing
 * email. Static segments (states, csv, unverified, ...) win over the detail route's `:id`.
 */
export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec names /orders/blood/unverified/; X-ray orders are unverified too (the X-ray
  // dashboard counts them), so the vertical is a parameter and the blood path is one value of it.
  app.get(
    '/orders/:vertical/unverified/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        params: verticalParams,
        querystring: unverifiedOrderListQuerySchema,
        response: listReply,
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) =>
      listBody(
        req,
        req.query,
        await service.listUnverifiedOrders(app.db, req.params.vertical, req.query),
      ),
  );

  app.get(
    '/orders/:vertical/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: {
        tags,
        params: verticalParams,
        querystring: orderListQuerySchema,
        response: listReply,
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) =>
      listBody(req, req.query, await service.listOrders(app.db, req.params.vertical, req.query)),
  );

  app.get(
    '/orders/:vertical/states/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_ORDER },
      schema: { tags, params: verticalParams, response: { 200: orderStateNameListSchema } },
      // A fixed list of the app's own strings: nothing for the zod serializer to strip (ADR 0022).
      serializerCompiler: plainJsonSerializer,
    },
    async () => service.listOrderStateNames(),
  );

  app.get(
    '/orders/:vertical/csv/',
    {
      config: { access: PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING },
      schema: { tags, params: verticalParams, querystring: orderListQuerySchema },
    },
    async (req, reply) => {
      const { vertical } = req.params;
      const audit = exportAudit(app.db, req, {
        entityType: 'Order',
        format: 'csv',
        entityId: vertical,
      });
      const stream = Readable.from(service.orderListCsv(app.db, vertical, req.query, audit));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${csvFileName(vertical, new Date())}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/orders/:vertical/send-order-listing-email/',
    {
      config: { access: PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING },
      schema: {
        tags,
        params: verticalParams,
        querystring: orderListQuerySchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) =>
      service.sendOrderListingEmail(
        app.db,
        req.params.vertical,
        req.query,
        currentUser(req),
        exportAudit(app.db, req, {
          entityType: 'Order',
          format: 'email',
          entityId: req.params.vertical,
        }),
      ),
  );
};
