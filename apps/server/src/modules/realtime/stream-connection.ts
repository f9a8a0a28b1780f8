import type { ServerResponse } from 'node:http';
import type {
  RealtimeEvent,
  RiderPositionEvent,
  StatsInvalidatedEvent,
} from '@dastak/core/entities/realtime';

/** Which events a stream receives: those of one region, or of every region of one city. */
export type StreamScope = { regionId: number } | { cityId: number };

export interface ConnectionLimits {
  heartbeatMs: number;
  queueMax: number;
  stallHeartbeats: number;
}

/**
 * Streams the server closed on its side, by why: 'overflow' (its queue filled), 'stalled' (the
 * client stopped reading), 'listenerLost' (notices may have been missed; every console resyncs).
 * Read by /api/metrics (dastak_realtime_streams_dropped_total); a client's own close is not one.
 */
export type StreamDropReason = 'overflow' | 'stalled' | 'listenerLost';
export const streamDrops: Record<StreamDropReason, number> = {
  overflow: 0,
  stalled: 0,
  listenerLost: 0,
};

const frame = (e: RealtimeEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * One open stream. Positions are coalesced per rider (the newest replaces a pending older one)
 * and stats invalidations per region and vertical, so neither can grow past the riders and
 * regions of the scope; other events wait in a queue with a bound. Nothing is written while the
 * socket's buffer is full (write() returned false) until 'drain': a slow client costs at most
 * its coalesced maps, its bounded queue and one chunk in the socket, and a client that overflows
 * the queue or stays blocked is closed (the console reconnects and resyncs).
 */
export class StreamConnection {
  private readonly positions = new Map<number, RiderPositionEvent>();
  private readonly stale = new Map<string, StatsInvalidatedEvent>();
  private queue: string[] = [];
  private flushScheduled = false;
  private blocked = false;
  private blockedHeartbeats = 0;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    readonly id: string,
    readonly scope: StreamScope,
    private readonly res: ServerResponse,
    private readonly limits: ConnectionLimits,
    private readonly onClose: (c: StreamConnection) => void,
  ) {
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
    res.on('close', () => this.close());
    res.on('drain', () => {
      this.blocked = false;
      this.blockedHeartbeats = 0;
      this.schedule();
    });
  }

  /** What this connection holds in memory, for tests and the benchmark. */
  buffered() {
    return {
      positions: this.positions.size,
      stale: this.stale.size,
      queue: this.queue.length,
      blocked: this.blocked,
      socketBytes: this.res.writableLength,
    };
  }

  send(event: RealtimeEvent) {
    if (this.closed) return;
    if (event.type === 'riderPosition') {
      // Delete first so the map's order follows recency: the newest fixes go out last.
      this.positions.delete(event.data.riderId);
      this.positions.set(event.data.riderId, event.data);
    } else if (event.type === 'statsInvalidated') {
      this.stale.set(`${event.data.vertical}:${event.data.regionId}`, event.data);
    } else {
      if (this.queue.length >= this.limits.queueMax) return this.close('overflow');
      this.queue.push(frame(event));
    }
    this.schedule();
  }

  /** Writes now, ahead of anything pending (hello). */
  writeNow(event: RealtimeEvent) {
    if (!this.closed) this.write(frame(event));
  }

  /** Closes the stream; with a reason when the server drops it (streamDrops). */
  close(dropped?: StreamDropReason) {
    if (this.closed) return;
    this.closed = true;
    if (dropped) streamDrops[dropped] += 1;
    clearInterval(this.heartbeat);
    this.positions.clear();
    this.stale.clear();
    this.queue = [];
    if (!this.res.destroyed) this.res.destroy();
    this.onClose(this);
  }

  /** On the next turn of the loop, so a burst of notices becomes one write with low latency. */
  private schedule() {
    if (this.flushScheduled || this.blocked || this.closed) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.flushScheduled = false;
    if (this.blocked || this.closed) return;
    let chunk = this.queue.join('');
    this.queue = [];
    for (const data of this.positions.values()) chunk += frame({ type: 'riderPosition', data });
    this.positions.clear();
    for (const data of this.stale.values()) chunk += frame({ type: 'statsInvalidated', data });
    this.stale.clear();
    if (chunk) this.write(chunk);
  }

  private write(chunk: string) {
    if (!this.res.write(chunk)) this.blocked = true;
  }

  private beat() {
    if (this.blocked) {
      // Still full since the last beat: the client is not reading. Its state is bounded either
      // way, but a stuck stream only holds a socket; let it go.
      if (++this.blockedHeartbeats >= this.limits.stallHeartbeats) this.close('stalled');
      return;
    }
    this.write(': heartbeat\n\n');
  }
}
