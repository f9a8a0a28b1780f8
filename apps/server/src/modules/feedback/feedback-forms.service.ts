import { MAX_SATISFACTION_ANSWER, STAR_COUNT } from '@dastak/core/constants';
import {
  type FeedbackAnswers,
  type FeedbackInteraction,
  type FeedbackQuestion,
  feedbackAnswersSchemaFor,
} from '@dastak/core/entities/feedback';
import { PUBLIC_FORM_MESSAGES, PUBLIC_PAGES } from '@dastak/core/messages';
import type { SurveyForm } from '@dastak/core/states';
import { conflict, invalid, notFound } from '../../lib/domain-errors';
import {
  completeInteraction,
  findInteraction,
  insertAnswers,
  listActiveQuestions,
  listAnswers,
} from './feedback-forms.repository';
import { findLink, markLinkUsed } from './public-feedback.repository';
import {
  feedbackExpired,
  isLinkExpired,
  outcomeFields,
  type PublicDeps,
  readLink,
} from './public-feedback.shared';

/**
 * The physical-visit and support (CRO) feedback forms: one service, parameterised by form. The
 * link's kind is the form, so an id of one form (or of an order review) opens nothing here.
 */

const STAR_ANSWER = new RegExp(`^[1-${STAR_COUNT}]$`);

/** GET /feedback/physical_visit_questions/ and /feedback/cro-feedback-questions/ */
export function listQuestions(deps: PublicDeps, form: SurveyForm): Promise<FeedbackQuestion[]> {
  return listActiveQuestions(deps.db, form);
}

/** The link and its survey; `read` records the customer's first read (GET, not the submit). */
async function open(deps: PublicDeps, form: SurveyForm, id: string, read: boolean) {
  const link = read ? await readLink(deps, id, form) : await findLink(deps.db, id, form);
  const interaction = link && (await findInteraction(deps.db, link.id, form));
  if (!link || !interaction) throw notFound();
  return { link, interaction };
}

/**
 * A survey answered or past its 48 hours tells only that (ADR 0051): no answers, no satisfaction,
 * no maps invitation. Answered wins over expired: the customer keeps the thank-you page.
 */
function stateOnlyView(deps: PublicDeps, id: string, isComplete: boolean): FeedbackInteraction {
  return {
    interactionId: id,
    isComplete,
    isInteractionIdValid: true,
    isExpired: !isComplete,
    isSatisfied: null,
    responses: [],
    ...outcomeFields(deps.config, false),
  };
}

async function view(
  deps: PublicDeps,
  id: string,
  interaction: { id: number; isComplete: boolean; isSatisfied: boolean | null },
): Promise<FeedbackInteraction> {
  const invite = interaction.isComplete && interaction.isSatisfied === true;
  return {
    interactionId: id,
    isComplete: interaction.isComplete,
    isInteractionIdValid: true,
    isExpired: false,
    isSatisfied: interaction.isSatisfied,
    responses: await listAnswers(deps.db, interaction.id),
    ...outcomeFields(deps.config, invite),
  };
}

/** GET /feedback/physical_visit/{id} and /feedback/cro-feedback/{id}/ */
export async function getInteraction(
  deps: PublicDeps,
  form: SurveyForm,
  id: string,
): Promise<FeedbackInteraction> {
  const { link, interaction } = await open(deps, form, id, true);
  if (interaction.isComplete || isLinkExpired(link, deps.now())) {
    return stateOnlyView(deps, id, interaction.isComplete);
  }
  return view(deps, id, interaction);
}

/** Every refusal of the answers at once, keyed `responses.<question id>` like the form's fields. */
function answerErrors(questions: readonly FeedbackQuestion[], body: FeedbackAnswers) {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] ??= [];
    if (!errors[key].includes(message)) errors[key].push(message);
  };
  const parsed = feedbackAnswersSchemaFor(questions).safeParse(body);
  if (!parsed.success) for (const i of parsed.error.issues) add(i.path.join('.'), i.message);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  for (const r of body.responses) {
    const key = `responses.${r.question}`;
    const q = byId.get(r.question);
    if (!q) add(key, PUBLIC_FORM_MESSAGES.UNKNOWN_QUESTION);
    else if (seen.has(r.question)) add(key, PUBLIC_FORM_MESSAGES.DUPLICATE_ANSWER);
    else if (
      q.type === 'STAR_RATING' &&
      r.answer.trim() !== '' &&
      !STAR_ANSWER.test(r.answer.trim())
    )
      add(key, PUBLIC_FORM_MESSAGES.STAR_ANSWER);
    seen.add(r.question);
  }
  return errors;
}

/** PATCH of either form: the answers, accepted once, within 48 hours. */
export async function submitInteraction(
  deps: PublicDeps,
  form: SurveyForm,
  id: string,
  body: FeedbackAnswers,
): Promise<FeedbackInteraction> {
  const { link, interaction } = await open(deps, form, id, false);
  const now = deps.now();
  if (isLinkExpired(link, now)) {
    // Answered before it lapsed: the answer stands (409 leads to the thank-you page).
    if (interaction.isComplete) throw conflict(PUBLIC_PAGES.ALREADY_SUBMITTED);
    throw feedbackExpired();
  }
  if (body.interactionId !== id) {
    throw invalid(PUBLIC_FORM_MESSAGES.INTERACTION_MISMATCH, {
      interactionId: [PUBLIC_FORM_MESSAGES.INTERACTION_MISMATCH],
    });
  }
  const questions = await listActiveQuestions(deps.db, form);
  const errors = answerErrors(questions, body);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors);

  const types = new Map(questions.map((q) => [q.id, q.type]));
  const answers = body.responses
    .map((r) => ({ question: r.question, answer: r.answer.trim() }))
    .filter((r) => r.answer !== '');
  const stars = answers.filter((a) => types.get(a.question) === 'STAR_RATING');
  // The maps-review invitation needs at least one star answer, all at the top.
  const isSatisfied = stars.length > 0 && stars.every((a) => a.answer === MAX_SATISFACTION_ANSWER);

  await deps.db.transaction(async (tx) => {
    const done = await completeInteraction(tx, interaction.id, isSatisfied, now);
    // Submitted before (or by a concurrent submit): nothing of this one is written.
    if (!done) throw conflict(PUBLIC_PAGES.ALREADY_SUBMITTED);
    await insertAnswers(tx, interaction.id, answers);
    await markLinkUsed(tx, link.id, now);
  });
  return view(deps, id, { id: interaction.id, isComplete: true, isSatisfied });
}
