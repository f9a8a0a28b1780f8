import { PUBLIC_LINKS } from '@dastak/core/constants';
import { ERRORS, PUBLIC_FORM_MESSAGES, PUBLIC_PAGES, VALIDATION } from '@dastak/core/messages';
import type { SurveyForm } from '@dastak/core/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackAnswers, feedbackInteractions, feedbackQuestions } from '../../db/schema/feedback';
import { createFixtures, type Fixtures, placeOrder } from '../../test/fixtures/orders.fixtures';
import {
  atTime,
  insertReviewLink,
  insertSurvey,
  newLinkId,
  publicCall,
  VALID_MS,
} from '../../test/fixtures/public-feedback.fixtures';
import { createTestApp } from '../../test/test-app';

let f: Fixtures;
let call: ReturnType<typeof publicCall>;
/** Question ids by name: pv* of the physical-visit form, cro* of the support form. */
const q = { pvStaff: 0, pvClean: 0, pvText: 0, pvRetired: 0, croSolved: 0 };

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = publicCall(f.t);
  const rows = await f.t.db
    .insert(feedbackQuestions)
    .values([
      {
        form: 'physicalVisit' as const,
        text: 'How was the staff?',
        urduText: 'عملے کا رویہ کیسا تھا؟',
        type: 'STAR_RATING' as const,
        sortOrder: 1,
      },
      {
        form: 'physicalVisit' as const,
        text: 'How clean was the centre?',
        urduText: 'مرکز کتنا صاف تھا؟',
        type: 'STAR_RATING' as const,
        sortOrder: 2,
      },
      {
        form: 'physicalVisit' as const,
        text: 'Anything else?',
        urduText: 'کچھ اور؟',
        type: 'LONG_FORM_TEXT' as const,
        isMandatory: false,
        sortOrder: 3,
      },
      {
        form: 'physicalVisit' as const,
        text: 'Retired question',
        type: 'STAR_RATING' as const,
        isActive: false,
        sortOrder: 4,
      },
      {
        form: 'croFeedback' as const,
        text: 'Did support solve your problem?',
        urduText: 'کیا سپورٹ نے آپ کا مسئلہ حل کیا؟',
        type: 'STAR_RATING' as const,
        sortOrder: 1,
      },
    ])
    .returning({ id: feedbackQuestions.id });
  const ids = rows.map((r) => r.id);
  Object.assign(q, {
    pvStaff: ids[0],
    pvClean: ids[1],
    pvText: ids[2],
    pvRetired: ids[3],
    croSolved: ids[4],
  });
});
afterAll(() => f.t.close());

const PATHS: Record<SurveyForm, (id: string) => string> = {
  physicalVisit: (id) => `/feedback/physical_visit/${id}`,
  croFeedback: (id) => `/feedback/cro-feedback/${id}/`,
};
const survey = (form: SurveyForm = 'physicalVisit', created?: Date) =>
  insertSurvey(f.t, form, f.customerId, created);
const body = (id: string, answers: [number, string][]) => ({
  interaction_id: id,
  responses: answers.map(([question, answer]) => ({ question, answer })),
});
/** A read that carries no answers: a fresh survey, an expired or a completed one. */
const noAnswers = (id: string, flags: { isComplete: boolean; isExpired: boolean }) => ({
  interactionId: id,
  ...flags,
  isInteractionIdValid: true,
  isSatisfied: null,
  responses: [],
  supportPhone: f.t.config.SUPPORT_PHONE,
  showGoogleMapReviewLink: false,
  mapsReviewUrl: null,
});
/** Every physical-visit question answered: both stars a 5 and this text. */
const answerAll = (id: string, text: string) =>
  call(
    'PATCH',
    PATHS.physicalVisit(id),
    body(id, [
      [q.pvStaff, '5'],
      [q.pvClean, '5'],
      [q.pvText, text],
    ]),
  );
const answersOf = (interactionId: number) =>
  f.t.db.select().from(feedbackAnswers).where(eq(feedbackAnswers.interactionId, interactionId));
const interactionOf = async (id: number) =>
  (await f.t.db.select().from(feedbackInteractions).where(eq(feedbackInteractions.id, id)))[0]!;

describe('questions', () => {
  it('lists each form’s active questions in order, with their Urdu text', async () => {
    const pv = await call('GET', '/feedback/physical_visit_questions/');
    expect(pv.statusCode).toBe(200);
    expect(pv.json()).toEqual([
      {
        id: q.pvStaff,
        text: 'How was the staff?',
        urduText: 'عملے کا رویہ کیسا تھا؟',
        type: 'STAR_RATING',
        isMandatory: true,
      },
      expect.objectContaining({ id: q.pvClean }),
      expect.objectContaining({ id: q.pvText, type: 'LONG_FORM_TEXT', isMandatory: false }),
    ]);
    const cro = await call('GET', '/feedback/cro-feedback-questions');
    expect(cro.json().map((x: { id: number }) => x.id)).toEqual([q.croSolved]);
  });
});

