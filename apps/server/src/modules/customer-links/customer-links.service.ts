import { randomBytes } from 'node:crypto';
import { FEEDBACK_LINK_VALID_HOURS, PUBLIC_LINKS } from '@dastak/core/constants';
import type { CustomerLink, SentMessage } from '@dastak/core/entities/feedback';
import { CUSTOMER_SMS, LINK_ACTIVITY, PUBLIC_PAGES } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import type { ActivityVerb } from '@dastak/core/order-transitions';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import {
  type LinkState,
  type MessageState,
  type OrderState,
  type PublicLinkKind,
  publicLinkPath,
  type Vertical,
} from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import type { ActorContext } from '../../lib/actor';
import { conflict, notFound, refused } from '../../lib/domain-errors';
import { enqueueSms, type SmsMessage } from '../notifications/public';
import { activityRow, actorName, insertActivities } from '../order-activities/public';
import * as repo from './customer-links.repository';

/** The verb of the order activity rows this module writes. */
export const LINK_SENT_VERB: ActivityVerb = 'linkSent';

/**
 * Where the public pages live (config PUBLIC_URL). Set once when the routes are registered, so
 * the order services and the auto-assignment job, which have no request, build the same URLs.
 */
let publicUrl = 'http://localhost:8080';
export function configureCustomerLinks(opts: { publicUrl: string }) {
  publicUrl = opts.publicUrl.replace(/\/$/, '');
}

export const linkUrl = (kind: PublicLinkKind, id: string) =>
  `${publicUrl}${publicLinkPath(kind, id)}`;

/** 192 random bits as 32 base64url characters: the link's id and its secret. */
export const newLinkId = () => randomBytes(PUBLIC_LINKS.ID_BYTES).toString('base64url');

const HOUR_MS = 60 * 60_000;

function smsText(kind: PublicLinkKind, url: string, orderNumber: string | null) {
  if (kind === 'physicalVisit' || kind === 'croFeedback') return CUSTOMER_SMS[kind](url);
  return CUSTOMER_SMS[kind](orderNumber ?? '', url);
}

/** Writes one SMS of the link to the outbox (the caller's transaction). */
async function textLink(tx: DbOrTx, link: repo.LinkRow, phone: string, orderNumber: string | null) {
  const url = linkUrl(link.kind, link.id);
  const message: SmsMessage = {
    to: phone,
    text: smsText(link.kind, url, orderNumber),
    url,
    kind: link.kind,
  };
  await enqueueSms(tx, message, link.id);
}

async function phoneOf(tx: DbOrTx, customerId: number) {
  const customer = await repo.findCustomer(tx, customerId);
  if (!customer) throw notFound();
  const phone = customer.phone.trim();
  if (!phone) throw refused(LINK_MESSAGES.CUSTOMER_HAS_NO_PHONE);
  return phone;
}

/**
 * A new public link and its SMS to the customer's phone, in the caller's transaction. Feedback
 * links last FEEDBACK_LINK_VALID_HOURS; a live-location link lapses with the order's pickup.
 */
export async function createCustomerLink(
  tx: DbOrTx,
  p: { kind: PublicLinkKind; orderId?: number | null; customerId: number },
) {
  const phone = await phoneOf(tx, p.customerId);
  const order = p.orderId ? await repo.orderForLink(tx, p.orderId) : undefined;
  const link = await repo.insertLink(tx, {
    id: newLinkId(),
    kind: p.kind,
    orderId: order?.id ?? null,
    customerId: p.customerId,
    expiresAt:
      p.kind === 'riderLiveLocation'
        ? null
        : new Date(Date.now() + FEEDBACK_LINK_VALID_HOURS * HOUR_MS),
  });
  await textLink(tx, link, phone, order?.number ?? null);
  return link;
}

// The link id is a secret (it opens the page): the activity keeps the kind only.
export const linkSentRow = (orderId: number, kind: PublicLinkKind, actor: ActorContext) =>
  activityRow({ id: orderId }, LINK_SENT_VERB, LINK_ACTIVITY.SENT[kind], actor, { kind });

/**
 * An order's first assignment texts the customer a live-location link (order-assign.service,
 * console and auto-assignment alike); a later assignment keeps the link already sent.
 */
export async function sendLiveLocationLink(
  tx: DbOrTx,
  order: { id: number; customerId: number },
  actor: ActorContext,
) {
  if (await repo.findOrderLink(tx, order.id, 'riderLiveLocation')) return;
  const link = await createCustomerLink(tx, {
    kind: 'riderLiveLocation',
    orderId: order.id,
    customerId: order.customerId,
  });
  await insertActivities(tx, [linkSentRow(order.id, link.kind, actor)]);
}

