import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import {
  type FeedbackQuestion,
  feedbackAnswersSchemaFor,
  orderReviewSubmitSchema,
} from './feedback';

const questions: FeedbackQuestion[] = [
  { id: 1, text: 'Overall', urduText: null, type: 'STAR_RATING', isMandatory: true },
  { id: 2, text: 'Comments', urduText: null, type: 'LONG_FORM_TEXT', isMandatory: false },
];

describe('feedback', () => {
  it("blocks submit with 'Please fill this field!' on an empty mandatory question", () => {
    const schema = feedbackAnswersSchemaFor(questions);
    const result = schema.safeParse({
      interactionId: 'abc',
      responses: [{ question: 2, answer: 'ok' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([VALIDATION.FILL_THIS_FIELD]);
    expect(
      schema.safeParse({ interactionId: 'abc', responses: [{ question: 1, answer: '5' }] }).success,
    ).toBe(true);
  });

  it('order review ratings are 1 to 5 stars', () => {
    const review = { overallStarRating: 5, onTimeStarRating: 4, riderStarRating: 1 };
    expect(orderReviewSubmitSchema.parse(review)).toEqual({ ...review, feedbackText: '' });
    const missing = orderReviewSubmitSchema.safeParse({ ...review, riderStarRating: undefined });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([VALIDATION.FILL_THIS_FIELD]);
    expect(orderReviewSubmitSchema.safeParse({ ...review, overallStarRating: 6 }).success).toBe(
      false,
    );
  });
});
