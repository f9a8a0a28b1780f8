import { FEEDBACK_QUESTION_TYPES, PUBLIC_LINK_KINDS, SURVEY_FORMS } from '@dastak/core/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { customers } from './customers';
import { orders } from './orders';
import { users } from './users';

/**
 * Links for the public pages (no login). The id is a long random token (unguessable; it is the
 * uuid / interactionId in the public URLs) and never leaves the server but in the customer's
 * text message; staff name a link by `ref` (ADR 0051). Feedback links expire 48 hours after
 * creation; a live-location link has no expiresAt: it lapses when the order is collected.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: text().primaryKey(),
    /** The staff's handle of the link (list, resend): says nothing about the secret id. */
    ref: integer().notNull().unique().generatedByDefaultAsIdentity(),
    kind: text({ enum: PUBLIC_LINK_KINDS }).notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: tz(),
    /** The first public read of the link (the customer opened it). */
    openedAt: tz(),
    usedAt: tz(),
    created: tz().notNull().defaultNow(),
  },
  // The order's links (resend the review link, live location while assigned).
  (t) => [
    index('public_links_order_kind_idx').on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
  ],
);

const stars = (column: unknown) => sql`${column} is null or ${column} between 1 and 5`;

/** The customer's review of an order (spec §2.7 Customer Feedback). */
export const orderReviews = pgTable(
  'order_reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    overallStarRating: smallint(),
    onTimeStarRating: smallint(),
    riderStarRating: smallint(),
    feedbackText: text(),
    isComplete: boolean().notNull().default(false),
    submittedAt: tz(),
    ...timestamps,
  },
  (t) => [
    check('order_reviews_overall_ck', stars(t.overallStarRating)),
    check('order_reviews_on_time_ck', stars(t.onTimeStarRating)),
    check('order_reviews_rider_ck', stars(t.riderStarRating)),
  ],
);

/** The rider's feedback about the patient visit (spec §2.7 Rider Feedback for Patient). */
export const riderToPatientFeedback = pgTable(
  'rider_to_patient_feedback',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    riderId: integer().references(() => users.id, { onDelete: 'set null' }),
    overallStarRating: smallint(),
    patientBehaviorStarRating: smallint(),
    waitTimeMins: smallint(),
    feedbackText: text(),
    isComplete: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('rider_to_patient_overall_ck', stars(t.overallStarRating)),
    check('rider_to_patient_behavior_ck', stars(t.patientBehaviorStarRating)),
    check(
      'rider_to_patient_wait_ck',
      sql`${t.waitTimeMins} is null or ${t.waitTimeMins} between 1 and 60`,
    ),
  ],
);

/** Questions of the physical-visit and CRO feedback forms, in display order. */
export const feedbackQuestions = pgTable(
  'feedback_questions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    form: text({ enum: SURVEY_FORMS }).notNull(),
    text: text().notNull(),
    urduText: text(),
    type: text({ enum: FEEDBACK_QUESTION_TYPES }).notNull(),
    isMandatory: boolean().notNull().default(true),
    sortOrder: smallint().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('feedback_questions_form_sort_idx').on(t.form, t.sortOrder)],
);

/**
 * One survey sent to a customer. The public URL carries linkId (the token), never the integer
 * id; isSatisfied records whether every numeric answer was '5' (the maps-review invitation).
 */
export const feedbackInteractions = pgTable('feedback_interactions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  linkId: text()
    .notNull()
    .unique()
    .references(() => publicLinks.id, { onDelete: 'cascade' }),
  form: text({ enum: SURVEY_FORMS }).notNull(),
  orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
  customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
  isComplete: boolean().notNull().default(false),
  isSatisfied: boolean(),
  submittedAt: tz(),
  ...timestamps,
});

export const feedbackAnswers = pgTable(
  'feedback_answers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    interactionId: integer()
      .notNull()
      .references(() => feedbackInteractions.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => feedbackQuestions.id),
    /** '1'..'5' for star questions, free text otherwise. */
    answer: text().notNull(),
    created: tz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_answers_interaction_question_uq').on(t.interactionId, t.questionId),
  ],
);