/** A delivered order: its review row (incomplete) and the review link, once per order. */
export async function sendOrderReviewLinks(
  tx: DbOrTx,
  delivered: { id: number; customerId: number }[],
  actor: ActorContext,
) {
  const rows = [];
  for (const order of delivered) {
    await repo.ensureOrderReview(tx, order.id);
    if (await repo.findOrderLink(tx, order.id, 'orderReview')) continue;
    const link = await createCustomerLink(tx, {
      kind: 'orderReview',
      orderId: order.id,
      customerId: order.customerId,
    });
    rows.push(linkSentRow(order.id, link.kind, actor));
  }
  await insertActivities(tx, rows);
}

const LIVE_LOCATION_OVER: readonly OrderState[] = ['collected', 'delivered', 'cancelled'];

/** Expired: a feedback link past its 48 hours, a live-location link once the order is picked. */
export function isLinkExpired(link: repo.LinkRow, orderState: OrderState | null, now = new Date()) {
  if (link.expiresAt) return now.getTime() > link.expiresAt.getTime();
  return (
    link.kind === 'riderLiveLocation' && !!orderState && LIVE_LOCATION_OVER.includes(orderState)
  );
}

/** The customer has answered the link's form already. */
async function isLinkCompleted(tx: DbOrTx, link: repo.LinkRow) {
  if (link.kind === 'orderReview') {
    return link.orderId ? repo.isOrderReviewComplete(tx, link.orderId) : false;
  }
  if (link.kind === 'riderLiveLocation') return false;
  return (await repo.interactionOfLink(tx, link.id))?.isComplete ?? false;
}

type MessageRow = Awaited<ReturnType<typeof repo.messagesOfLinks>>[number];

const sentMessage = (m: MessageRow): SentMessage => ({
  id: m.id,
  channel: 'sms',
  to: (m.payload as SmsMessage).to,
  state: m.state as MessageState,
  attempts: m.attempts,
  created: toKarachiIso(m.created),
  sentAt: m.sentAt ? toKarachiIso(m.sentAt) : null,
  lastError: m.lastError,
});

/** Completed (the submit stamps usedAt) wins over expired, expired over opened, then sent. */
function linkState(link: repo.LinkRow, isExpired: boolean): LinkState {
  if (link.usedAt) return 'completed';
  if (isExpired) return 'expired';
  return link.openedAt ? 'opened' : 'sent';
}

/**
 * The links as the staff see them, each with the text messages that carried it. Never the
 * link's id or URL (ADR 0051): they open the customer's form, and an agent holding them could
 * answer it as the customer; `ref` names the link instead.
 */
export async function serializeLinks(
  db: DbOrTx,
  links: repo.LinkRow[],
  orderStateOf: (link: repo.LinkRow) => OrderState | null,
): Promise<CustomerLink[]> {
  const messages = await repo.messagesOfLinks(
    db,
    links.map((l) => l.id),
  );
  const now = new Date();
  return links.map((link) => {
    const isExpired = isLinkExpired(link, orderStateOf(link), now);
    return {
      ref: link.ref,
      kind: link.kind,
      state: linkState(link, isExpired),
      created: toKarachiIso(link.created),
      expiresAt: link.expiresAt ? toKarachiIso(link.expiresAt) : null,
      isExpired,
      openedAt: link.openedAt ? toKarachiIso(link.openedAt) : null,
      usedAt: link.usedAt ? toKarachiIso(link.usedAt) : null,
      messages: messages.filter((m) => m.linkId === link.id).map(sentMessage),
    };
  });
}

/** GET /orders/{vertical}/{id}/links/: the order's links newest first. */
export async function listOrderLinks(db: Db, vertical: Vertical, orderId: number) {
  const order = await repo.orderForLink(db, orderId);
  if (!order || order.vertical !== vertical) throw notFound();
  return serializeLinks(db, await repo.linksOfOrder(db, orderId), () => order.state);
}

/**
 * The same link in a new SMS to the customer, in the caller's transaction. Refused once the link
 * expired or its form was answered.
 */
export async function textLinkAgain(
  tx: DbOrTx,
  link: repo.LinkRow,
  p: { orderState: OrderState | null; customerId: number; orderNumber: string | null },
) {
  if (isLinkExpired(link, p.orderState)) throw refused(LINK_MESSAGES.LINK_EXPIRED);
  if (await isLinkCompleted(tx, link)) throw conflict(PUBLIC_PAGES.ALREADY_SUBMITTED);
  await textLink(tx, link, await phoneOf(tx, link.customerId ?? p.customerId), p.orderNumber);
}

/** The order's activity row of a link sent again. */
export async function linkResentRow(
  tx: DbOrTx,
  order: { id: number },
  kind: PublicLinkKind,
  actor: ActorContext,
) {
  const description = LINK_ACTIVITY.RESENT(LINK_ACTIVITY.SENT[kind], await actorName(tx, actor));
  return activityRow(order, LINK_SENT_VERB, description, actor, { kind, resent: true });
}
