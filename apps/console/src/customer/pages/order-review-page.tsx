import { PUBLIC_LINKS } from '@dastak/core/constants';
import type { OrderReview, OrderReviewSubmit } from '@dastak/core/entities/feedback';
import { PUBLIC_PAGES, VALIDATION } from '@dastak/core/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { publicApi } from '../api';
import { Frame } from '../components/frame';
import { Loading } from '../components/loading';
import { StarRating } from '../components/star-rating';
import { replaceWith } from '../navigation';
import { leadFailure, ORDER_REVIEW_OUTCOMES, stateFrom } from './outcomes';

const QUESTIONS = [
  { key: 'overallStarRating', label: 'Overall' },
  { key: 'onTimeStarRating', label: 'On Time Pickup' },
  { key: 'riderStarRating', label: 'Rider' },
] as const;
type StarKey = (typeof QUESTIONS)[number]['key'];
type Stars = Record<StarKey, number | null>;

const REVIEW = '/feedback/order_review/:id/';

/** /order-review/{uuid}: three star questions and a comment, accepted once. */
export function OrderReviewPage({ id }: { id: string }) {
  const [review, setReview] = useState<OrderReview | null>(null);
  const [stars, setStars] = useState<Stars>({
    overallStarRating: null,
    onTimeStarRating: null,
    riderStarRating: null,
  });
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    void publicApi('GET', REVIEW, { id }).then((answer) => {
      if (!live) return;
      if (!answer.ok)
        // 404 (or no answer at all): the error page; reads never toast.
        return replaceWith(
          answer.status === 410 ? ORDER_REVIEW_OUTCOMES.expired : ORDER_REVIEW_OUTCOMES.error,
        );
      const found = answer.data;
      // Answered wins over expired: the customer who reviewed keeps the thank-you page.
      if (found.isReviewComplete) replaceWith(ORDER_REVIEW_OUTCOMES.success, stateFrom(found));
      else if (found.isExpired) replaceWith(ORDER_REVIEW_OUTCOMES.expired, stateFrom(found));
      else setReview(found);
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (!review) return <Loading />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (QUESTIONS.some((q) => stars[q.key] === null) || sending) return;
    setSending(true);
    const body: OrderReviewSubmit = {
      overallStarRating: stars.overallStarRating ?? 0,
      onTimeStarRating: stars.onTimeStarRating ?? 0,
      riderStarRating: stars.riderStarRating ?? 0,
      feedbackText: text.trim(),
    };
    const answer = await publicApi('PUT', REVIEW, { id }, body);
    setSending(false);
    if (answer.ok) replaceWith(ORDER_REVIEW_OUTCOMES.success, stateFrom(answer.data));
    else leadFailure(ORDER_REVIEW_OUTCOMES, answer.status);
  };

  return (
    <Frame>
      <form className="c-card" onSubmit={submit} noValidate>
        <h1>{PUBLIC_PAGES.FEEDBACK_HEADING}</h1>
        {review.order && <p className="c-muted">Order {review.order.number}</p>}
        {QUESTIONS.map((q) => (
          <StarRating
            key={q.key}
            name={q.key}
            label={q.label}
            value={stars[q.key]}
            onChange={(value) => setStars((s) => ({ ...s, [q.key]: value }))}
            error={tried && stars[q.key] === null ? VALIDATION.FILL_THIS_FIELD : null}
          />
        ))}
        <div className="c-question">
          <label className="c-question-label" htmlFor="feedback-text">
            Feedback
          </label>
          <textarea
            id="feedback-text"
            className="c-textarea"
            rows={4}
            maxLength={PUBLIC_LINKS.TEXT_ANSWER_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="c-button" disabled={sending}>
          {PUBLIC_PAGES.FEEDBACK_SUBMIT}
        </button>
      </form>
    </Frame>
  );
}
