import { LINK_ACTIVITY, PUBLIC_PAGES } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import {
  feedbackAnswers,
  feedbackInteractions,
  feedbackQuestions,
  publicLinks,
} from '../../db/schema/feedback';
import { outbox } from '../../db/schema/outbox';
import {
  activitiesOf,
  api,
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import type { SmsMessage } from '../notifications/public';

const PUBLIC_URL = 'https://dastak.example';
let f: Fixtures;
let otherCustomerId: number;
let auth: Record<string, string>;
beforeAll(async () => {
  f = await createFixtures(await createTestApp({ PUBLIC_URL }));
  const [other] = await f.t.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.phone, '03007654321'));
  otherCustomerId = other!.id; // the fixtures' second customer
  auth = await tokenWith(f.t, [
    PERMISSIONS.CAN_VIEW_CUSTOMER,
    PERMISSIONS.CAN_CHANGE_CUSTOMER,
    PERMISSIONS.CAN_VIEW_ORDER,
    PERMISSIONS.CAN_CHANGE_ORDER,
  ]);
});
afterAll(() => f.t.close());

const surveysUrl = (id = f.customerId) => `/customers/${id}/surveys/`;
const post = (url: string, body: object, headers = auth) => api(f).post(url, body, headers);
const get = (url: string, headers = auth) => api(f).get(url, headers);
const smsOf = (linkId: string) => f.t.db.select().from(outbox).where(eq(outbox.linkId, linkId));
/** The survey's link id, from the database: no staff answer carries it. */
const linkIdOf = async (surveyId: number) =>
  (
    await f.t.db
      .select({ linkId: feedbackInteractions.linkId })
      .from(feedbackInteractions)
      .where(eq(feedbackInteractions.id, surveyId))
  )[0]!.linkId;

describe('POST /customers/{id}/surveys/', () => {
  it('creates the link, the interaction and the SMS, and logs it on the order', async () => {
    const order = await placeOrder(f);
    const res = await post(surveysUrl(), { form: 'physicalVisit', order: order.id });
    expect(res.statusCode).toBe(201);
    const survey = res.json();
    expect(survey).toMatchObject({
      form: 'physicalVisit',
      order: { id: order.id, number: order.number, vertical: 'blood' },
      isComplete: false,
      isSatisfied: null,
      submittedAt: null,
      answers: [],
      link: { kind: 'physicalVisit', state: 'sent', isExpired: false, usedAt: null },
    });
    // The answer names the link by its ref; its id (the secret) only the SMS carries.
    expect(survey.link).not.toHaveProperty('id');
    expect(survey.link).not.toHaveProperty('url');
    const hours = (Date.parse(survey.link.expiresAt) - Date.parse(survey.link.created)) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
    const [interaction] = await f.t.db
      .select()
      .from(feedbackInteractions)
      .where(eq(feedbackInteractions.id, survey.id));
    const linkId = interaction!.linkId;
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(interaction).toMatchObject({
      customerId: f.customerId,
      orderId: order.id,
    });
    const sms = await smsOf(linkId);
    expect(sms).toHaveLength(1);
    const payload = sms[0]!.payload as SmsMessage;
    expect(payload).toMatchObject({
      to: '03001234567',
      kind: 'physicalVisit',
      url: `${PUBLIC_URL}/app/physical-visit-review/${linkId}`,
    });
    expect(payload.text).toContain(payload.url);
    const acts = (await activitiesOf(f, order.id)).filter((a) => a.verb === 'linkSent');
    expect(acts.map((a) => a.description)).toEqual([LINK_ACTIVITY.SENT.physicalVisit]);
  });

  it('sends a CRO survey without an order', async () => {
    const res = await post(surveysUrl(), { form: 'croFeedback' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ form: 'croFeedback', order: null });
    const [sms] = await smsOf(await linkIdOf(res.json().id));
    expect((sms!.payload as SmsMessage).url).toBe(
      `${PUBLIC_URL}/app/cro-feedback/${await linkIdOf(res.json().id)}`,
    );
  });

  it('refuses an order of another customer (400) and writes nothing', async () => {
    const order = await placeOrder(f);
    const before = await f.t.db.select().from(publicLinks);
    const res = await post(surveysUrl(otherCustomerId), {
      form: 'physicalVisit',
      order: order.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: LINK_MESSAGES.ORDER_NOT_CUSTOMERS,
      errors: { order: [LINK_MESSAGES.ORDER_NOT_CUSTOMERS] },
    });
    expect(await f.t.db.select().from(publicLinks)).toHaveLength(before.length);
  });

  it('refuses a missing or unknown form (400) and an unknown customer (404)', async () => {
    expect((await post(surveysUrl(), {})).statusCode).toBe(400);
    expect((await post(surveysUrl(), { form: 'orderReview' })).statusCode).toBe(400);
    expect((await post(surveysUrl(999_999), { form: 'croFeedback' })).statusCode).toBe(404);
  });

  it('honours an Idempotency-Key: the same key and body return the first survey', async () => {
    const headers = { ...auth, 'idempotency-key': 'survey-key-1' };
    const first = await post(surveysUrl(), { form: 'croFeedback' }, headers);
    const again = await post(surveysUrl(), { form: 'croFeedback' }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await smsOf(await linkIdOf(first.json().id))).toHaveLength(1);
    const other = await post(surveysUrl(), { form: 'physicalVisit' }, headers);
    expect(other.statusCode).toBe(409);
  });
});

