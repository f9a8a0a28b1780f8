import net from 'node:net';
import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRiderPosition, publishRidersChanged } from '../../lib/realtime-publish';
import {
  createFixtures,
  createRider,
  type Fixtures,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { type RealtimeHub, realtimeHubOf } from './hub';
import { openStream } from './stream-client';

let f: Fixtures;
let base: string;
let hub: RealtimeHub;
let viewer: Record<string, string>;

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  base = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
  hub = realtimeHubOf(f.t.db) as RealtimeHub;
  viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_DASHBOARD]);
});
afterAll(() => f.t.close());

/** Positions committed in one transaction: delivered together, on commit, as a burst. */
const burst = (fixes: { riderId: number; latitude: number; longitude: number }[]) =>
  f.t.db.transaction(async (tx) => {
    for (const p of fixes) {
      await publishRiderPosition(tx, { ...p, regionId: f.bloodRegion, at: new Date() });
    }
  });

/** A client that sends the request and never reads a byte of the answer. */
async function stuckClient() {
  const before = new Set(hub.connections);
  const url = new URL(base);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.pause();
  socket.write(
    `GET /api/v1/realtime/stream?region_id=${f.bloodRegion} HTTP/1.1\r\nhost: x\r\n` +
      `authorization: ${viewer.authorization}\r\n\r\n`,
  );
  const opened = () => [...hub.connections].find((c) => !before.has(c));
  await expect.poll(opened).toBeDefined();
  return { socket, conn: opened() as NonNullable<ReturnType<typeof opened>> };
}

/**
 * Fills a stuck client's socket with positions of 300 riders a turn, through the bus itself
 * (fast): loopback buffers here take tens of MB (tcp_rmem up to 32 MB) before write() says full.
 */
async function fillSocket(conn: { buffered(): { blocked: boolean } }, riderBase: number) {
  for (let round = 0; !conn.buffered().blocked && round < 5000; round++) {
    for (let i = 0; i < 300; i++) {
      hub.receive(
        JSON.stringify({
          k: 'p',
          r: riderBase + i,
          g: f.bloodRegion,
          la: 31.5 + round / 1e5,
          lo: 74.3,
          t: new Date().toISOString(),
        }),
      );
    }
    await new Promise((r) => setImmediate(r));
  }
  expect(conn.buffered().blocked).toBe(true);
}

describe('per-connection fan-out', () => {
  it('coalesces a burst of positions to the newest fix of each rider', async () => {
    const s = await openStream(base, `region_id=${f.bloodRegion}`, viewer);
    await s.next('hello');
    const fixes = Array.from({ length: 100 }, (_, i) => ({
      riderId: 9_000 + (i % 4),
      latitude: 31.5 + i / 1000,
      longitude: 74.3,
    }));
    await burst(fixes);
    await s.next(
      'riderPosition',
      (e) => e.data.riderId === 9_003 && e.data.latitude === 31.599,
      15_000,
    );
    await new Promise((r) => setTimeout(r, 50));
    const positions = s.events.filter((e) => e.type === 'riderPosition');
    // Never an older fix after a newer one, and each rider ends on its newest fix.
    for (const rider of [9_000, 9_001, 9_002, 9_003]) {
      const lats = positions.filter((e) => e.data.riderId === rider).map((e) => e.data.latitude);
      expect(lats).toEqual([...lats].sort((a, b) => a - b));
      expect(lats.at(-1)).toBe(31.596 + (rider - 9_000) / 1000);
    }
    // PGlite hands the whole commit over in one turn, so the burst is one event per rider; a
    // PostgreSQL listener reads it in several socket reads and each read's batch coalesces.
    if (!process.env.TEST_DATABASE_URL) expect(positions).toHaveLength(4);
    else expect(positions.length).toBeLessThan(fixes.length);
    s.close();
  });

  it("keeps a stuck client's buffered state bounded through thousands of pings", async () => {
    const { socket, conn } = await stuckClient();
    const riders = 300;
    let round = 0;
    const pings = () =>
      burst(
        Array.from({ length: riders }, (_, i) => ({
          riderId: 10_000 + i,
          latitude: 31.5 + round / 1e4,
          longitude: 74.3 + i / 1e4,
        })),
      );
    await fillSocket(conn, 10_000);
    const whenBlocked = conn.buffered();
    const heapBefore = process.memoryUsage().heapUsed;
    // Then 6,000 pings committed through the database: nothing more is written, and the
    // pending positions stay one per rider.
    for (let i = 0; i < 20; i++) {
      round++;
      await pings();
    }
    const after = conn.buffered();
    expect(after).toMatchObject({ positions: riders, queue: 0, blocked: true });
    expect(after.socketBytes).toBe(whenBlocked.socketBytes);
    expect(after.socketBytes).toBeLessThan(256 * 1024);
    // Loose: the garbage of 6,000 notices may or may not have been collected yet.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(hub.connections.has(conn)).toBe(true);
    socket.destroy();
    await expect.poll(() => hub.connections.has(conn)).toBe(false);
  });

  it('closes a stuck client whose event queue overflows', async () => {
    const rider = await createRider(f);
    const { socket, conn } = await stuckClient();
    const queueMax = hub.limits.queueMax;
    hub.limits.queueMax = 5;
    try {
      // Fill the socket first, so later events have to queue.
      await fillSocket(conn, 20_000);
      for (let i = 0; i < 10 && hub.connections.has(conn); i++) {
        await f.t.db.transaction((tx) => publishRidersChanged(tx, [rider.id]));
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(hub.connections.has(conn)).toBe(false);
      expect(conn.buffered()).toMatchObject({ positions: 0, queue: 0 });
    } finally {
      hub.limits.queueMax = queueMax;
      socket.destroy();
    }
  });

  it('frees the subscription of every closed stream (no leak after many connects)', async () => {
    const start = hub.connections.size;
    for (let batch = 0; batch < 10; batch++) {
      const open = await Promise.all(
        Array.from({ length: 20 }, () => openStream(base, `city_id=${f.cityId}`, viewer)),
      );
      await Promise.all(open.map((s) => s.next('hello')));
      expect(hub.connections.size).toBe(start + 20);
      for (const s of open) s.close();
      await expect.poll(() => hub.connections.size).toBe(start);
    }
  });
});
