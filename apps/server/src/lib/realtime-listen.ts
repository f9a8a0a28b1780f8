import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DbHandle } from '../db/client';
import { REALTIME_CHANNEL } from './realtime-publish';

export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * LISTENs on the realtime channel. PGlite runs in this process, so its own listen is the whole
 * bus. On PostgreSQL a dedicated connection (not one of the pool's, which are lent out and
 * returned) listens; notices from every instance arrive there, this one's included. When that
 * connection drops, onLost runs (streams are closed so consoles resync) and it reconnects.
 */
export async function listenChannel(
  handle: DbHandle,
  onNotice: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<ChannelListener> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(REALTIME_CHANNEL, onNotice);
    return { close: () => unlisten() };
  }
  if (!(client instanceof pg.Pool)) throw new Error('realtime: unknown database client');
  const options = handle.listenUrl ? { connectionString: handle.listenUrl } : client.options;
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client(options);
    c.on('notification', (m) => {
      if (m.channel === REALTIME_CHANNEL && m.payload) onNotice(m.payload);
    });
    c.on('error', (err) => {
      if (closed || current !== c) return;
      current = undefined;
      c.end().catch(() => {});
      onLost(err);
      retry = setTimeout(() => connect().catch(onRetryFailed), 1000);
    });
    await c.connect();
    await c.query(`listen ${REALTIME_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    current = c;
  };
  const onRetryFailed = (err: Error) => {
    if (closed) return;
    onLost(err);
    retry = setTimeout(() => connect().catch(onRetryFailed), 1000);
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await current?.end();
    },
  };
}
