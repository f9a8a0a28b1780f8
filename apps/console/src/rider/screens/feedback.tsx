import { WAIT_TIME_MAX, WAIT_TIME_MIN } from '@dastak/core/constants';
import { useState } from 'react';
import { useT } from '../i18n/i18n';
import { queueOrderAction } from '../runtime';
import { OutboxStatus, TopBar } from './parts';
import type { OrderScreenProps } from './screen';
import { findOrder } from './task';

function Stars({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
}) {
  const t = useT();
  return (
    <fieldset className="r-stars">
      <legend>{label}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          className={n <= value ? 'r-star r-star-on' : 'r-star'}
          aria-label={t.stars(n)}
          aria-pressed={n === value}
          onClick={() => onChange(n)}
        >
          ★
        </button>
      ))}
    </fieldset>
  );
}

/** The spec's rider-to-patient feedback: two star ratings, the wait, a comment. */
export function FeedbackScreen({ orderId, tasks, back }: OrderScreenProps) {
  const t = useT();
  const order = findOrder(tasks, orderId);
  const [overall, setOverall] = useState(0);
  const [behaviour, setBehaviour] = useState(0);
  const [wait, setWait] = useState(10);
  const [text, setText] = useState('');

  async function send() {
    if (!order) return;
    await queueOrderAction(order, 'feedback', {
      overallStarRating: overall,
      patientBehaviorStarRating: behaviour,
      waitTimeMins: wait,
      feedbackText: text.trim(),
    });
    back();
  }

  return (
    <main className="r-screen">
      <TopBar title={t.feedbackTitle} onBack={back} />
      <OutboxStatus />
      <section className="r-card">
        <Stars label={t.overall} value={overall} onChange={setOverall} />
        <Stars label={t.behaviour} value={behaviour} onChange={setBehaviour} />
        <label className="r-field">
          <span>{t.waitTime(wait)}</span>
          <input
            type="range"
            min={WAIT_TIME_MIN}
            max={WAIT_TIME_MAX}
            value={wait}
            onChange={(e) => setWait(Number(e.target.value))}
          />
        </label>
        <label className="r-field">
          <span>{t.feedbackText}</span>
          <textarea
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      </section>
      <button
        type="button"
        className="r-primary"
        disabled={!order || overall === 0 || behaviour === 0}
        onClick={() => void send()}
      >
        {t.send}
      </button>
    </main>
  );
}
