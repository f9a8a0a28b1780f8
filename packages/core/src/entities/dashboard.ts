import { z } from 'zod';
import {
  apiDateSchema,
  dateTimeSchema,
  idParamSchema,
  idSchema,
  namedRefSchema,
  verticalSchema,
} from './common';
import { orderWindowQuerySchema } from './order-queries';

/**
 * Requests and the at-risk row of the dashboard calls (spec §7; docs/decisions/0025). The other
 * answers are the spec's own shapes: orderMapItemSchema (orders.ts), lateOrderSchema,
 * orderStatsSchema, dashboardStatsSchema and onTimeRateSchema (lookups.ts).
 */

/**
 * GET /orders/{vertical}/dashboard/ after the snake_case boundary. No window: today in Karachi;
 * no states: DASHBOARD_ORDER_STATES; no regions: every region of the vertical.
 */
export const dashboardOrdersQuerySchema = orderWindowQuerySchema.pick({
  pickupFrom: true,
  pickupTo: true,
  regions: true,
  states: true,
});
export type DashboardOrdersQuery = z.infer<typeof dashboardOrdersQuerySchema>;

/** GET /orders/{vertical}/late-orders/ and /orders/{vertical}/at-risk-orders/. */
export const lateOrdersQuerySchema = orderWindowQuerySchema.pick({
  pickupFrom: true,
  pickupTo: true,
  regions: true,
});
export type LateOrdersQuery = z.infer<typeof lateOrdersQuerySchema>;

/** GET /stats/{vertical}/orders/ and /stats/{vertical}/dashboard/: one region or all. */
export const orderStatsQuerySchema = orderWindowQuerySchema.pick({
  pickupFrom: true,
  pickupTo: true,
  regionId: true,
});
export type OrderStatsQuery = z.infer<typeof orderStatsQuerySchema>;

/**
 * GET /stats/daily-order-stats/: ON_TIME_RATE_DAYS days from `date` (default six days back) and
 * not past today. A region fixes the vertical (regions belong to one); without one, `vertical`
 * narrows the figure, else both verticals count.
 */
export const dailyOrderStatsQuerySchema = z.object({
  date: apiDateSchema.optional(),
  region: idParamSchema.optional(),
  vertical: verticalSchema.optional(),
});
export type DailyOrderStatsQuery = z.infer<typeof dailyOrderStatsQuerySchema>;

/**
 * An order whose rider, by the route model of ADR 0009 (the rider's queue in slot order from the
 * last reported position), will reach the door after slot start + grace, while it is not late
 * yet. `cause` says why in a dispatcher's words.
 */
export const atRiskOrderSchema = z.object({
  id: idSchema,
  number: z.string(),
  pickup: dateTimeSchema,
  assignedRider: namedRefSchema,
  estimatedArrival: dateTimeSchema,
  /** Estimated whole minutes past slot start + grace (at least 1). */
  minutesLate: z.number().int().positive(),
  /** Pickups the rider makes before this one. */
  pickupsBefore: z.number().int().nonnegative(),
  /** Road metres from the rider's position to this door, through the pickups before it. */
  roadMetres: z.number().nonnegative(),
  cause: z.string(),
});
export type AtRiskOrder = z.infer<typeof atRiskOrderSchema>;

/** GET /orders/{vertical}/samples-in-transit/ (ADR 0048): regions of the dashboard, none = all. */
export const samplesInTransitQuerySchema = lateOrdersQuerySchema.pick({ regions: true });
export type SamplesInTransitQuery = z.infer<typeof samplesInTransitQuerySchema>;

/**
 * A collected sample on its way to a collection centre, soonest to expire first
 * (docs/decisions/0048-sample-stability.md). The rider's route to the centre is estimated by the
 * route model from the rider's last position through the pickups still ahead of the delivery.
 */
export const sampleInTransitSchema = z.object({
  id: idSchema,
  number: z.string(),
  regionId: idSchema,
  assignedRider: namedRefSchema,
  collectedAt: dateTimeSchema,
  sampleExpiresAt: dateTimeSchema,
  collectionCenter: namedRefSchema.nullable(),
  /** Estimated arrival at the centre; null when the rider's position is unknown. */
  estimatedArrival: dateTimeSchema.nullable(),
  /** Whole minutes between that arrival and the expiry (negative: after it); null unknown. */
  minutesToSpare: z.number().int().nullable(),
  /** The route model gives the delivery less than SAMPLE_AT_RISK_MINUTES to spare. */
  atRisk: z.boolean(),
  /** Why it is at risk, in a dispatcher's words; null when it is not. */
  cause: z.string().nullable(),
});
export type SampleInTransit = z.infer<typeof sampleInTransitSchema>;

export const atRiskOrderListSchema = z.array(atRiskOrderSchema);
export const sampleInTransitListSchema = z.array(sampleInTransitSchema);
