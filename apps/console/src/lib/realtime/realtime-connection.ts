import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
} from '@dastak/core/constants';
import { REALTIME_EVENT_SCHEMAS, type RealtimeEvent } from '@dastak/core/entities/realtime';
import { ApiError, openStream } from '../api-client';
import { createSseParser } from './sse-parser';

export type StreamScope = { regionId: number } | { cityId: number };
export type StreamStatus = 'connecting' | 'live' | 'down';

/** A stream that sends nothing, not even a heartbeat, for this long is dead: reconnect. */
const SILENCE_MS = REALTIME_HEARTBEAT_MS * 2 + 5_000;

/**
 * The tab's one realtime stream (docs/decisions/0002, 0027): read with fetch so the api
 * client's bearer token and 'jwt expired' refresh apply, parsed as server-sent events,
 * reconnected with exponential backoff (jittered, so a server restart is not hit by every tab
 * at once) until `close()`. Unknown or malformed events are skipped, not fatal.
 */
export function connectRealtime(options: {
  scope: StreamScope;
  /** `requestedAt`: when this connection was asked for; data fetched since is as new as it. */
  onEvent: (event: RealtimeEvent, requestedAt: number) => void;
  onStatus: (status: StreamStatus) => void;
}): () => void {
  const query =
    'regionId' in options.scope
      ? { regionId: options.scope.regionId }
      : { cityId: options.scope.cityId };
  let closed = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  let requestedAt = 0;
  const onMessage = ({ type, data }: { type: string; data: string }) => {
    const schema = REALTIME_EVENT_SCHEMAS[type as RealtimeEvent['type']];
    if (!schema) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return;
    if (type === 'hello') {
      attempt = 0;
      options.onStatus('live');
    }
    options.onEvent({ type, data: parsed.data } as RealtimeEvent, requestedAt);
  };

  const run = async () => {
    controller = new AbortController();
    const current = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const resetSilence = () => {
      clearTimeout(silence);
      silence = setTimeout(() => current.abort(), SILENCE_MS);
    };
    try {
      resetSilence();
      requestedAt = Date.now();
      const response = await openStream('/realtime/stream', { query, signal: current.signal });
      if (!response.body) throw new Error('stream without a body');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const push = createSseParser(onMessage);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        resetSilence();
        push(value);
      }
    } catch (error) {
      // Signed out (the refresh was refused): nothing to reconnect for.
      if (error instanceof ApiError && error.status === 401) closed = true;
    } finally {
      clearTimeout(silence);
    }
    if (closed) return;
    options.onStatus('down');
    const delay = Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(run, delay / 2 + Math.random() * (delay / 2));
  };

  options.onStatus('connecting');
  void run();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    controller?.abort();
  };
}