describe('GET an interaction', () => {
  it('opens a fresh survey of its own form only', async () => {
    const pv = await survey('physicalVisit');
    const res = await call('GET', PATHS.physicalVisit(pv.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(noAnswers(pv.id, { isComplete: false, isExpired: false }));
    expect((await call('GET', `${PATHS.physicalVisit(pv.id)}/`)).statusCode).toBe(200);
    // The same id under the other form, an order-review id, unknown and junk ids: 404.
    const order = await placeOrder(f);
    const review = await insertReviewLink(f.t, order.id);
    for (const path of [
      PATHS.croFeedback(pv.id),
      PATHS.physicalVisit(review.id),
      PATHS.croFeedback(review.id),
      PATHS.physicalVisit(newLinkId()),
      PATHS.croFeedback('not*an*id'),
      PATHS.physicalVisit('a'.repeat(65)),
    ]) {
      const r = await call('GET', path);
      expect(r.statusCode, path).toBe(404);
      expect(r.json()).toEqual({ detail: ERRORS.NOT_FOUND });
    }
  });

  it('expires 48 hours after the link was made and then shows no answers', async () => {
    const pv = await survey();
    const before = await atTime(new Date(pv.created.getTime() + VALID_MS - 60_000), () =>
      call('GET', PATHS.physicalVisit(pv.id)),
    );
    expect(before.json()).toMatchObject({ isExpired: false, isComplete: false });
    const after = await atTime(new Date(pv.created.getTime() + VALID_MS + 60_000), () =>
      call('GET', PATHS.physicalVisit(pv.id)),
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(noAnswers(pv.id, { isComplete: false, isExpired: true }));
  });

  it('answers a completed survey with its state only, before and past its 48 hours', async () => {
    const pv = await survey();
    expect((await answerAll(pv.id, 'The nurse was rude')).statusCode).toBe(200);
    // Completed wins over expired: the customer keeps the thank-you page (ADR 0051).
    const stateOnly = noAnswers(pv.id, { isComplete: true, isExpired: false });
    for (const at of [new Date(), new Date(pv.created.getTime() + VALID_MS + 60_000)]) {
      const res = await atTime(at, () => call('GET', PATHS.physicalVisit(pv.id)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(stateOnly);
      expect(res.body).not.toContain('rude');
    }
    const late = await atTime(new Date(pv.created.getTime() + VALID_MS + 60_000), () =>
      call('PATCH', PATHS.physicalVisit(pv.id), body(pv.id, [[q.pvStaff, '1']])),
    );
    expect(late.statusCode).toBe(409);
  });
});

describe('PATCH answers', () => {
  it('saves the answers once; all 5 invites a maps review', async () => {
    const pv = await survey();
    const res = await answerAll(pv.id, '  Friendly staff  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isComplete: true,
      isSatisfied: true,
      showGoogleMapReviewLink: true,
      mapsReviewUrl: f.t.config.MAPS_REVIEW_URL,
      responses: [
        { question: q.pvStaff, answer: '5' },
        { question: q.pvClean, answer: '5' },
        { question: q.pvText, answer: 'Friendly staff' },
      ],
    });
    expect(await interactionOf(pv.interaction.id)).toMatchObject({
      isComplete: true,
      isSatisfied: true,
    });
  });

  it('does not invite a maps review when one star answer is a 4', async () => {
    const cro = await survey('croFeedback');
    const res = await call('PATCH', PATHS.croFeedback(cro.id), body(cro.id, [[q.croSolved, '4']]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isComplete: true,
      isSatisfied: false,
      showGoogleMapReviewLink: false,
      mapsReviewUrl: null,
    });
  });

  it('blocks a mandatory question left empty with "Please fill this field!"', async () => {
    const pv = await survey();
    const res = await call(
      'PATCH',
      PATHS.physicalVisit(pv.id),
      body(pv.id, [
        [q.pvStaff, '   '],
        [q.pvText, 'only text'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      [`responses.${q.pvStaff}`]: [VALIDATION.FILL_THIS_FIELD],
      [`responses.${q.pvClean}`]: [VALIDATION.FILL_THIS_FIELD],
    });
    expect(res.json().detail).toBe(VALIDATION.FILL_THIS_FIELD);
    expect(await answersOf(pv.interaction.id)).toEqual([]);
    expect((await interactionOf(pv.interaction.id)).isComplete).toBe(false);
  });

  it('refuses answers to unknown, retired or other-form questions, bad stars and long text', async () => {
    const pv = await survey();
    const cases: [answers: [number, string][], key: number, message: string][] = [
      [[[q.pvRetired, '5']], q.pvRetired, PUBLIC_FORM_MESSAGES.UNKNOWN_QUESTION],
      [[[q.croSolved, '5']], q.croSolved, PUBLIC_FORM_MESSAGES.UNKNOWN_QUESTION],
      [[[999_999, 'x']], 999_999, PUBLIC_FORM_MESSAGES.UNKNOWN_QUESTION],
      [[[q.pvClean, '6']], q.pvClean, PUBLIC_FORM_MESSAGES.STAR_ANSWER],
      [[[q.pvClean, '4.5']], q.pvClean, PUBLIC_FORM_MESSAGES.STAR_ANSWER],
      [[[q.pvClean, '0']], q.pvClean, PUBLIC_FORM_MESSAGES.STAR_ANSWER],
    ];
    for (const [answers, key, message] of cases) {
      const res = await call(
        'PATCH',
        PATHS.physicalVisit(pv.id),
        // The case's own answer replaces the valid one for the same question.
        body(pv.id, [...new Map<number, string>([[q.pvStaff, '5'], [q.pvClean, '5'], ...answers])]),
      );
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors[`responses.${key}`]).toEqual([message]);
    }
    const long = await call(
      'PATCH',
      PATHS.physicalVisit(pv.id),
      body(pv.id, [
        [q.pvStaff, '5'],
        [q.pvClean, '5'],
        [q.pvText, 'x'.repeat(PUBLIC_LINKS.TEXT_ANSWER_MAX + 1)],
      ]),
    );
    expect(long.statusCode).toBe(400);
    const wrongId = await call(
      'PATCH',
      PATHS.physicalVisit(pv.id),
      body(newLinkId(), [
        [q.pvStaff, '5'],
        [q.pvClean, '5'],
      ]),
    );
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json().errors.interactionId).toEqual([
      PUBLIC_FORM_MESSAGES.INTERACTION_MISMATCH,
    ]);
    expect(await answersOf(pv.interaction.id)).toEqual([]);
    expect((await interactionOf(pv.interaction.id)).isComplete).toBe(false);
  });

  it('refuses a second submit with 409 and changes nothing', async () => {
    const pv = await survey();
    const first = body(pv.id, [
      [q.pvStaff, '3'],
      [q.pvClean, '4'],
    ]);
    expect((await call('PATCH', PATHS.physicalVisit(pv.id), first)).statusCode).toBe(200);
    const again = await call(
      'PATCH',
      PATHS.physicalVisit(pv.id),
      body(pv.id, [
        [q.pvStaff, '5'],
        [q.pvClean, '5'],
      ]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PUBLIC_PAGES.ALREADY_SUBMITTED });
    const answers = await answersOf(pv.interaction.id);
    expect(answers.map((a) => a.answer).sort()).toEqual(['3', '4']);
    expect((await interactionOf(pv.interaction.id)).isSatisfied).toBe(false);
  });

  it('of two concurrent submits accepts one, answers not doubled', async () => {
    const cro = await survey('croFeedback');
    const [a, b] = await Promise.all([
      call('PATCH', PATHS.croFeedback(cro.id), body(cro.id, [[q.croSolved, '2']])),
      call('PATCH', PATHS.croFeedback(cro.id), body(cro.id, [[q.croSolved, '5']])),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = (a!.statusCode === 200 ? a! : b!).json();
    const answers = await answersOf(cro.interaction.id);
    expect(answers.map((x) => x.answer)).toEqual([winner.responses[0].answer]);
  });

  it('refuses a submit past 48 hours with 410 and writes nothing', async () => {
    const pv = await survey();
    const res = await atTime(new Date(pv.created.getTime() + VALID_MS + 1000), () =>
      call(
        'PATCH',
        PATHS.physicalVisit(pv.id),
        body(pv.id, [
          [q.pvStaff, '5'],
          [q.pvClean, '5'],
        ]),
      ),
    );
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ detail: ERRORS.FEEDBACK_EXPIRED });
    expect(await answersOf(pv.interaction.id)).toEqual([]);
    const inTime = await atTime(new Date(pv.created.getTime() + VALID_MS - 60_000), () =>
      call(
        'PATCH',
        PATHS.physicalVisit(pv.id),
        body(pv.id, [
          [q.pvStaff, '5'],
          [q.pvClean, '5'],
        ]),
      ),
    );
    expect(inTime.statusCode).toBe(200);
  });
});