describe('GET /customers/{id}/surveys/', () => {
  it('lists the surveys newest first, with the answers once given', async () => {
    const sent = await post(surveysUrl(otherCustomerId), { form: 'croFeedback' });
    const later = await post(surveysUrl(otherCustomerId), { form: 'physicalVisit' });
    expect(later.statusCode).toBe(201);
    const questions = await f.t.db
      .insert(feedbackQuestions)
      .values([
        { form: 'croFeedback', text: 'How was the call?', type: 'STAR_RATING', sortOrder: 1 },
        { form: 'croFeedback', text: 'Anything else?', type: 'LONG_FORM_TEXT', sortOrder: 2 },
      ])
      .returning();
    await f.t.db.insert(feedbackAnswers).values([
      { interactionId: sent.json().id, questionId: questions[1]!.id, answer: 'Quick and kind' },
      { interactionId: sent.json().id, questionId: questions[0]!.id, answer: '5' },
    ]);
    await f.t.db
      .update(feedbackInteractions)
      .set({ isComplete: true, isSatisfied: true, submittedAt: new Date() })
      .where(eq(feedbackInteractions.id, sent.json().id));

    const res = await get(surveysUrl(otherCustomerId));
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([later.json().id, sent.json().id]);
    expect(list[0]).toMatchObject({ isComplete: false, answers: [] });
    expect(list[1]).toMatchObject({
      isComplete: true,
      isSatisfied: true,
      answers: [
        { question: questions[0]!.id, text: 'How was the call?', type: 'STAR_RATING', answer: '5' },
        { question: questions[1]!.id, type: 'LONG_FORM_TEXT', answer: 'Quick and kind' },
      ],
    });
    expect(list[1].submittedAt).not.toBeNull();
    // Staff see the message state of each text (and the phone).
    expect(list[1].link.messages).toMatchObject([{ to: '03007654321', state: 'pending' }]);
  });

  it('refuses a completed survey link to be sent again through its order', async () => {
    const order = await placeOrder(f);
    const sent = await post(surveysUrl(), { form: 'physicalVisit', order: order.id });
    await f.t.db
      .update(feedbackInteractions)
      .set({ isComplete: true })
      .where(eq(feedbackInteractions.id, sent.json().id));
    const res = await post(`/orders/blood/${order.id}/links/${sent.json().link.ref}/resend/`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PUBLIC_PAGES.ALREADY_SUBMITTED);
  });

  it('needs Can view customer to list and Can change customer to send', async () => {
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    const nobody = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    expect((await get(surveysUrl(), nobody)).statusCode).toBe(403);
    expect((await get(surveysUrl(), viewer)).statusCode).toBe(200);
    const before = (await get(surveysUrl())).json().length;
    expect((await post(surveysUrl(), { form: 'croFeedback' }, viewer)).statusCode).toBe(403);
    expect((await get(surveysUrl())).json()).toHaveLength(before);
  });
});
