import { MAX_SATISFACTION_ANSWER } from '@dastak/core/constants';
import type { OrderReview, OrderReviewSubmit } from '@dastak/core/entities/feedback';
import { PUBLIC_PAGES } from '@dastak/core/messages';
import { conflict, notFound } from '../../lib/domain-errors';
import {
  completeReview,
  findOrderWithReview,
  findReviewState,
  type ReviewRow,
} from './order-review.repository';
import { findLink, markLinkUsed } from './public-feedback.repository';
import {
  feedbackExpired,
  isLinkExpired,
  outcomeFields,
  type PublicDeps,
  readLink,
} from './public-feedback.shared';

const FIVE = Number(MAX_SATISFACTION_ANSWER);

/** The maps-review invitation: a complete review with every star question at the top. */
const allTop = (r: ReviewRow) =>
  r.isComplete &&
  r.overallStarRating === FIVE &&
  r.onTimeStarRating === FIVE &&
  r.riderStarRating === FIVE;

function view(
  deps: PublicDeps,
  order: { id: number; number: string },
  review: ReviewRow | null,
): OrderReview {
  const r: ReviewRow = review ?? {
    overallStarRating: null,
    onTimeStarRating: null,
    riderStarRating: null,
    feedbackText: null,
    isComplete: false,
  };
  return {
    order: { id: order.id, number: order.number },
    overallStarRating: r.overallStarRating,
    onTimeStarRating: r.onTimeStarRating,
    riderStarRating: r.riderStarRating,
    feedbackText: r.feedbackText ?? '',
    isReviewComplete: r.isComplete,
    isExpired: false,
    ...outcomeFields(deps.config, allTop(r)),
  };
}

/**
 * A link answered or past its 48 hours tells only that (ADR 0051): no order, no ratings, no
 * maps invitation (which would tell the ratings). Answered wins over expired: the customer who
 * reviewed keeps seeing the thank-you page.
 */
const stateOnlyView = (deps: PublicDeps, isComplete: boolean): OrderReview => ({
  order: null,
  overallStarRating: null,
  onTimeStarRating: null,
  riderStarRating: null,
  feedbackText: '',
  isReviewComplete: isComplete,
  isExpired: !isComplete,
  ...outcomeFields(deps.config, false),
});

async function openLink(deps: PublicDeps, id: string, read: boolean) {
  const link = read
    ? await readLink(deps, id, 'orderReview')
    : await findLink(deps.db, id, 'orderReview');
  if (!link?.orderId) throw notFound();
  return { ...link, orderId: link.orderId };
}

const isReviewed = async (deps: PublicDeps, orderId: number) =>
  (await findReviewState(deps.db, orderId))?.isComplete ?? false;

/** GET /feedback/order_review/{uuid}/ */
export async function getOrderReview(deps: PublicDeps, id: string): Promise<OrderReview> {
  const link = await openLink(deps, id, true);
  if (await isReviewed(deps, link.orderId)) return stateOnlyView(deps, true);
  if (isLinkExpired(link, deps.now())) return stateOnlyView(deps, false);
  const row = await findOrderWithReview(deps.db, link.orderId);
  if (!row) throw notFound();
  return view(deps, row, row.review);
}

/** PUT /feedback/order_review/{uuid}/: accepted once, within 48 hours. */
export async function submitOrderReview(
  deps: PublicDeps,
  id: string,
  body: OrderReviewSubmit,
): Promise<OrderReview> {
  const link = await openLink(deps, id, false);
  const now = deps.now();
  if (isLinkExpired(link, now)) {
    // Answered before it lapsed: the answer stands (409 leads to the thank-you page).
    if (await isReviewed(deps, link.orderId)) throw conflict(PUBLIC_PAGES.ALREADY_SUBMITTED);
    throw feedbackExpired();
  }
  const order = await findOrderWithReview(deps.db, link.orderId);
  if (!order) throw notFound();
  const saved = await deps.db.transaction(async (tx) => {
    const row = await completeReview(
      tx,
      link.orderId,
      {
        overallStarRating: body.overallStarRating,
        onTimeStarRating: body.onTimeStarRating,
        riderStarRating: body.riderStarRating,
        feedbackText: body.feedbackText.trim(),
      },
      now,
    );
    // Submitted before (or by a concurrent submit): nothing of this one is written.
    if (!row) throw conflict(PUBLIC_PAGES.ALREADY_SUBMITTED);
    await markLinkUsed(tx, link.id, now);
    return row;
  });
  return view(deps, order, saved);
}
