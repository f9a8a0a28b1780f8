import type { PublicLinkKind, SurveyForm } from '@dastak/core/states';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import {
  feedbackAnswers,
  feedbackInteractions,
  feedbackQuestions,
  orderReviews,
  publicLinks,
} from '../../db/schema/feedback';
import { orders } from '../../db/schema/orders';
import { outbox } from '../../db/schema/outbox';

/** All SQL of the staff side of customer links: links, their text messages, surveys. */

export type LinkRow = typeof publicLinks.$inferSelect;

export async function insertLink(tx: DbOrTx, row: typeof publicLinks.$inferInsert) {
  const [link] = await tx.insert(publicLinks).values(row).returning();
  return link!;
}

/** The order's link of this kind, oldest first (the one a re-assign keeps). */
export async function findOrderLink(tx: DbOrTx, orderId: number, kind: PublicLinkKind) {
  const [row] = await tx
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.orderId, orderId), eq(publicLinks.kind, kind)))
    .orderBy(asc(publicLinks.created))
    .limit(1);
  return row;
}

/** A link by the staff's handle (never by its secret id: staff do not have it). */
export async function findLinkByRef(tx: DbOrTx, ref: number) {
  const [row] = await tx.select().from(publicLinks).where(eq(publicLinks.ref, ref));
  return row;
}

/** What a message about an order needs: its number, state and the customer's phone. */
export async function orderForLink(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      vertical: orders.vertical,
      state: orders.state,
      customerId: orders.customerId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

export async function findCustomer(tx: DbOrTx, customerId: number) {
  const [row] = await tx
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Newest first; created ties (one transaction) fall back to the id for a stable order. */
export async function linksOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(publicLinks)
    .where(eq(publicLinks.orderId, orderId))
    .orderBy(desc(publicLinks.created), desc(publicLinks.id));
}

/** The SMS outbox rows of these links, oldest first. */
export async function messagesOfLinks(db: DbOrTx, linkIds: string[]) {
  if (linkIds.length === 0) return [];
  return db
    .select({
      id: outbox.id,
      linkId: outbox.linkId,
      payload: outbox.payload,
      state: outbox.state,
      attempts: outbox.attempts,
      created: outbox.created,
      sentAt: outbox.sentAt,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(and(inArray(outbox.linkId, linkIds), eq(outbox.kind, 'sms')))
    .orderBy(asc(outbox.id));
}

/** The review row of a delivered order; a second delivery path never makes a second one. */
export async function ensureOrderReview(tx: DbOrTx, orderId: number) {
  await tx
    .insert(orderReviews)
    .values({ orderId, isComplete: false })
    .onConflictDoNothing({ target: orderReviews.orderId });
}

export async function isOrderReviewComplete(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ isComplete: orderReviews.isComplete })
    .from(orderReviews)
    .where(eq(orderReviews.orderId, orderId));
  return row?.isComplete ?? false;
}

export async function interactionOfLink(tx: DbOrTx, linkId: string) {
  const [row] = await tx
    .select()
    .from(feedbackInteractions)
    .where(eq(feedbackInteractions.linkId, linkId));
  return row;
}

export async function insertInteraction(
  tx: DbOrTx,
  row: { linkId: string; form: SurveyForm; orderId: number | null; customerId: number },
) {
  const [created] = await tx.insert(feedbackInteractions).values(row).returning();
  return created!;
}

/** The customer's surveys newest first (or the one survey asked for), with link and order. */
export async function surveysOfCustomer(db: DbOrTx, customerId: number, surveyId?: number) {
  return db
    .select({
      interaction: feedbackInteractions,
      link: publicLinks,
      order: { id: orders.id, number: orders.number, vertical: orders.vertical },
    })
    .from(feedbackInteractions)
    .innerJoin(publicLinks, eq(publicLinks.id, feedbackInteractions.linkId))
    .leftJoin(orders, eq(orders.id, feedbackInteractions.orderId))
    .where(
      and(
        eq(feedbackInteractions.customerId, customerId),
        surveyId === undefined ? undefined : eq(feedbackInteractions.id, surveyId),
      ),
    )
    .orderBy(desc(feedbackInteractions.created), desc(feedbackInteractions.id));
}

/** Answers of these interactions in the form's question order. */
export async function answersOf(db: DbOrTx, interactionIds: number[]) {
  if (interactionIds.length === 0) return [];
  return db
    .select({
      interactionId: feedbackAnswers.interactionId,
      question: feedbackQuestions.id,
      text: feedbackQuestions.text,
      type: feedbackQuestions.type,
      answer: feedbackAnswers.answer,
    })
    .from(feedbackAnswers)
    .innerJoin(feedbackQuestions, eq(feedbackQuestions.id, feedbackAnswers.questionId))
    .where(inArray(feedbackAnswers.interactionId, interactionIds))
    .orderBy(asc(feedbackQuestions.sortOrder), asc(feedbackQuestions.id));
}
