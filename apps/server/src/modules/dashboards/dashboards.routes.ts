import { verticalSchema } from '@dastak/core/entities/common';
import {
  atRiskOrderListSchema,
  dailyOrderStatsQuerySchema,
  dashboardOrdersQuerySchema,
  lateOrdersQuerySchema,
  orderStatsQuerySchema,
  sampleInTransitListSchema,
  samplesInTransitQuerySchema,
} from '@dastak/core/entities/dashboard';
import {
  dashboardStatsSchema,
  lateOrderListSchema,
  onTimeRateListSchema,
  orderStatsSchema,
} from '@dastak/core/entities/lookups';
import { orderMapItemListSchema } from '@dastak/core/entities/orders';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainJsonSerializer } from '../../lib/plain-json';
import { listAtRiskOrders } from './at-risk.service';
import { listDashboardOrders, listLateOrders } from './dashboard-orders.service';
import { dailyOrderStats, onTimeStats, orderStats } from './dashboard-stats.service';
import { listSamplesInTransit } from './samples-in-transit.service';

const tags = ['dashboards'];
const verticalParams = z.object({ vertical: verticalSchema });
const access = PERMISSIONS.CAN_VIEW_DASHBOARD;

/**
 * The dashboard calls of spec §7 (docs/decisions/0025-dashboard-calls.md): map markers, late and
 * at-risk orders, samples on the road (ADR 0048), the Orders panel's counts, the on-time table
 * and the daily on-time rate. Every call takes the regions it shows; without a pickup window it
 * answers today (Karachi).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = app.config.dispatch;

  app.get(
    '/orders/:vertical/dashboard/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Order markers of the dashboard map (default states: assigned, reached, collected)',
        params: verticalParams,
        querystring: dashboardOrdersQuerySchema,
        response: { 200: orderMapItemListSchema },
      },
      // Up to thousands of markers: built field by field from SQL, tests parse them (ADR 0012).
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => listDashboardOrders(app.db, req.params.vertical, req.query),
  );

  app.get(
    '/orders/:vertical/late-orders/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Orders past slot start + on-time grace with no rider at the door, most late first',
        params: verticalParams,
        querystring: lateOrdersQuerySchema,
        response: { 200: lateOrderListSchema },
      },
      // Hundreds of rows on a bad day, built field by field by the service: zod's parse of them
      // cost more than the statement (ADR 0012, 0025).
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => listLateOrders(app.db, req.params.vertical, req.query, model),
  );

  app.get(
    '/orders/:vertical/at-risk-orders/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Assigned orders the rider's queue will bring to the door after slot start + grace",
        params: verticalParams,
        querystring: lateOrdersQuerySchema,
        response: { 200: atRiskOrderListSchema },
      },
    },
    async (req) => listAtRiskOrders(app.db, req.params.vertical, req.query, model),
  );

  app.get(
    '/orders/:vertical/samples-in-transit/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Collected samples on the road, soonest to expire first, with the estimated arrival at the centre',
        params: verticalParams,
        querystring: samplesInTransitQuerySchema,
        response: { 200: sampleInTransitListSchema },
      },
    },
    async (req) => listSamplesInTransit(app.db, req.params.vertical, req.query, model),
  );

  app.get(
    '/stats/:vertical/orders/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Orders panel: counts by state bucket (cancelled counts in none, nor in total)',
        params: verticalParams,
        querystring: orderStatsQuerySchema,
        response: { 200: orderStatsSchema },
      },
    },
    async (req) => orderStats(app.db, req.params.vertical, req.query),
  );

  app.get(
    '/stats/:vertical/dashboard/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Graph panel table: percent of due orders reached / collected on time',
        params: verticalParams,
        querystring: orderStatsQuerySchema,
        response: { 200: dashboardStatsSchema },
      },
    },
    async (req) => onTimeStats(app.db, req.params.vertical, req.query, model),
  );

  app.get(
    '/stats/daily-order-stats/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'On-time collection rate per Karachi day, 7 days from date (default six days back)',
        querystring: dailyOrderStatsQuerySchema,
        response: { 200: onTimeRateListSchema },
      },
    },
    async (req) => dailyOrderStats(app.db, req.query, model),
  );
};
