import { z } from 'zod';
import { REALTIME_MESSAGES } from '../messages';
import { dateTimeSchema, idParamSchema, idSchema, verticalSchema } from './common';
import { orderStateSchema } from './orders';
import { riderSummarySchema } from './riders';

/**
 * Events of the realtime stream, GET /api/v1/realtime/stream (docs/decisions/0002). Server-sent
 * events: `event:` is the type below, `data:` its JSON (camelCase, like every response). The
 * stream is scoped by `?region_id=` (a dashboard) or `?city_id=` (a city dashboard).
 *
 * - `hello` first on every connection: the console refetches what it shows (a resync), since
 *   anything may have changed while it was not connected.
 * - `riderPosition`: the latest position of a rider, coalesced per rider (a slow client gets the
 *   newest, never a backlog).
 * - `riderState`: a rider's state, duty, connectivity or flags changed; the whole summary row.
 * - `orderState`: an order of the scope changed state (or was created, or moved region).
 * - `statsInvalidated`: the dashboard counts of the scope are stale; refetch them.
 * A comment line (`: heartbeat`) every REALTIME_HEARTBEAT_MS keeps proxies from closing it.
 *
 * Wire format: `event: <type>\ndata: <json>\n\n`, several per chunk. A stream the server closes
 * (shutdown, a client too slow to keep up) is reconnected by the console, which then resyncs on
 * `hello`. Docs/decisions/0026-realtime-stream.md has the delivery rules.
 */

/** `?region_id=` or `?city_id=`, exactly one. */
export const realtimeStreamQuerySchema = z
  .object({ regionId: idParamSchema.optional(), cityId: idParamSchema.optional() })
  .refine((q) => (q.regionId === undefined) !== (q.cityId === undefined), {
    message: REALTIME_MESSAGES.SCOPE_REQUIRED,
  });
export type RealtimeStreamQuery = z.infer<typeof realtimeStreamQuerySchema>;

export const riderPositionEventSchema = z.object({
  riderId: idSchema,
  latitude: z.number(),
  longitude: z.number(),
  at: dateTimeSchema,
});
export type RiderPositionEvent = z.infer<typeof riderPositionEventSchema>;

export const riderStateEventSchema = z.object({ rider: riderSummarySchema });
export type RiderStateEvent = z.infer<typeof riderStateEventSchema>;

export const orderStateEventSchema = z.object({
  orderId: idSchema,
  vertical: verticalSchema,
  regionId: idSchema,
  state: orderStateSchema,
});
export type OrderStateEvent = z.infer<typeof orderStateEventSchema>;

export const statsInvalidatedEventSchema = z.object({
  vertical: verticalSchema,
  regionId: idSchema,
});
export type StatsInvalidatedEvent = z.infer<typeof statsInvalidatedEventSchema>;

/** heartbeatMs: the console may treat twice this without a byte as a dead stream. */
export const helloEventSchema = z.object({
  connectionId: z.string(),
  heartbeatMs: z.number().int().positive(),
});
export type HelloEvent = z.infer<typeof helloEventSchema>;

export const REALTIME_EVENT_SCHEMAS = {
  hello: helloEventSchema,
  riderPosition: riderPositionEventSchema,
  riderState: riderStateEventSchema,
  orderState: orderStateEventSchema,
  statsInvalidated: statsInvalidatedEventSchema,
} as const;
export type RealtimeEventType = keyof typeof REALTIME_EVENT_SCHEMAS;
export type RealtimeEvent = {
  [K in RealtimeEventType]: { type: K; data: z.infer<(typeof REALTIME_EVENT_SCHEMAS)[K]> };
}[RealtimeEventType];

/** GET /realtime/stream: a text/event-stream, documented as a string (ADR 0020). */
export const realtimeStreamSchema = z.string().describe('text/event-stream');
