import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ERRORS } from '@dastak/core/messages';
import { WEBHOOK_MESSAGES } from '@dastak/core/messages/webhooks';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/webhooks';
import {
  api,
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { LIFE, life as lifeOf, subscribe as subscribeThrough } from './webhook-life.fixture';
import { relayWebhooksOnce, startWebhookRelay } from './webhook-relay';
import { closedPort, startSubscriber } from './webhook-subscriber.fixture';
import { claimDue } from './webhooks.repository';

/**
 * Webhooks end to end (docs/decisions/0067-webhooks.md): orders walked through the API, the
 * relay POSTing to real HTTP servers on loopback, each body checked with the README's own
 * verification recipe.
 */

type Verify = (secret: string, rawBody: string, header: string, tolerance?: number) => boolean;

let f: Fixtures;
let manage: Record<string, string>;
let verifyDastakSignature: Verify;
const noWait = { backoff: () => 0 };

/** The README's recipe, taken from its ```js block under ### Webhooks and run as written. */
async function readmeRecipe(): Promise<Verify> {
  const readme = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../../../README.md'),
    'utf8',
  );
  const code = /### Webhooks[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(code, 'the README has a verification recipe').toBeTruthy();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-recipe-')), 'verify.mjs');
  fs.writeFileSync(file, code!);
  return (await import(pathToFileURL(file).href)).verifyDastakSignature as Verify;
}

beforeAll(async () => {
  f = await createFixtures(await createTestApp({ WEBHOOK_ALLOW_HTTP: 'on' }));
  manage = await tokenWith(f.t, [PERMISSIONS.CAN_MANAGE_WEBHOOKS]);
  verifyDastakSignature = await readmeRecipe();
});
afterAll(() => f.t.close());

const log = () => f.t.app.log;

/** Each test's subscribers go with it, so the next test's relay runs reach only its own. */
async function unsubscribeAll() {
  for (const s of (await api(f).get('/webhooks/', manage)).json()) await unsubscribe(s.id);
}

const unsubscribe = (id: number) =>
  f.t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${id}/`, headers: manage });

const subscribe = (url: string, events?: readonly string[]) =>
  subscribeThrough(f, manage, url, events);
const life = () => lifeOf(f);

/** Runs the relay until nothing is due (a failing subscriber would loop: use `times`). */
async function drain(times = 50) {
  for (let i = 0; i < times; i += 1) {
    if ((await relayWebhooksOnce(f.t.db, log(), noWait)) === 0) return;
  }
}

const deliveriesOf = async (subscriptionId: number, query = '') =>
  (await api(f).get(`/webhooks/${subscriptionId}/deliveries/?page_size=100${query}`, manage)).json()
    .results as Array<Record<string, unknown> & { log: Array<Record<string, unknown>> }>;

describe('subscriptions', () => {
  it('creates with a secret shown once, lists without it, rotates it and deletes', async () => {
    const res = await api(f).post(
      '/webhooks/',
      { url: 'https://lis.example.com/dastak', events: ['order.collected'], description: 'LIS' },
      manage,
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.detail).toBe(WEBHOOK_MESSAGES.CREATED);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.subscription).toMatchObject({
      url: 'https://lis.example.com/dastak',
      events: ['order.collected'],
      description: 'LIS',
      isActive: true,
      secretHint: `…${created.secret.slice(-4)}`,
    });
    const list = await api(f).get('/webhooks/', manage);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(created.secret);

    const rotated = await api(f).post(
      `/webhooks/${created.subscription.id}/rotate-secret/`,
      {},
      manage,
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(created.secret);

    const patched = await api(f).patch(
      `/webhooks/${created.subscription.id}/`,
      { events: ['order.created', 'order.created'], is_active: false },
      manage,
    );
    expect(patched.json()).toMatchObject({ events: ['order.created'], isActive: false });

    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.subscription.id}/`,
      headers: manage,
    });
    expect(del.statusCode).toBe(204);
    const again = await api(f).patch(`/webhooks/${created.subscription.id}/`, {}, manage);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(ERRORS.NOT_FOUND);
  });

  it('refuses plain http beyond loopback, credentials in the address, and no events (400)', async () => {
    for (const url of ['http://lis.example.com/hook', 'https://user:pw@lis.example.com/hook']) {
      const res = await api(f).post('/webhooks/', { url, events: ['order.created'] }, manage);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.url).toEqual([WEBHOOK_MESSAGES.URL_NOT_HTTPS]);
    }
    const none = await api(f).post(
      '/webhooks/',
      { url: 'https://lis.example.com', events: [] },
      manage,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.events).toEqual([WEBHOOK_MESSAGES.EVENTS_REQUIRED]);
    const odd = await api(f).post(
      '/webhooks/',
      { url: 'https://lis.example.com', events: ['order.eaten'] },
      manage,
    );
    expect(odd.statusCode).toBe(400);
  });

  it('is refused without “Can manage webhooks” (403)', async () => {
    const res = await api(f).get('/webhooks/');
    expect(res.statusCode).toBe(403);
  });
});

