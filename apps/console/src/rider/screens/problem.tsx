import type { Reply } from '@dastak/core/api-replies';
import { useEffect, useState } from 'react';
import { get } from '../api';
import { useT } from '../i18n/i18n';
import { queueOrderAction } from '../runtime';
import { OutboxStatus, TopBar } from './parts';
import type { OrderScreenProps } from './screen';
import { findOrder } from './task';

type Problems = Reply<'GET /rider-app/problem-strings/'>;
const cacheKey = (vertical: string) => `dastak-rider-problems-${vertical}`;

/** The problem step: the server's list for the vertical (kept for offline), and a note. */
export function ProblemScreen({ orderId, tasks, back }: OrderScreenProps) {
  const t = useT();
  const order = findOrder(tasks, orderId);
  const vertical = order?.vertical ?? 'blood';
  const [problems, setProblems] = useState<Problems | null>(() => {
    const raw = localStorage.getItem(cacheKey(vertical));
    return raw ? (JSON.parse(raw) as Problems) : null;
  });
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    void get('/rider-app/problem-strings/', {}, { vertical }).then((a) => {
      if (!a.ok) return;
      setProblems(a.data);
      localStorage.setItem(cacheKey(vertical), JSON.stringify(a.data));
    });
  }, [vertical]);

  async function send() {
    if (!order || choice === null) return;
    await queueOrderAction(order, 'problem', { problemStringId: choice, text: text.trim() });
    back();
  }

  return (
    <main className="r-screen">
      <TopBar title={t.problemTitle} onBack={back} />
      <OutboxStatus />
      <fieldset className="r-card r-choices">
        <legend>{t.problemChoose}</legend>
        {problems === null || problems.length === 0 ? (
          <p className="r-muted">{t.problemNone}</p>
        ) : (
          problems.map((p) => (
            <label key={p.id} className="r-choice">
              <input
                type="radio"
                name="problem"
                checked={choice === p.id}
                onChange={() => setChoice(p.id)}
              />
              <span>{p.text}</span>
            </label>
          ))
        )}
      </fieldset>
      <label className="r-field">
        <span>{t.problemText}</span>
        <textarea
          rows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="r-primary"
        disabled={choice === null}
        onClick={() => void send()}
      >
        {t.send}
      </button>
    </main>
  );
}
