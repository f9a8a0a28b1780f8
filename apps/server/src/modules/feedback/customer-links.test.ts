import { LINK_ACTIVITY, PUBLIC_PAGES } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackInteractions, orderReviews, publicLinks } from '../../db/schema/feedback';
import { outbox } from '../../db/schema/outbox';
import { relayOutboxOnce } from '../../jobs/outbox-relay';
import {
  activitiesOf,
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { publicCall } from '../../test/fixtures/public-feedback.fixtures';
import { createTestApp } from '../../test/test-app';
import { fileMailer, type SmsMessage } from '../notifications/public';
import {
  assignOrder,
  forceDeliverRider,
  markCollected,
  markDeliveredAtCenter,
  markReached,
} from '../orders/public';

const PUBLIC_URL = 'https://dastak.example';
let f: Fixtures;
beforeAll(async () => {
  f = await createFixtures(await createTestApp({ PUBLIC_URL }));
});
afterAll(() => f.t.close());

const at = { latitude: 31.5206, longitude: 74.3506 };

const linksOf = async (orderId: number, kind?: 'riderLiveLocation' | 'orderReview') =>
  f.t.db
    .select()
    .from(publicLinks)
    .where(
      kind
        ? and(eq(publicLinks.orderId, orderId), eq(publicLinks.kind, kind))
        : eq(publicLinks.orderId, orderId),
    );
const smsOf = (linkId: string) => f.t.db.select().from(outbox).where(eq(outbox.linkId, linkId));
const linkActivities = async (orderId: number) =>
  (await activitiesOf(f, orderId)).filter((a) => a.verb === 'linkSent');

async function assigned() {
  const order = await placeOrder(f);
  const rider = await createRider(f);
  const res = await api(f).post(`/orders/blood/${order.id}/request/`, { rider_ids: [rider.id] });
  expect(res.statusCode).toBe(200);
  return { order, rider };
}

async function delivered() {
  const { order, rider } = await assigned();
  await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
  await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
  await markDeliveredAtCenter(
    f.t.db,
    { orderIds: [order.id], collectionCenterId: f.nearCenter },
    rider.actor,
  );
  return { order, rider };
}

describe('links made by the order flow', () => {
  it('texts one live-location link on the first assignment, with its URL in the SMS', async () => {
    const { order } = await assigned();
    const links = await linksOf(order.id);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link).toMatchObject({
      kind: 'riderLiveLocation',
      expiresAt: null,
      customerId: f.customerId,
    });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const sms = await smsOf(link.id);
    expect(sms).toHaveLength(1);
    const payload = sms[0]!.payload as SmsMessage;
    expect(sms[0]!.kind).toBe('sms');
    expect(payload.to).toBe('03001234567');
    expect(payload.url).toBe(`${PUBLIC_URL}/app/rider-live-location/${link.id}`);
    expect(payload.text).toContain(payload.url);
    expect(payload.text).toContain(order.number);
    expect((await linkActivities(order.id)).map((a) => a.description)).toEqual([
      LINK_ACTIVITY.SENT.riderLiveLocation,
    ]);
  });

  it('texts the link on auto-assignment too; link ids differ', async () => {
    const { order: first } = await assigned();
    const order = await placeOrder(f);
    const rider = await createRider(f);
    await assignOrder(
      f.t.db,
      { vertical: 'blood', orderId: order.id, riderId: rider.id, auto: true },
      { kind: 'system' },
    );
    const [link] = await linksOf(order.id, 'riderLiveLocation');
    expect(link).toBeDefined();
    expect(await smsOf(link!.id)).toHaveLength(1);
    expect(link!.id).not.toBe((await linksOf(first.id))[0]!.id);
    expect((await linkActivities(order.id))[0]).toMatchObject({ actorId: null });
  });

  it('makes no new link on a re-assign', async () => {
    const { order } = await assigned();
    const other = await createRider(f);
    const res = await api(f).post(`/orders/blood/${order.id}/reassign/`, {
      rider_ids: [other.id],
      reassignment_string_id: f.lookups.reassignment,
      reason: 'late',
    });
    expect(res.statusCode).toBe(200);
    const links = await linksOf(order.id);
    expect(links).toHaveLength(1);
    expect(await smsOf(links[0]!.id)).toHaveLength(1);
    expect(await linkActivities(order.id)).toHaveLength(1);
  });

  it('texts the review link and opens an incomplete review when the rider delivers', async () => {
    const { order } = await delivered();
    const [review] = await linksOf(order.id, 'orderReview');
    expect(review).toBeDefined();
    const hours = (review!.expiresAt!.getTime() - review!.created.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
    const sms = await smsOf(review!.id);
    expect((sms[0]!.payload as SmsMessage).text).toContain(
      `${PUBLIC_URL}/app/order-review/${review!.id}`,
    );
    const rows = await f.t.db.select().from(orderReviews).where(eq(orderReviews.orderId, order.id));
    expect(rows).toMatchObject([{ isComplete: false }]);
    expect((await linkActivities(order.id)).map((a) => a.description)).toEqual([
      LINK_ACTIVITY.SENT.riderLiveLocation,
      LINK_ACTIVITY.SENT.orderReview,
    ]);
  });

  it('texts the review link when staff force-deliver a rider', async () => {
    const { order, rider } = await assigned();
    await markReached(f.t.db, { orderId: order.id, ...at }, rider.actor);
    await markCollected(f.t.db, { orderId: order.id, ...at }, rider.actor);
    const done = await forceDeliverRider(f.t.db, rider.id, f.staff);
    expect(done.delivered).toBe(1);
    expect(await linksOf(order.id, 'orderReview')).toHaveLength(1);
    const rows = await f.t.db.select().from(orderReviews).where(eq(orderReviews.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /orders/{vertical}/{id}/links/ and resend', () => {
  it('lists the links newest first with their messages', async () => {
    const { order } = await delivered();
    const res = await api(f).get(`/orders/blood/${order.id}/links/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((l: { kind: string }) => l.kind)).toEqual(['orderReview', 'riderLiveLocation']);
    expect(body[0]).toMatchObject({
      ref: expect.any(Number),
      state: 'sent',
      isExpired: false,
      openedAt: null,
      usedAt: null,
      messages: [
        {
          channel: 'sms',
          to: '03001234567',
          state: 'pending',
          attempts: 0,
          sentAt: null,
          lastError: null,
        },
      ],
    });
    // The order is delivered: live tracking is over.
    expect(body[1]).toMatchObject({
      kind: 'riderLiveLocation',
      state: 'expired',
      isExpired: true,
      expiresAt: null,
    });
    expect((await api(f).get(`/orders/xray/${order.id}/links/`)).statusCode).toBe(404);
  });

  it('sends a link again: a new SMS row and an activity row', async () => {
    const { order } = await assigned();
    const [link] = await linksOf(order.id);
    const res = await api(f).post(`/orders/blood/${order.id}/links/${link!.ref}/resend/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toHaveLength(2);
    expect(await smsOf(link!.id)).toHaveLength(2);
    const acts = await linkActivities(order.id);
    expect(acts).toHaveLength(2);
    expect(acts[1]!.description).toMatch(
      new RegExp(`^${LINK_ACTIVITY.SENT.riderLiveLocation} again by Test User\\d+$`),
    );
    expect(acts[1]!.actorId).toBe(f.staffId);
  });

  it('refuses to resend an expired link or an answered review (409), and writes nothing', async () => {
    const { order } = await delivered();
    const [live] = await linksOf(order.id, 'riderLiveLocation');
    const expired = await api(f).post(`/orders/blood/${order.id}/links/${live!.ref}/resend/`, {});
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe(LINK_MESSAGES.LINK_EXPIRED);

    const [review] = await linksOf(order.id, 'orderReview');
    await f.t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicLinks.id, review!.id));
    const late = await api(f).post(`/orders/blood/${order.id}/links/${review!.ref}/resend/`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(LINK_MESSAGES.LINK_EXPIRED);

    await f.t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(publicLinks.id, review!.id));
    await f.t.db
      .update(orderReviews)
      .set({ isComplete: true, overallStarRating: 5, onTimeStarRating: 5, riderStarRating: 5 })
      .where(eq(orderReviews.orderId, order.id));
    const done = await api(f).post(`/orders/blood/${order.id}/links/${review!.ref}/resend/`, {});
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(PUBLIC_PAGES.ALREADY_SUBMITTED);

    expect(await smsOf(review!.id)).toHaveLength(1);
    expect(await linkActivities(order.id)).toHaveLength(2);
  });

  it('shows each message as the relay left it: failed with its error, then sent', async () => {
    const { order } = await assigned();
    const [link] = await linksOf(order.id);
    const quiet = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
    const mailer = fileMailer(`/tmp/dastak-links-${process.pid}`);
    const failing = {
      send: async () => {
        throw new Error('SMS gateway answered 503');
      },
    };
    await relayOutboxOnce(f.t.db, { mailer, sms: failing }, quiet, { holder: 'test' });
    const failed = (await api(f).get(`/orders/blood/${order.id}/links/`)).json()[0];
    expect(failed.messages).toMatchObject([
      { state: 'pending', attempts: 1, sentAt: null, lastError: 'SMS gateway answered 503' },
    ]);
    await f.t.db.update(outbox).set({ runAt: sql`now()` }).where(eq(outbox.linkId, link!.id));
    const working = { send: async () => 'sent' as const };
    await relayOutboxOnce(f.t.db, { mailer, sms: working }, quiet, { holder: 'test' });
    const sent = (await api(f).get(`/orders/blood/${order.id}/links/`)).json()[0];
    expect(sent.messages).toMatchObject([{ state: 'sent', attempts: 2, lastError: null }]);
    expect(sent.messages[0].sentAt).toEqual(expect.any(String));
  });

  it('answers 404 for a link of another order', async () => {
    const { order } = await assigned();
    const { order: other } = await assigned();
    const [link] = await linksOf(other.id);
    const res = await api(f).post(`/orders/blood/${order.id}/links/${link!.ref}/resend/`, {});
    expect(res.statusCode).toBe(404);
  });

  it('needs Can view order to list and Can change order to resend', async () => {
    const { order } = await assigned();
    const [link] = await linksOf(order.id);
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    const nobody = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    expect((await api(f).get(`/orders/blood/${order.id}/links/`, nobody)).statusCode).toBe(403);
    expect((await api(f).get(`/orders/blood/${order.id}/links/`, viewer)).statusCode).toBe(200);
    const resend = await api(f).post(
      `/orders/blood/${order.id}/links/${link!.ref}/resend/`,
      {},
      viewer,
    );
    expect(resend.statusCode).toBe(403);
    expect(await smsOf(link!.id)).toHaveLength(1);
  });
});

describe("a link's secret stays with the customer", () => {
  let all: Record<string, string>;
  beforeAll(async () => {
    all = await tokenWith(f.t, [
      PERMISSIONS.CAN_VIEW_CUSTOMER,
      PERMISSIONS.CAN_CHANGE_CUSTOMER,
      PERMISSIONS.CAN_VIEW_ORDER,
      PERMISSIONS.CAN_CHANGE_ORDER,
    ]);
  });
  const customerLinkIds = async () =>
    (
      await f.t.db
        .select({ id: publicLinks.id })
        .from(publicLinks)
        .where(eq(publicLinks.customerId, f.customerId))
    ).map((l) => l.id);

  /** The raw JSON text, as any client would read it: no link id, no public URL in it. */
  async function expectNoSecret(res: { statusCode: number; body: string }, status = 200) {
    expect(res.statusCode).toBe(status);
    const ids = await customerLinkIds();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(res.body).not.toContain(id);
    expect(res.body).not.toContain(PUBLIC_URL);
    expect(res.body).not.toContain('/app/');
  }

  it('staff answers carry no link id or URL: order links, resend, surveys, send and resend', async () => {
    const { order } = await assigned();
    const survey = await api(f).post(
      `/customers/${f.customerId}/surveys/`,
      {
        form: 'croFeedback',
        order: order.id,
      },
      all,
    );
    await expectNoSecret(survey, 201);
    const links = await api(f).get(`/orders/blood/${order.id}/links/`);
    await expectNoSecret(links);
    const live = links.json().find((l: { kind: string }) => l.kind === 'riderLiveLocation');
    await expectNoSecret(
      await api(f).post(`/orders/blood/${order.id}/links/${live.ref}/resend/`, {}),
    );
    await expectNoSecret(await api(f).get(`/customers/${f.customerId}/surveys/`, all));
    await expectNoSecret(
      await api(f).post(`/customers/${f.customerId}/surveys/${survey.json().id}/resend/`, {}, all),
    );
    await expectNoSecret(await api(f).get(`/activity/?order=${order.id}`));
    // Only the text messages carry the link: one to the customer per send.
    const [liveRow] = await linksOf(order.id, 'riderLiveLocation');
    expect(await smsOf(liveRow!.id)).toHaveLength(2);
  });

  it('a link id in the resend path names nothing (404), and nothing is sent', async () => {
    const { order } = await assigned();
    const [link] = await linksOf(order.id);
    const res = await api(f).post(`/orders/blood/${order.id}/links/${link!.id}/resend/`, {});
    expect(res.statusCode).toBe(404);
    expect(await smsOf(link!.id)).toHaveLength(1);
  });

  it('shows a link sent, opened on its first public read, completed once answered', async () => {
    const { order } = await delivered();
    const [review] = await linksOf(order.id, 'orderReview');
    const stateOf = async () =>
      (await api(f).get(`/orders/blood/${order.id}/links/`))
        .json()
        .find((l: { kind: string }) => l.kind === 'orderReview');
    expect(await stateOf()).toMatchObject({ state: 'sent', openedAt: null });

    const call = publicCall(f.t);
    expect((await call('GET', `/feedback/order_review/${review!.id}/`)).statusCode).toBe(200);
    const opened = await stateOf();
    expect(opened).toMatchObject({ state: 'opened', openedAt: expect.any(String) });
    await call('GET', `/feedback/order_review/${review!.id}/`);
    expect((await stateOf()).openedAt).toBe(opened.openedAt);

    const stars = { overall_star_rating: 4, on_time_star_rating: 4, rider_star_rating: 4 };
    expect((await call('PUT', `/feedback/order_review/${review!.id}/`, stars)).statusCode).toBe(
      200,
    );
    expect(await stateOf()).toMatchObject({ state: 'completed', usedAt: expect.any(String) });
    // Answered, then past its 48 hours: still completed (completed wins over expired).
    await f.t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicLinks.id, review!.id));
    expect(await stateOf()).toMatchObject({ state: 'completed', isExpired: true });
  });

  it('resends a survey from the customer page; refuses an answered one (409)', async () => {
    const sent = await api(f).post(
      `/customers/${f.customerId}/surveys/`,
      { form: 'croFeedback' },
      all,
    );
    const [row] = await f.t.db
      .select({ linkId: feedbackInteractions.linkId })
      .from(feedbackInteractions)
      .where(eq(feedbackInteractions.id, sent.json().id));
    const url = `/customers/${f.customerId}/surveys/${sent.json().id}/resend/`;
    const again = await api(f).post(url, {}, all);
    expect(again.statusCode).toBe(200);
    expect(again.json().link.messages).toHaveLength(2);
    expect(await smsOf(row!.linkId)).toHaveLength(2);
    expect(
      (await api(f).post(`/customers/999999/surveys/${sent.json().id}/resend/`, {}, all))
        .statusCode,
    ).toBe(404);
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    expect((await api(f).post(url, {}, viewer)).statusCode).toBe(403);

    await f.t.db
      .update(feedbackInteractions)
      .set({ isComplete: true })
      .where(eq(feedbackInteractions.id, sent.json().id));
    const done = await api(f).post(url, {}, all);
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(PUBLIC_PAGES.ALREADY_SUBMITTED);
    expect(await smsOf(row!.linkId)).toHaveLength(2);
  });
});
