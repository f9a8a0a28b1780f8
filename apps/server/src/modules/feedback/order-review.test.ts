import { PUBLIC_LINKS, RATE_LIMITS } from '@dastak/core/constants';
import { ERRORS, PUBLIC_PAGES, VALIDATION } from '@dastak/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReviews, publicLinks } from '../../db/schema/feedback';
import { createFixtures, type Fixtures, placeOrder } from '../../test/fixtures/orders.fixtures';
import {
  atTime,
  insertLink,
  insertReviewLink,
  newLinkId,
  publicCall,
  VALID_MS,
} from '../../test/fixtures/public-feedback.fixtures';
import { createTestApp } from '../../test/test-app';

let f: Fixtures;
let call: ReturnType<typeof publicCall>;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  call = publicCall(f.t);
});
afterAll(() => f.t.close());

const url = (id: string) => `/feedback/order_review/${id}/`;
const stars = (overall: number, onTime: number, rider: number, text = '') => ({
  overall_star_rating: overall,
  on_time_star_rating: onTime,
  rider_star_rating: rider,
  feedback_text: text,
});
const reviewOf = async (orderId: number) =>
  (await f.t.db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId)))[0]!;
const linkRow = async (id: string) =>
  (await f.t.db.select().from(publicLinks).where(eq(publicLinks.id, id)))[0]!;

async function reviewable() {
  const order = await placeOrder(f);
  const link = await insertReviewLink(f.t, order.id);
  return { order, link };
}

