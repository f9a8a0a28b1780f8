import type { OutcomeState } from '../navigation';
import { replaceWith } from '../navigation';

/** Where each form's outcomes live (physical visit reuses the support-feedback pages: the spec
 * names only cro-feedback-success/error/expired). */
export type OutcomeRoots = { success: string; expired: string; error: string };

export const ORDER_REVIEW_OUTCOMES: OutcomeRoots = {
  success: 'order-review-success',
  expired: 'order-review-expired',
  error: 'order-review-error',
};
export const SURVEY_OUTCOMES: OutcomeRoots = {
  success: 'cro-feedback-success',
  expired: 'cro-feedback-expired',
  error: 'cro-feedback-error',
};

type PublicOutcome = {
  supportPhone: string;
  showGoogleMapReviewLink: boolean;
  mapsReviewUrl: string | null;
};

/** The history state an outcome page reads: the maps link only when the rule says so. */
export const stateFrom = (answer: PublicOutcome): OutcomeState => ({
  mapsReviewUrl: answer.showGoogleMapReviewLink ? answer.mapsReviewUrl : null,
  supportPhone: answer.supportPhone || null,
});

/** Leads a failed call to its page: 404 and anything unexpected to error, 409 (already sent)
 * to success, 410 to expired. */
export function leadFailure(roots: OutcomeRoots, status: number) {
  if (status === 409) replaceWith(roots.success);
  else if (status === 410) replaceWith(roots.expired);
  else replaceWith(roots.error);
}
