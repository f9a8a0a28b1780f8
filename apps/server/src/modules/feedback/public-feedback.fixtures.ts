import { randomBytes } from 'node:crypto';
import { FEEDBACK_LINK_VALID_HOURS, PUBLIC_LINKS } from '@dastak/core/constants';
import type { PublicLinkKind, SurveyForm } from '@dastak/core/states';
import { vi } from 'vitest';
import { feedbackInteractions, orderReviews, publicLinks } from '../../db/schema/feedback';
import { randomAddress } from '../../test/test-app';
import type { TestApp } from '../orders/test-fixtures';

/**
 * Links for the public-route tests, written straight to the tables (the links' creation on
 * assign/deliver and the survey send have their own tests).
 */

export const HOUR = 60 * 60_000;
export const VALID_MS = FEEDBACK_LINK_VALID_HOURS * HOUR;

export const newLinkId = () => randomBytes(PUBLIC_LINKS.ID_BYTES).toString('base64url');

export async function insertLink(
  t: TestApp,
  kind: PublicLinkKind,
  values: { orderId?: number; customerId?: number; created?: Date; expires?: boolean } = {},
) {
  const id = newLinkId();
  const created = values.created ?? new Date();
  await t.db.insert(publicLinks).values({
    id,
    kind,
    orderId: values.orderId ?? null,
    customerId: values.customerId ?? null,
    created,
    expiresAt: values.expires === false ? null : new Date(created.getTime() + VALID_MS),
  });
  return { id, created, expiresAt: new Date(created.getTime() + VALID_MS) };
}

export async function insertReviewLink(t: TestApp, orderId: number, created?: Date) {
  const link = await insertLink(t, 'orderReview', { orderId, created });
  await t.db.insert(orderReviews).values({ orderId }).onConflictDoNothing();
  return link;
}

export async function insertSurvey(
  t: TestApp,
  form: SurveyForm,
  customerId: number,
  created?: Date,
) {
  const link = await insertLink(t, form, { customerId, created });
  const [row] = await t.db
    .insert(feedbackInteractions)
    .values({ linkId: link.id, form, customerId })
    .returning();
  return { ...link, interaction: row! };
}

/** A public call from one client address (a fresh one unless given: limits are per address). */
export function publicCall(t: TestApp) {
  return (
    method: 'GET' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    remoteAddress = randomAddress(),
  ) => t.app.inject({ method, url: `/api/v1${url}`, payload, remoteAddress });
}

/** Runs `fn` with the clock at `at` (Date only: timers and the database keep real time). */
export async function atTime<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
