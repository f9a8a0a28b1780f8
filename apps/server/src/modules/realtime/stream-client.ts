import type { RealtimeEvent } from '@dastak/core/entities/realtime';

/** Test and benchmark support: a stream read the way the console reads it, with fetch. */
export interface StreamClient {
  status: number;
  headers: Headers;
  /** Every event so far, in order; `: heartbeat` comments count in `heartbeats`. */
  events: RealtimeEvent[];
  heartbeats: number;
  /** Resolves with the first event (from `from` on) that matches, or rejects after timeoutMs. */
  next<T extends RealtimeEvent['type']>(
    type: T,
    match?: (e: Extract<RealtimeEvent, { type: T }>) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<Extract<RealtimeEvent, { type: T }>>;
  /** Called for each event as it is parsed (the benchmark times arrivals here). */
  onEvent?: (e: RealtimeEvent) => void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(
  base: string,
  query: string,
  headers: Record<string, string>,
): Promise<StreamClient> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/v1/realtime/stream?${query}`, {
    headers,
    signal: abort.signal,
  });
  const waiters = new Set<() => void>();
  const client: StreamClient = {
    status: res.status,
    headers: res.headers,
    events: [],
    heartbeats: 0,
    ended: Promise.resolve(),
    next(type, match, timeoutMs = 3000, from = 0) {
      type E = Extract<RealtimeEvent, { type: typeof type }>;
      const find = () =>
        client.events
          .slice(from)
          .find((e): e is E => e.type === type && (!match || match(e as never)));
      return new Promise<E>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const e = find();
          if (!e) return;
          cleanup();
          resolve(e);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${type} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      }) as never;
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) return client;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (block.startsWith(':')) {
            client.heartbeats++;
            continue;
          }
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (!type || data === undefined) continue;
          const event = { type, data: JSON.parse(data) } as RealtimeEvent;
          client.events.push(event);
          client.onEvent?.(event);
        }
        for (const w of [...waiters]) w();
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
