import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderReviews } from '../../db/schema/feedback';
import { orders } from '../../db/schema/orders';

const reviewColumns = {
  overallStarRating: orderReviews.overallStarRating,
  onTimeStarRating: orderReviews.onTimeStarRating,
  riderStarRating: orderReviews.riderStarRating,
  feedbackText: orderReviews.feedbackText,
  isComplete: orderReviews.isComplete,
};
export type ReviewRow = {
  overallStarRating: number | null;
  onTimeStarRating: number | null;
  riderStarRating: number | null;
  feedbackText: string | null;
  isComplete: boolean;
};

/** The order (id, number) and its review, if the review row exists yet. */
export async function findOrderWithReview(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, review: reviewColumns })
    .from(orders)
    .leftJoin(orderReviews, eq(orderReviews.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

export async function findReviewState(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ isComplete: orderReviews.isComplete })
    .from(orderReviews)
    .where(eq(orderReviews.orderId, orderId));
  return row;
}

/**
 * Completes the review once: the row is made if the link came without one, then only a row
 * still incomplete is updated. Of two concurrent submits one gets the row back, the other none.
 */
export async function completeReview(
  tx: DbOrTx,
  orderId: number,
  values: Omit<ReviewRow, 'isComplete'>,
  at: Date,
): Promise<ReviewRow | undefined> {
  await tx.insert(orderReviews).values({ orderId }).onConflictDoNothing();
  const [row] = await tx
    .update(orderReviews)
    .set({ ...values, isComplete: true, submittedAt: at, modified: at })
    .where(and(eq(orderReviews.orderId, orderId), eq(orderReviews.isComplete, false)))
    .returning(reviewColumns);
  return row;
}
