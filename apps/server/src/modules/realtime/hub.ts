import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_QUEUE_MAX,
  REALTIME_STALL_HEARTBEATS,
} from '@dastak/core/constants';
import type { RealtimeEvent, StatsInvalidatedEvent } from '@dastak/core/entities/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '../../db/client';
import { type ChannelListener, listenChannel } from '../../lib/realtime-listen';
import type { RealtimeNotice } from '../../lib/realtime-publish';
import { type RiderRow, toRiderSummary } from '../riders/public';
import * as repo from './realtime.repository';
import {
  type ConnectionLimits,
  StreamConnection,
  type StreamDropReason,
  type StreamScope,
} from './stream-connection';

const hubs = new WeakMap<Db, RealtimeHub>();

/** The hub of the app on this database handle (tests and the benchmark inspect it). */
export const realtimeHubOf = (db: Db) => hubs.get(db);

/**
 * The in-process event bus of one app instance. Every change reaches it as a NOTIFY on the
 * realtime channel (lib/realtime-publish.ts), from this instance or another, so there is one
 * path whatever the engine: the notice is resolved once (rows re-read, region's city looked up)
 * and fanned out to the streams whose scope it falls in.
 */
export class RealtimeHub {
  readonly connections = new Set<StreamConnection>();
  /** Tests shorten the heartbeat; read when a stream opens. */
  readonly limits: ConnectionLimits = {
    heartbeatMs: REALTIME_HEARTBEAT_MS,
    queueMax: REALTIME_QUEUE_MAX,
    stallHeartbeats: REALTIME_STALL_HEARTBEATS,
  };
  private readonly regionCity = new Map<number, number>();
  private readonly pendingRiders = new Set<number>();
  private readonly pendingOrders = new Set<number>();
  private resolveScheduled = false;
  private waiting: [number, RealtimeEvent][] | undefined;
  private listener: ChannelListener | undefined;

  constructor(
    private readonly handle: DbHandle,
    private readonly log: FastifyBaseLogger,
    /** A user's sessions or rights changed (a user id), or notices may have been lost (null). */
    private readonly onSessionsChanged: (userId: number | null) => void = () => {},
  ) {}

  async start() {
    await this.loadRegions();
    this.listener = await listenChannel(
      this.handle,
      (payload) => this.receive(payload),
      (err) => {
        // Notices may have been missed: every console resyncs on its next hello.
        this.log.warn({ err }, 'realtime listener lost; closing streams');
        this.closeAll('listenerLost');
        this.onSessionsChanged(null);
      },
    );
    hubs.set(this.handle.db, this);
  }

  async stop() {
    this.closeAll();
    hubs.delete(this.handle.db);
    await this.listener?.close();
  }

  closeAll(dropped?: StreamDropReason) {
    for (const c of [...this.connections]) c.close(dropped);
  }

  open(res: ServerResponse, scope: StreamScope) {
    const c = new StreamConnection(randomUUID(), scope, res, this.limits, (closed) =>
      this.connections.delete(closed),
    );
    this.connections.add(c);
    c.writeNow({
      type: 'hello',
      data: { connectionId: c.id, heartbeatMs: this.limits.heartbeatMs },
    });
    return c;
  }

  receive(payload: string) {
    let notice: RealtimeNotice;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (notice.k === 'a') {
      this.onSessionsChanged(notice.u);
      return;
    }
    if (notice.k === 'p') {
      const data = { riderId: notice.r, latitude: notice.la, longitude: notice.lo, at: notice.t };
      this.dispatch(notice.g, { type: 'riderPosition', data });
      return;
    }
    const pending = notice.k === 'r' ? this.pendingRiders : this.pendingOrders;
    for (const id of notice.ids ?? []) pending.add(id);
    if (!this.resolveScheduled) {
      this.resolveScheduled = true;
      // The listener's callback runs inside the database client's read: resolve after it, and
      // once for every notice of this turn.
      setImmediate(() => this.resolve().catch((err) => this.log.error({ err }, 'realtime')));
    }
  }

  private async resolve() {
    this.resolveScheduled = false;
    const riderIds = [...this.pendingRiders];
    const orderIds = [...this.pendingOrders];
    this.pendingRiders.clear();
    this.pendingOrders.clear();
    if (this.connections.size === 0) return;
    const [riders, orders] = await Promise.all([
      riderIds.length ? repo.listRidersByIds(this.handle.db, riderIds) : [],
      orderIds.length ? repo.listOrderStates(this.handle.db, orderIds) : [],
    ]);
    const stale = new Map<string, StatsInvalidatedEvent>();
    for (const row of riders) {
      const rider = toRiderSummary(row as RiderRow);
      this.dispatch(row.regionId, { type: 'riderState', data: { rider } });
      stale.set(`${row.vertical}:${row.regionId}`, {
        vertical: row.vertical,
        regionId: row.regionId,
      });
    }
    for (const o of orders) {
      this.dispatch(o.regionId, { type: 'orderState', data: o });
      stale.set(`${o.vertical}:${o.regionId}`, { vertical: o.vertical, regionId: o.regionId });
    }
    for (const data of stale.values()) {
      this.dispatch(data.regionId, { type: 'statsInvalidated', data });
    }
  }

  private dispatch(regionId: number, event: RealtimeEvent) {
    if (this.connections.size === 0) return;
    // While the regions are being read again, events wait in arrival order: each rider's
    // positions must reach a console oldest first.
    if (this.waiting) {
      this.waiting.push([regionId, event]);
      return;
    }
    const cityId = this.regionCity.get(regionId);
    if (cityId === undefined) {
      // A region made after the start: learn its city, then deliver.
      this.waiting = [[regionId, event]];
      this.loadRegions()
        .catch((err) => this.log.error({ err }, 'realtime'))
        .finally(() => {
          const waiting = this.waiting ?? [];
          this.waiting = undefined;
          for (const [r, e] of waiting) if (this.regionCity.has(r)) this.dispatch(r, e);
        });
      return;
    }
    for (const c of this.connections) {
      const s = c.scope;
      if ('regionId' in s ? s.regionId === regionId : s.cityId === cityId) c.send(event);
    }
  }

  private async loadRegions() {
    for (const r of await repo.listRegionCities(this.handle.db))
      this.regionCity.set(r.id, r.cityId);
  }
}
