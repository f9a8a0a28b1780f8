import { FEEDBACK_LINK_VALID_HOURS } from '@dastak/core/constants';
import type { OrderState } from '@dastak/core/states';
import type { OrderChunk } from './order-rows';
import type { Rng } from './random';
import type { DemoContext } from './types';
import { HOUR, MINUTE } from './types';

export type Questions = {
  physicalVisit: { id: number; type: string }[];
  croFeedback: { id: number; type: string }[];
  /** Last feedback_interactions id handed out (answers point at it). */
  lastInteractionId: number;
};

type FeedbackInput = {
  orderId: number;
  customerId: number;
  state: OrderState;
  riderId: number | null;
  /** When the sample left the patient (delivered, or collected for active orders). */
  deliveredAt: number | null;
  followUps: number;
  offline: boolean;
};

const STARS = [
  [1, 3],
  [2, 5],
  [3, 12],
  [4, 30],
  [5, 50],
] as const;

const REVIEW_TEXTS = [
  'Rider was on time and very polite.',
  'Smooth experience, reports came quickly.',
  'Phlebotomist was gentle, thank you.',
  'Rider came late but the service was good.',
  'Had to call twice for the rider location.',
  '',
];
const RIDER_TEXTS = [
  'Patient was ready and cooperative.',
  'Had to wait at the gate.',
  'Family was helpful.',
  '',
];

const VALID_FOR = FEEDBACK_LINK_VALID_HOURS * HOUR;

/** Review links and reviews, rider feedback, physical-visit and CRO surveys, live-location links. */
export function addFeedback(
  ctx: DemoContext,
  rng: Rng,
  questions: Questions,
  chunk: OrderChunk,
  f: FeedbackInput,
): void {
  const now = ctx.now.getTime();
  const done = f.state === 'delivered' && f.deliveredAt !== null && !f.offline;

  if (done && rng.chance(0.35)) {
    const sentAt = (f.deliveredAt as number) + 5 * MINUTE;
    const complete = rng.chance(0.55) && sentAt + 2 * HOUR < now;
    const submittedAt = complete
      ? Math.min(now - MINUTE, sentAt + rng.int(10, 2_000) * MINUTE)
      : null;
    chunk.links.push({
      id: rng.token(32),
      kind: 'orderReview',
      orderId: f.orderId,
      customerId: f.customerId,
      expiresAt: new Date(sentAt + VALID_FOR),
      usedAt: submittedAt ? new Date(submittedAt) : null,
      created: new Date(sentAt),
    });
    const overall = rng.weighted(STARS);
    chunk.reviews.push({
      orderId: f.orderId,
      overallStarRating: complete ? overall : null,
      onTimeStarRating: complete ? Math.max(1, Math.min(5, overall + rng.int(-1, 1))) : null,
      riderStarRating: complete ? Math.max(1, Math.min(5, overall + rng.int(-1, 0))) : null,
      feedbackText: complete ? rng.pick(REVIEW_TEXTS) : null,
      isComplete: complete,
      submittedAt: submittedAt ? new Date(submittedAt) : null,
      created: new Date(sentAt),
      modified: new Date(submittedAt ?? sentAt),
    });
  }

  if (
    f.riderId &&
    (f.state === 'delivered' || f.state === 'collected') &&
    f.deliveredAt &&
    rng.chance(0.45)
  ) {
    chunk.riderFeedback.push({
      orderId: f.orderId,
      riderId: f.riderId,
      overallStarRating: rng.weighted(STARS.slice(2)),
      patientBehaviorStarRating: rng.weighted(STARS.slice(1)),
      waitTimeMins: rng.int(1, 30),
      feedbackText: rng.pick(RIDER_TEXTS),
      isComplete: true,
      created: new Date(f.deliveredAt),
      modified: new Date(f.deliveredAt),
    });
  }

  if (done && rng.chance(0.015))
    survey(rng, questions, chunk, f, 'physicalVisit', f.deliveredAt as number, now);
  if (f.followUps > 0 && f.deliveredAt && rng.chance(0.2)) {
    survey(rng, questions, chunk, f, 'croFeedback', f.deliveredAt, now);
  }

  if ((f.state === 'assigned' || f.state === 'reached') && f.riderId) {
    chunk.links.push({
      id: rng.token(32),
      kind: 'riderLiveLocation',
      orderId: f.orderId,
      customerId: f.customerId,
      created: new Date(now - rng.int(1, 60) * MINUTE),
    });
  }
}

function survey(
  rng: Rng,
  questions: Questions,
  chunk: OrderChunk,
  f: FeedbackInput,
  form: 'physicalVisit' | 'croFeedback',
  after: number,
  now: number,
): void {
  const sentAt = Math.min(now - 2 * MINUTE, after + rng.int(30, 600) * MINUTE);
  const complete = rng.chance(0.6) && sentAt + HOUR < now;
  const submittedAt = complete ? Math.min(now - MINUTE, sentAt + rng.int(5, 600) * MINUTE) : null;
  const linkId = rng.token(32);
  chunk.links.push({
    id: linkId,
    kind: form,
    orderId: f.orderId,
    customerId: f.customerId,
    expiresAt: new Date(sentAt + VALID_FOR),
    usedAt: submittedAt ? new Date(submittedAt) : null,
    created: new Date(sentAt),
  });
  const interactionId = ++questions.lastInteractionId;
  let satisfied = true;
  if (complete) {
    for (const q of questions[form]) {
      let answer: string;
      if (q.type === 'STAR_RATING') {
        answer = String(rng.weighted(STARS));
        if (answer !== '5') satisfied = false;
      } else {
        answer = rng.pick(REVIEW_TEXTS);
        if (!answer) continue;
      }
      chunk.answers.push({
        interactionId,
        questionId: q.id,
        answer,
        created: new Date(submittedAt as number),
      });
    }
  }
  chunk.interactions.push({
    id: interactionId,
    linkId,
    form,
    orderId: f.orderId,
    customerId: f.customerId,
    isComplete: complete,
    isSatisfied: complete ? satisfied : null,
    submittedAt: submittedAt ? new Date(submittedAt) : null,
    created: new Date(sentAt),
    modified: new Date(submittedAt ?? sentAt),
  });
}
