import type { SurveyForm } from '@dastak/core/states';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedbackAnswers, feedbackInteractions, feedbackQuestions } from '../../db/schema/feedback';

/** The form's active questions in display order. */
export function listActiveQuestions(db: DbOrTx, form: SurveyForm) {
  return db
    .select({
      id: feedbackQuestions.id,
      text: feedbackQuestions.text,
      urduText: feedbackQuestions.urduText,
      type: feedbackQuestions.type,
      isMandatory: feedbackQuestions.isMandatory,
    })
    .from(feedbackQuestions)
    .where(and(eq(feedbackQuestions.form, form), eq(feedbackQuestions.isActive, true)))
    .orderBy(asc(feedbackQuestions.sortOrder), asc(feedbackQuestions.id));
}

/** The survey a link opens, of this form only. */
export async function findInteraction(db: DbOrTx, linkId: string, form: SurveyForm) {
  const [row] = await db
    .select({
      id: feedbackInteractions.id,
      isComplete: feedbackInteractions.isComplete,
      isSatisfied: feedbackInteractions.isSatisfied,
    })
    .from(feedbackInteractions)
    .where(and(eq(feedbackInteractions.linkId, linkId), eq(feedbackInteractions.form, form)));
  return row;
}

/** The answers given, in the form's question order. */
export function listAnswers(db: DbOrTx, interactionId: number) {
  return db
    .select({ question: feedbackAnswers.questionId, answer: feedbackAnswers.answer })
    .from(feedbackAnswers)
    .innerJoin(feedbackQuestions, eq(feedbackQuestions.id, feedbackAnswers.questionId))
    .where(eq(feedbackAnswers.interactionId, interactionId))
    .orderBy(asc(feedbackQuestions.sortOrder), asc(feedbackQuestions.id));
}

/** Completes the interaction once: only a row still incomplete is updated (see order reviews). */
export async function completeInteraction(tx: DbOrTx, id: number, isSatisfied: boolean, at: Date) {
  const [row] = await tx
    .update(feedbackInteractions)
    .set({ isComplete: true, isSatisfied, submittedAt: at, modified: at })
    .where(and(eq(feedbackInteractions.id, id), eq(feedbackInteractions.isComplete, false)))
    .returning({ id: feedbackInteractions.id });
  return row;
}

export async function insertAnswers(
  tx: DbOrTx,
  interactionId: number,
  answers: readonly { question: number; answer: string }[],
) {
  if (answers.length === 0) return;
  await tx
    .insert(feedbackAnswers)
    .values(answers.map((a) => ({ interactionId, questionId: a.question, answer: a.answer })));
}
