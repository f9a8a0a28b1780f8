import type { OutgoingHttpHeaders } from 'node:http';
import { realtimeStreamQuerySchema, realtimeStreamSchema } from '@dastak/core/entities/realtime';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/domain-errors';
import { RealtimeHub } from './hub';
import * as repo from './realtime.repository';
import { streamDrops } from './stream-connection';

/**
 * GET /realtime/stream?region_id= | ?city_id=: the dashboards' server-sent events (ADR 0002,
 * 0026). Authentication, permission and input are checked like any call, before the stream
 * starts, so a console's fetch gets the usual `{detail}` answers (401 `jwt expired` included).
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same channel carries the end of sessions: each instance drops the user's tokens.
  const hub = new RealtimeHub(app.dbHandle, app.log, (userId) =>
    userId === null ? app.tokens.forgetAll() : app.tokens.forgetUser(userId),
  );
  await hub.start();
  app.metrics?.setStreamClients(
    () => hub.connections.size,
    () => streamDrops,
  );
  // Open streams never end by themselves; end them before the server waits for its sockets.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => hub.stop());

  app.get(
    '/realtime/stream',
    {
      config: { access: PERMISSIONS.CAN_VIEW_DASHBOARD },
      schema: {
        tags: ['realtime'],
        summary: 'Server-sent events of a region or a city (text/event-stream)',
        querystring: realtimeStreamQuerySchema,
        response: { 200: realtimeStreamSchema },
      },
    },
    async (req, reply) => {
      const { regionId, cityId } = req.query;
      const exists =
        regionId !== undefined
          ? await repo.regionExists(app.db, regionId)
          : await repo.cityExists(app.db, cityId as number);
      if (!exists) throw notFound();
      reply.hijack();
      const res = reply.raw;
      // A hijacked reply writes its own head: the API security headers (plugins/
      // security-headers.ts) are on the reply, not yet on res.
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and the like buffer responses unless told not to.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      req.raw.socket.setNoDelay(true);
      hub.open(res, regionId !== undefined ? { regionId } : { cityId: cityId as number });
    },
  );
};