describe('GET /feedback/order_review/{uuid}/', () => {
  it('shows the order number and an open review, with the support line', async () => {
    const { order, link } = await reviewable();
    const res = await call('GET', url(link.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order: { id: order.id, number: order.number },
      overallStarRating: null,
      onTimeStarRating: null,
      riderStarRating: null,
      feedbackText: '',
      isReviewComplete: false,
      isExpired: false,
      supportPhone: f.t.config.SUPPORT_PHONE,
      showGoogleMapReviewLink: false,
      mapsReviewUrl: null,
    });
    // Without the trailing slash too.
    expect((await call('GET', `/feedback/order_review/${link.id}`)).statusCode).toBe(200);
  });

  it('answers unknown and malformed ids 404 Not found., never reaching an order', async () => {
    for (const id of [newLinkId(), 'x'.repeat(65), 'bad$id', "1' or '1'='1"]) {
      const res = await call('GET', `/feedback/order_review/${encodeURIComponent(id)}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: ERRORS.NOT_FOUND });
    }
  });

  it('is open until 48 hours after the link was made, then tells nothing about the order', async () => {
    const { order, link } = await reviewable();
    const before = await atTime(new Date(link.created.getTime() + VALID_MS - 60_000), () =>
      call('GET', url(link.id)),
    );
    expect(before.json()).toMatchObject({ isExpired: false, order: { number: order.number } });
    const after = await atTime(new Date(link.created.getTime() + VALID_MS + 60_000), () =>
      call('GET', url(link.id)),
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      order: null,
      overallStarRating: null,
      onTimeStarRating: null,
      riderStarRating: null,
      feedbackText: '',
      isReviewComplete: false,
      isExpired: true,
      supportPhone: f.t.config.SUPPORT_PHONE,
      showGoogleMapReviewLink: false,
      mapsReviewUrl: null,
    });
    expect(after.body).not.toContain(order.number);
  });

  it('does not open another kind of link: a live-location id is not a review', async () => {
    const order = await placeOrder(f);
    const live = await insertLink(f.t, 'riderLiveLocation', { orderId: order.id, expires: false });
    expect((await call('GET', url(live.id))).statusCode).toBe(404);
  });
});

describe('a completed review', () => {
  const stateOnly = (complete: boolean) => ({
    order: null,
    overallStarRating: null,
    onTimeStarRating: null,
    riderStarRating: null,
    feedbackText: '',
    isReviewComplete: complete,
    isExpired: !complete,
    supportPhone: f.t.config.SUPPORT_PHONE,
    showGoogleMapReviewLink: false,
    mapsReviewUrl: null,
  });

  it('answers only its state: no ratings, no text, no order id or number', async () => {
    const { order, link } = await reviewable();
    expect((await call('PUT', url(link.id), stars(5, 4, 3, 'Rider was late'))).statusCode).toBe(
      200,
    );
    const res = await call('GET', url(link.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(stateOnly(true));
    expect(res.body).not.toContain('Rider was late');
    expect(res.body).not.toContain(order.number);
    expect(res.body).not.toMatch(new RegExp(`"id":\\s*${order.id}\\b`));
  });

  it('stays completed past its 48 hours (completed wins over expired); a late resubmit is 409', async () => {
    const { link } = await reviewable();
    expect((await call('PUT', url(link.id), stars(5, 5, 5))).statusCode).toBe(200);
    const late = new Date(link.created.getTime() + VALID_MS + 60_000);
    const res = await atTime(late, () => call('GET', url(link.id)));
    expect(res.json()).toEqual(stateOnly(true));
    const again = await atTime(late, () => call('PUT', url(link.id), stars(1, 1, 1)));
    expect(again.statusCode).toBe(409);
  });
});

describe('PUT /feedback/order_review/{uuid}/', () => {
  it('saves the review once and invites a maps review when all three are 5', async () => {
    const { order, link } = await reviewable();
    const res = await call('PUT', url(link.id), stars(5, 5, 5, '  Very kind rider  '));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order: { id: order.id },
      overallStarRating: 5,
      feedbackText: 'Very kind rider',
      isReviewComplete: true,
      showGoogleMapReviewLink: true,
      mapsReviewUrl: f.t.config.MAPS_REVIEW_URL,
    });
    expect(await reviewOf(order.id)).toMatchObject({
      isComplete: true,
      overallStarRating: 5,
      onTimeStarRating: 5,
      riderStarRating: 5,
    });
    expect((await linkRow(link.id)).usedAt).toBeInstanceOf(Date);
    // A reload reads the state only (ADR 0051): whoever holds the link learns no ratings.
    expect((await call('GET', url(link.id))).json()).toMatchObject({
      isReviewComplete: true,
      overallStarRating: null,
      showGoogleMapReviewLink: false,
    });
  });

  it('does not invite a maps review when one answer is a 4', async () => {
    const { link } = await reviewable();
    const res = await call('PUT', url(link.id), stars(5, 4, 5));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isReviewComplete: true,
      showGoogleMapReviewLink: false,
      mapsReviewUrl: null,
    });
  });

  it('refuses a second submit with 409 and keeps the first answers', async () => {
    const { order, link } = await reviewable();
    expect((await call('PUT', url(link.id), stars(3, 3, 3, 'first'))).statusCode).toBe(200);
    const again = await call('PUT', url(link.id), stars(5, 5, 5, 'second'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PUBLIC_PAGES.ALREADY_SUBMITTED });
    expect(await reviewOf(order.id)).toMatchObject({ overallStarRating: 3, feedbackText: 'first' });
  });

  it('of two concurrent submits accepts exactly one', async () => {
    const { order, link } = await reviewable();
    const [a, b] = await Promise.all([
      call('PUT', url(link.id), stars(1, 1, 1, 'a')),
      call('PUT', url(link.id), stars(2, 2, 2, 'b')),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? a! : b!;
    const row = await reviewOf(order.id);
    expect(row.feedbackText).toBe(winner.json().feedbackText);
    expect(
      (await f.t.db.select().from(orderReviews).where(eq(orderReviews.orderId, order.id))).length,
    ).toBe(1);
  });

  it('refuses a submit past 48 hours with 410 and writes nothing', async () => {
    const { order, link } = await reviewable();
    const res = await atTime(new Date(link.created.getTime() + VALID_MS + 1000), () =>
      call('PUT', url(link.id), stars(5, 5, 5)),
    );
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ detail: ERRORS.FEEDBACK_EXPIRED });
    expect((await reviewOf(order.id)).isComplete).toBe(false);
    expect((await linkRow(link.id)).usedAt).toBeNull();
    // A minute before the boundary it is still accepted.
    const ok = await atTime(new Date(link.created.getTime() + VALID_MS - 60_000), () =>
      call('PUT', url(link.id), stars(4, 4, 4)),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('validates the stars and the text with the form messages', async () => {
    const { order, link } = await reviewable();
    const missing = await call('PUT', url(link.id), {
      on_time_star_rating: 4,
      rider_star_rating: 9,
      feedback_text: 'x'.repeat(PUBLIC_LINKS.TEXT_ANSWER_MAX + 1),
    });
    expect(missing.statusCode).toBe(400);
    const { errors } = missing.json();
    expect(errors.overallStarRating).toEqual([VALIDATION.FILL_THIS_FIELD]);
    expect(Object.keys(errors).length).toBe(3);
    expect((await reviewOf(order.id)).isComplete).toBe(false);
    expect((await call('PUT', url(newLinkId()), stars(5, 5, 5))).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it("answers 429 with Retry-After past the link's own budget; other links are unaffected", async () => {
    const { link } = await reviewable();
    const address = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMITS.PUBLIC_LINKS.PER_LINK_MAX; i++)
      codes.push((await call('GET', url(link.id), undefined, address)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const limited = await call('GET', url(link.id), undefined, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: ERRORS.TOO_MANY_REQUESTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = (await reviewable()).link;
    expect((await call('GET', url(other.id), undefined, address)).statusCode).toBe(200);
  });
});
