import type {
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEvent,
  WebhookSubscription,
  WebhookUpdate,
  WebhookWithSecret,
} from '@dastak/core/entities/webhooks';
import { WEBHOOK_MESSAGES } from '@dastak/core/messages/webhooks';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import type { WebhookDeliveryRow } from '../../db/schema/webhooks';
import { invalid, notFound, refused } from '../../lib/domain-errors';
import { limitOffset } from '../../lib/paging';
import { newSecret } from './webhook-signer';
import * as repo from './webhooks.repository';

/** Loopback hosts a plain-http address may use when WEBHOOK_ALLOW_HTTP is on (tests), as push. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https only (loopback http when allowed), and no credentials in the address. */
export function checkWebhookUrl(address: string, allowHttp: boolean) {
  const url = new URL(address);
  const ok = url.protocol === 'https:' || (allowHttp && LOOPBACK.has(url.hostname));
  if (!ok || url.username || url.password) {
    throw invalid(WEBHOOK_MESSAGES.URL_NOT_HTTPS, { url: [WEBHOOK_MESSAGES.URL_NOT_HTTPS] });
  }
}

const hint = (secret: string) => `…${secret.slice(-4)}`;

function toSubscription(
  row: repo.SubscriptionRow,
  counts: { pending: number; failed: number } = { pending: 0, failed: 0 },
): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    isActive: row.isActive,
    secretHint: hint(row.secret),
    pendingCount: counts.pending,
    failedCount: counts.failed,
    created: toKarachiIso(row.created),
  };
}

export async function listWebhooks(db: Db): Promise<WebhookSubscription[]> {
  const [rows, counts] = await Promise.all([repo.listSubscriptions(db), repo.deliveryCounts(db)]);
  return rows.map((r) => toSubscription(r, counts.get(r.id)));
}

export async function createWebhook(
  db: Db,
  body: WebhookCreate,
  userId: number,
  allowHttp: boolean,
): Promise<WebhookWithSecret> {
  checkWebhookUrl(body.url, allowHttp);
  const secret = newSecret();
  const row = await repo.insertSubscription(db, {
    url: body.url,
    events: body.events,
    description: body.description ?? '',
    isActive: body.isActive ?? true,
    secret,
    createdBy: userId,
  });
  return { detail: WEBHOOK_MESSAGES.CREATED, subscription: toSubscription(row), secret };
}

async function withCounts(db: Db, row: repo.SubscriptionRow) {
  return toSubscription(row, (await repo.deliveryCounts(db)).get(row.id));
}

export async function updateWebhook(
  db: Db,
  id: number,
  body: WebhookUpdate,
  allowHttp: boolean,
): Promise<WebhookSubscription> {
  if (body.url !== undefined) checkWebhookUrl(body.url, allowHttp);
  const patch = {
    ...(body.url !== undefined && { url: body.url }),
    ...(body.events !== undefined && { events: body.events }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.isActive !== undefined && { isActive: body.isActive }),
  };
  const row =
    Object.keys(patch).length === 0
      ? await repo.findSubscription(db, id)
      : await repo.updateSubscription(db, id, patch);
  if (!row) throw notFound();
  return withCounts(db, row);
}

export async function deleteWebhook(db: Db, id: number) {
  if (!(await repo.deleteSubscription(db, id))) throw notFound();
}

/** A new secret at once: deliveries from now on are signed with it (the old one stops working). */
export async function rotateWebhookSecret(db: Db, id: number): Promise<WebhookWithSecret> {
  const secret = newSecret();
  const row = await repo.updateSubscription(db, id, { secret });
  if (!row) throw notFound();
  return {
    detail: WEBHOOK_MESSAGES.SECRET_ROTATED,
    subscription: await withCounts(db, row),
    secret,
  };
}

const isoOrNull = (d: Date | null) => (d ? toKarachiIso(d) : null);

function toDelivery(
  row: WebhookDeliveryRow & {
    orderNumber: string | null;
    log: {
      id: number;
      at: Date;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
    }[];
  },
): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookEvent,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    sequence: row.sequence,
    state: row.state as WebhookDelivery['state'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.state === 'pending' ? isoOrNull(row.nextAttemptAt) : null,
    deliveredAt: isoOrNull(row.deliveredAt),
    created: toKarachiIso(row.created),
    redeliveryOf: row.redeliveryOf,
    log: row.log.map((a) => ({
      id: a.id,
      at: toKarachiIso(a.at),
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}

export async function listWebhookDeliveries(db: Db, id: number, q: WebhookDeliveryQuery) {
  if (!(await repo.findSubscription(db, id))) throw notFound();
  const page = await repo.listDeliveries(db, id, { state: q.state }, limitOffset(q));
  return { count: page.count, results: page.results.map(toDelivery) };
}

/**
 * 'Send again': a new delivery of the same event (same id and body, so a receiver that keeps
 * event ids can tell), after the order's other events of this subscription.
 */
export async function redeliver(
  db: Db,
  subscriptionId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const sub = await repo.findSubscription(db, subscriptionId);
  const original = sub && (await repo.findDelivery(db, subscriptionId, deliveryId));
  if (!sub || !original) throw notFound();
  if (!sub.isActive) throw refused(WEBHOOK_MESSAGES.SUBSCRIPTION_INACTIVE);
  const row = await db.transaction(async (tx) => {
    await repo.lockOrderEvents(tx, original.orderId);
    return repo.insertDelivery(tx, {
      subscriptionId,
      orderId: original.orderId,
      sequence: await repo.nextSequence(tx, subscriptionId, original.orderId),
      eventId: original.eventId,
      type: original.type,
      body: original.body,
      redeliveryOf: original.id,
    });
  });
  const order = (await repo.orderSnapshots(db, [row.orderId])).get(row.orderId);
  return toDelivery({ ...row, orderNumber: order?.number ?? null, log: [] });
}