describe('delivery', () => {
  it('delivers an order’s life once each, in order, signed, and writes nothing when no one listens', async () => {
    const lis = await startSubscriber();
    try {
      // Events before the subscription exist for no one.
      const before = await placeOrder(f, 'blood');
      const { id, secret } = await subscribe(lis.url());
      const { order, steps } = await life();
      for (const step of steps) await step();
      await drain();
      await drain(); // a second pass finds nothing more to send

      const mine = lis.bodies().filter((b) => b.data.order.id === order.id);
      expect(mine.map((b) => b.type)).toEqual(LIFE);
      expect(new Set(mine.map((b) => b.id)).size).toBe(LIFE.length);
      expect(lis.bodies().some((b) => b.data.order.id === before.id)).toBe(false);
      for (const r of lis.received) {
        const header = String(r.headers['dastak-signature']);
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifyDastakSignature(secret, r.raw, header)).toBe(true);
        // A changed body, a wrong secret or an old timestamp fail the recipe.
        expect(verifyDastakSignature(secret, `${r.raw} `, header)).toBe(false);
        expect(verifyDastakSignature(`${secret}x`, r.raw, header)).toBe(false);
        expect(verifyDastakSignature(secret, r.raw, header, -1)).toBe(false);
        expect(r.headers['dastak-event-id']).toBe(JSON.parse(r.raw).id);
        expect(r.headers['content-type']).toBe('application/json');
      }
      const last = mine.at(-1) as unknown as { data: Record<string, unknown> };
      expect(last.data).toMatchObject({
        order: { id: order.id, number: order.number, state: 'delivered' },
        details: { tubes: [expect.stringMatching(/^T-WH/)] },
      });

      const log = await deliveriesOf(id);
      const ofOrder = log.filter((d) => d.orderId === order.id);
      expect(ofOrder.map((d) => [d.sequence, d.state, d.attempts])).toEqual(
        LIFE.map((_, i) => [LIFE.length - i, 'delivered', 1]),
      );
      expect(ofOrder[0]!.log).toEqual([
        expect.objectContaining({ statusCode: 200, error: null, durationMs: expect.any(Number) }),
      ]);
    } finally {
      await unsubscribeAll();
      await lis.close();
    }
  });

  it('holds an order’s later events through an outage (500, then a closed port) and sends the backlog in order', async () => {
    const lis = await startSubscriber();
    try {
      const { id } = await subscribe(lis.url('/outage'));
      lis.state.status = 500;
      const { order, steps } = await life();
      await steps[0]!();
      await drain(3);
      // Three attempts of the first event; the second waits behind it.
      const tried = lis.received.filter((r) => r.path === '/outage');
      expect(tried.map((r) => JSON.parse(r.raw).type)).toEqual([
        'order.created',
        'order.created',
        'order.created',
      ]);
      const down = await closedPort();
      await api(f).patch(`/webhooks/${id}/`, { url: `http://127.0.0.1:${down}/outage` }, manage);
      await steps[1]!();
      await drain(2);
      const first = (await deliveriesOf(id)).find((d) => d.type === 'order.created')!;
      expect(first).toMatchObject({ state: 'pending', attempts: 5, lastStatusCode: null });
      expect(first.log.map((a) => a.statusCode)).toEqual([500, 500, 500, null, null]);
      expect(String(first.log[4]!.error)).toMatch(/ECONNREFUSED|fetch failed/);
      const list = (await api(f).get('/webhooks/', manage)).json();
      expect(list.find((s: { id: number }) => s.id === id).pendingCount).toBe(3);

      // Recovery.
      lis.state.status = 204;
      await api(f).patch(`/webhooks/${id}/`, { url: lis.url('/outage') }, manage);
      await steps[2]!();
      await drain();
      const types = lis
        .bodies('/outage')
        .filter((b) => b.data.order.id === order.id)
        .map((b) => b.type);
      expect(types).toEqual([
        'order.created',
        'order.assigned',
        'order.reached',
        'order.collected',
      ]);
    } finally {
      await unsubscribeAll();
      await lis.close();
    }
  });

  it('delivers nothing twice across a relay restart, finishing what a dead instance claimed', async () => {
    const lis = await startSubscriber();
    const { secret } = await subscribe(lis.url('/restart'));
    const { order, steps } = await life();
    const one = startWebhookRelay(f.t.db, log(), { holder: 'one', periodMs: 10, ...noWait });
    try {
      await steps[0]!();
      await steps[1]!();
      const got = () => lis.bodies('/restart').filter((b) => b.data.order.id === order.id);
      await expect.poll(() => got().length, { timeout: 10_000 }).toBe(3);
      await one.stop();
      await steps[2]!();
      // An instance claims the next event and dies before sending it.
      expect((await claimDue(f.t.db, 20, 'dead')).map((r) => r.type)).toContain('order.collected');
      await steps[3]!();
      const two = startWebhookRelay(f.t.db, log(), {
        holder: 'two',
        periodMs: 10,
        soleInstance: true,
        ...noWait,
      });
      try {
        await expect.poll(() => got().length, { timeout: 10_000 }).toBe(LIFE.length);
        await new Promise((r) => setTimeout(r, 100)); // room for a duplicate to show
      } finally {
        await two.stop();
      }
      expect(got().map((b) => b.type)).toEqual(LIFE);
      expect(new Set(got().map((b) => b.id)).size).toBe(LIFE.length);
      const raws = lis.received.filter((r) => r.path === '/restart');
      for (const r of raws) {
        expect(verifyDastakSignature(secret, r.raw, String(r.headers['dastak-signature']))).toBe(
          true,
        );
      }
    } finally {
      await one.stop();
      await unsubscribeAll();
      await lis.close();
    }
  });

  it('gives up after 24 hours, then sends the order’s next event; a hung subscriber costs the relay 5 s at most', async () => {
    const lis = await startSubscriber();
    try {
      lis.state.hang = true;
      const { id } = await subscribe(lis.url('/slow'), ['order.created', 'order.assigned']);
      const { order, steps } = await life();
      const started = Date.now();
      await relayWebhooksOnce(f.t.db, log(), { ...noWait, timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(3_000);
      const [hung] = await deliveriesOf(id);
      expect(hung).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastError: 'No answer within 0.3 s',
      });

      // A day later it fails for good at the next attempt.
      await f.t.db
        .update(webhookDeliveries)
        .set({ created: sql`now() - interval '25 hours'` })
        .where(eq(webhookDeliveries.subscriptionId, id));
      await relayWebhooksOnce(f.t.db, log(), { ...noWait, timeoutMs: 300 });
      const [failed] = await deliveriesOf(id);
      expect(failed).toMatchObject({ state: 'failed', attempts: 2, nextAttemptAt: null });

      lis.state.hang = false;
      await steps[0]!();
      await drain();
      expect(lis.bodies('/slow').map((b) => [b.type, b.data.order.id])).toEqual([
        ['order.assigned', order.id],
      ]);
      const list = (await api(f).get('/webhooks/', manage)).json();
      expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({
        pendingCount: 0,
        failedCount: 1,
      });

      // Send again: the failed event, with its id, after the order's other events.
      const res = await api(f).post(
        `/webhooks/${id}/deliveries/${failed!.id}/redeliver/`,
        {},
        manage,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        eventId: failed!.eventId,
        redeliveryOf: failed!.id,
        state: 'pending',
        sequence: 3,
      });
      await drain();
      const sent = lis.bodies('/slow');
      expect(sent.map((b) => b.type)).toEqual(['order.assigned', 'order.created']);
      expect(sent[1]!.id).toBe(failed!.eventId);
      const missing = await api(f).post(`/webhooks/${id}/deliveries/999999/redeliver/`, {}, manage);
      expect(missing.statusCode).toBe(404);
    } finally {
      await unsubscribeAll();
      await lis.close();
    }
  });
});
