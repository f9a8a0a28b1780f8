import { PUBLIC_LINKS } from '@dastak/core/constants';
import type { FeedbackAnswers, FeedbackQuestion } from '@dastak/core/entities/feedback';
import { PUBLIC_PAGES, VALIDATION } from '@dastak/core/messages';
import type { SurveyForm } from '@dastak/core/states';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { publicApi } from '../api';
import { Frame, Urdu } from '../components/frame';
import { Loading } from '../components/loading';
import { StarRating } from '../components/star-rating';
import { replaceWith } from '../navigation';
import { leadFailure, SURVEY_OUTCOMES, stateFrom } from './outcomes';

const CALLS = {
  physicalVisit: {
    questions: '/feedback/physical_visit_questions/',
    interaction: '/feedback/physical_visit/:id',
  },
  croFeedback: {
    questions: '/feedback/cro-feedback-questions/',
    interaction: '/feedback/cro-feedback/:id/',
  },
} as const satisfies Record<SurveyForm, { questions: string; interaction: string }>;

/** The question's text, and its Urdu text right to left under it. */
function QuestionLabel({ question }: { question: FeedbackQuestion }) {
  return (
    <>
      <span className="c-question-text">
        {question.text}
        {question.isMandatory && (
          <span className="c-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </span>
      {question.urduText && <Urdu>{question.urduText}</Urdu>}
    </>
  );
}

function TextQuestion({
  question,
  value,
  onChange,
  error,
}: {
  question: FeedbackQuestion;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
}): ReactNode {
  const id = `q-${question.id}`;
  return (
    <div className="c-question">
      <label className="c-question-label" htmlFor={id}>
        <QuestionLabel question={question} />
      </label>
      <textarea
        id={id}
        className="c-textarea"
        rows={4}
        maxLength={PUBLIC_LINKS.TEXT_ANSWER_MAX}
        value={value}
        required={question.isMandatory}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="c-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * /physical-visit-review/{id} and /cro-feedback/{id}: the form's questions (with their Urdu),
 * mandatory ones blocking Submit, answers sent once with the interaction id.
 */
export function SurveyPage({ form, id }: { form: SurveyForm; id: string }) {
  const [questions, setQuestions] = useState<FeedbackQuestion[] | null>(null);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const calls = CALLS[form];

  useEffect(() => {
    let live = true;
    void Promise.all([
      publicApi('GET', calls.questions, {}),
      publicApi('GET', calls.interaction, { id }),
    ]).then(([listed, interaction]) => {
      if (!live) return;
      if (!interaction.ok || !interaction.data.isInteractionIdValid) {
        return replaceWith(
          interaction.status === 410 ? SURVEY_OUTCOMES.expired : SURVEY_OUTCOMES.error,
        );
      }
      const found = interaction.data;
      // Answered wins over expired: the customer keeps the thank-you page.
      if (found.isComplete) return replaceWith(SURVEY_OUTCOMES.success, stateFrom(found));
      if (found.isExpired) return replaceWith(SURVEY_OUTCOMES.expired, stateFrom(found));
      if (!listed.ok) return replaceWith(SURVEY_OUTCOMES.error);
      setQuestions(listed.data);
    });
    return () => {
      live = false;
    };
  }, [calls, id]);

  if (!questions) return <Loading />;

  const answerOf = (q: FeedbackQuestion) => (answers[q.id] ?? '').trim();
  const missing = (q: FeedbackQuestion) => q.isMandatory && answerOf(q) === '';
  const errorOf = (q: FeedbackQuestion) =>
    tried && missing(q) ? VALIDATION.FILL_THIS_FIELD : null;
  const set = (q: FeedbackQuestion, answer: string) =>
    setAnswers((a) => ({ ...a, [q.id]: answer }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRefusal(null);
    if (questions.some(missing) || sending) return;
    setSending(true);
    const body: FeedbackAnswers = {
      interactionId: id,
      responses: questions
        .filter((q) => answerOf(q) !== '')
        .map((q) => ({ question: q.id, answer: answerOf(q) })),
    };
    const answer = await publicApi('PATCH', calls.interaction, { id }, body);
    setSending(false);
    if (answer.ok) replaceWith(SURVEY_OUTCOMES.success, stateFrom(answer.data));
    // A refused answer (400) stays on the form and says why; the rest lead to their page.
    else if (answer.status === 400) setRefusal(answer.detail ?? VALIDATION.FILL_THIS_FIELD);
    else leadFailure(SURVEY_OUTCOMES, answer.status);
  };

  return (
    <Frame>
      <form className="c-card" onSubmit={submit} noValidate>
        <h1>{PUBLIC_PAGES.FEEDBACK_HEADING}</h1>
        {questions.map((q) =>
          q.type === 'STAR_RATING' ? (
            <StarRating
              key={q.id}
              name={`q-${q.id}`}
              label={<QuestionLabel question={q} />}
              value={answerOf(q) === '' ? null : Number(answerOf(q))}
              onChange={(stars) => set(q, String(stars))}
              error={errorOf(q)}
            />
          ) : (
            <TextQuestion
              key={q.id}
              question={q}
              value={answers[q.id] ?? ''}
              onChange={(text) => set(q, text)}
              error={errorOf(q)}
            />
          ),
        )}
        {refusal && (
          <p className="c-error" role="alert">
            {refusal}
          </p>
        )}
        <button type="submit" className="c-button" disabled={sending}>
          {PUBLIC_PAGES.FEEDBACK_SUBMIT}
        </button>
      </form>
    </Frame>
  );
}
