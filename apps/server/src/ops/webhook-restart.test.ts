import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, afterEach, expect, it } from 'vitest';
import { LIFE, life, subscribe } from '../modules/webhooks/webhook-life.fixture';
import { verify } from '../modules/webhooks/webhook-signer';
import { startSubscriber } from '../modules/webhooks/webhook-subscriber.fixture';
import { createFixtures } from '../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../test/test-app';
import {
  exitWithin,
  loginToken,
  type SpawnedServer,
  spawnServer,
  stopLeftover,
} from './spawn-server';

/**
 * Webhooks across a real crash (issue 32, ADR 0067): an order's whole life waits in the outbox of
 * an embedded database; the real server (the `npm start` bundle) starts on it and is killed with
 * SIGKILL while the lab's system holds an event's POST unanswered; the next server finds the
 * lab's system down (503), backs off, and once it is up again delivers the rest. The lab must end
 * with each event answered once, in the order's order, every signature valid.
 *
 * The embedded database is one process's: the order's life is written first, in this process, and
 * the servers then only deliver (webhooks.test.ts covers events written while a relay runs).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-webhook-restart-'));
const admin = { email: 'webhooks-admin@dastak.local', password: 'webhooks-admin-password' };
const env = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  WEBHOOK_ALLOW_HTTP: 'on',
};
let server: SpawnedServer | undefined;

afterEach(async () => {
  const s = server;
  server = undefined;
  await stopLeftover(s, dataDir);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('a server killed mid-POST, then a lab down: each event arrives once, in order, signed', async () => {
  const lis = await startSubscriber();
  try {
    // The order's life, written through the API in this process; no relay runs here.
    const t = await createTestApp({ WEBHOOK_ALLOW_HTTP: 'on' }, { dataDir });
    const manager = await createUser(t, [PERMISSIONS.CAN_MANAGE_WEBHOOKS]);
    let secret: string;
    let subscriptionId: number;
    let orderId: number;
    try {
      const f = await createFixtures(t);
      const manage = bearer((await login(t.app, manager.email, manager.password)).token);
      ({ secret, id: subscriptionId } = await subscribe(f, manage, lis.url('/lab')));
      const { order, steps } = await life(f);
      orderId = order.id;
      for (const step of steps) await step();
    } finally {
      await t.close();
    }

    // The first server delivers one event, and is killed while the second's POST is unanswered.
    lis.state.hangFrom = 1;
    server = await spawnServer(env);
    await expect.poll(() => lis.state.hung, { timeout: 20_000, interval: 50 }).toBe(1);
    server.child.kill('SIGKILL');
    await exitWithin(server, 10_000);
    expect(lis.bodies('/lab').map((b) => b.type)).toEqual(LIFE.slice(0, 1));

    // The next one finds the lab down: its 'sending' claim is requeued at start and refused.
    lis.state.hangFrom = Number.POSITIVE_INFINITY;
    lis.state.status = 503;
    server = await spawnServer(env);
    await expect.poll(() => lis.received.length, { timeout: 20_000, interval: 50 }).toBe(2);
    lis.state.status = 200;
    // The retry comes 10 s after the refusal (ADR 0067), then the backlog in order.
    await expect
      .poll(() => lis.bodies('/lab').length, { timeout: 40_000, interval: 100 })
      .toBe(LIFE.length);
    await new Promise((r) => setTimeout(r, 1_500)); // a relay tick's room for a duplicate

    const bodies = lis.bodies('/lab');
    expect(bodies.map((b) => b.type)).toEqual(LIFE);
    expect(bodies.every((b) => b.data.order.id === orderId)).toBe(true);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(LIFE.length);
    // The refused attempt was the second event, sent again under the same id.
    expect(lis.received[1]).toMatchObject({ answered: 503 });
    expect(JSON.parse(lis.received[1]!.raw).id).toBe(bodies[1]!.id);
    for (const r of lis.received) {
      expect(verify(secret, r.raw, String(r.headers['dastak-signature']))).toBe(true);
    }

    // The log the console shows agrees: every delivery delivered, the second after a 503.
    const token = await loginToken(server.url, manager.email, manager.password);
    const res = await fetch(
      `${server.url}/api/v1/webhooks/${subscriptionId}/deliveries/?page_size=100`,
      { headers: bearer(token) },
    );
    expect(res.status).toBe(200);
    const log = ((await res.json()) as { results: Array<Record<string, unknown>> }).results;
    expect(log).toHaveLength(LIFE.length);
    expect(log.every((d) => d.state === 'delivered')).toBe(true);
  } finally {
    await lis.close();
  }
}, 120_000);
