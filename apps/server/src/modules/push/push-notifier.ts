import type { PushPayload } from '@dastak/core/entities/push';
import { PUSH_MESSAGES } from '@dastak/core/messages';
import { STABILITY_MESSAGES } from '@dastak/core/messages/sample-stability';
import { sampleCountdown } from '@dastak/core/rules/sample-stability';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import * as repo from './push.repository';
import { sendPush } from './push-sender';
import type { VapidKeys } from './vapid-keys';

/**
 * The process's push sender per database (docs/decisions/0029-web-push.md). The order services
 * receive only `db`, so the push routes plugin registers the keys and logger for its database
 * here and the hooks look them up; with no app on that database (a job's unit test) a hook does
 * nothing. Sends run after the change committed, off the request: they never delay or fail it.
 */
interface PushContext {
  keys: VapidKeys;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  inFlight: Set<Promise<void>>;
}

const contexts = new WeakMap<Db, PushContext>();

export function registerPush(db: Db, keys: VapidKeys, log: PushContext['log']) {
  contexts.set(db, { keys, log, inFlight: new Set() });
}

/** Stops new sends for this database and waits for those under way (app close). */
export async function unregisterPush(db: Db) {
  const ctx = contexts.get(db);
  contexts.delete(db);
  if (ctx) await Promise.allSettled([...ctx.inFlight]);
}

/** Resolves when every send started so far has finished (tests; shutdown). */
export async function pushSettled(db: Db) {
  const ctx = contexts.get(db);
  while (ctx && ctx.inFlight.size > 0) await Promise.allSettled([...ctx.inFlight]);
}

/** Hook for the order services: the order just moved to 'problem' (after commit). */
export function notifyOrderEscalated(db: Db, orderId: number): void {
  track(db, async (ctx) => {
    const order = await repo.findPushOrder(db, orderId);
    if (!order) return;
    await deliver(db, ctx, order.regionId, {
      title: PUSH_MESSAGES.escalatedTitle(order.number),
      body: PUSH_MESSAGES.escalatedBody(order.regionName),
      url: orderPath(order),
      tag: `order-${order.id}`,
    });
  });
}

/** The late sweep found this order late with no rider (claimed, so once per order). */
export function notifyOrderLate(db: Db, order: repo.PushOrder, now: Date): void {
  const minutes = Math.max(0, Math.floor((now.getTime() - order.pickup.getTime()) / 60_000));
  track(db, (ctx) =>
    deliver(db, ctx, order.regionId, {
      title: PUSH_MESSAGES.lateTitle(order.number),
      body: PUSH_MESSAGES.lateBody(order.regionName, minutes),
      url: orderPath(order),
      tag: `order-${order.id}`,
    }),
  );
}

/** The stability sweep found this collected sample at risk of expiring (claimed: once). */
export function notifySampleAtRisk(
  db: Db,
  sample: { id: number; number: string; regionId: number; riderName: string; expiresAt: Date },
  now: Date,
): void {
  const countdown = sampleCountdown(sample.expiresAt, now).label;
  track(db, (ctx) =>
    deliver(db, ctx, sample.regionId, {
      title: STABILITY_MESSAGES.PUSH_TITLE(sample.number),
      body: STABILITY_MESSAGES.PUSH_BODY(sample.riderName, countdown),
      url: orderPath({ id: sample.id, vertical: 'blood' }),
      tag: `sample-${sample.id}`,
    }),
  );
}

/**
 * Hook for the order services: a task was just put in this rider's queue (an assignment or a
 * reassignment, after commit). The rider app's phones ring even with the app closed.
 */
export function notifyRiderTask(db: Db, riderId: number, order: { id: number; number: string }) {
  track(db, async (ctx) => {
    const subscriptions = await repo.listRiderSubscriptions(db, riderId);
    await sendEach(db, ctx, subscriptions, {
      title: PUSH_MESSAGES.riderTaskTitle(order.number),
      body: PUSH_MESSAGES.riderTaskBody,
      url: '/rider/',
      tag: `rider-task-${order.id}`,
    });
  });
}

export const isPushRegistered = (db: Db) => contexts.has(db);

const orderPath = (o: { id: number; vertical: string }) =>
  `/app/${o.vertical}/orders/detail/${o.id}`;

function track(db: Db, work: (ctx: PushContext) => Promise<void>) {
  const ctx = contexts.get(db);
  if (!ctx) return;
  const p: Promise<void> = work(ctx)
    .catch((err: unknown) => {
      // No payload or endpoint in the log: the endpoint identifies a browser.
      ctx.log.warn({ err: errorText(err) }, 'web push failed');
    })
    .finally(() => ctx.inFlight.delete(p));
  ctx.inFlight.add(p);
}

async function deliver(db: Db, ctx: PushContext, regionId: number, payload: PushPayload) {
  await sendEach(db, ctx, await repo.listRecipients(db, regionId), payload);
}

async function sendEach(
  db: Db,
  ctx: PushContext,
  recipients: repo.StoredSubscription[],
  payload: PushPayload,
) {
  await Promise.all(
    recipients.map(async (sub) => {
      try {
        const { outcome, status } = await sendPush(sub, payload, ctx.keys, payload.tag);
        if (outcome === 'gone') await repo.deleteSubscription(db, sub.id);
        else if (outcome === 'failed') {
          ctx.log.warn({ subscriptionId: sub.id, status }, 'push service refused a message');
        }
      } catch (err) {
        ctx.log.warn({ subscriptionId: sub.id, err: errorText(err) }, 'web push failed');
      }
    }),
  );
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
