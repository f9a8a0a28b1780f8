import type {
  CustomerLink,
  CustomerSurvey,
  FeedbackInteraction,
  FeedbackQuestion,
} from '@dastak/core/entities/feedback';
import type { Order } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, signIn, storeSession } from '../fixtures/auth';
import { releaseBrowser, screenshot, VIEWPORT, workerBrowser } from '../fixtures/browser';
import {
  assignedOrder,
  linkIdOf,
  smsSoFar,
  waitForNewSms,
  waitForSms,
} from '../fixtures/customer-links';
import { findOrder, OrdersApi } from '../fixtures/order-actions-api';
import { readSmsOutbox } from '../fixtures/outbox';
import { serverUrl } from '../fixtures/server';
import { toast, visible } from '../fixtures/ui';

/*
 * The staff side of customer links (ADRs 0038, 0051): the order detail's 'Customer Links' with each
 * link's state and resend (the outbox gains a text message), never the link itself; the customer
 * detail's 'Send survey' and 'Surveys' with the answers a customer gave through the public form;
 * and the permission gates. The links are read where only the customer's phone gets them: the
 * text messages the server wrote to its outbox (ADR 0051).
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: OrdersApi;
const used = new Set<number>();

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  await storeSession(page, 'admin');
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

const linksPath = (order: Order) => `/orders/${order.vertical}/${order.id}/links/`;
const links = (order: Order) => api.get<CustomerLink[]>(linksPath(order));
const smsFor = (url: string) => readSmsOutbox().filter((m) => m.url === url);

/** Strips a permission from the session user the console reads (login and /auth/me/). */
async function withoutPermission(target: Page, name: string): Promise<void> {
  const strip = (user: { userPermissions?: { name: string }[] } | undefined) => {
    if (user?.userPermissions) {
      user.userPermissions = user.userPermissions.filter((p) => p.name !== name);
    }
  };
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      userPermissions?: { name: string }[];
      user?: { userPermissions?: { name: string }[] };
    };
    strip(body);
    strip(body.user);
    await route.fulfill({ response, json: body });
  };
  await target.route('**/api/v1/auth/login/', handler);
  await target.route('**/api/v1/auth/me/', handler);
}

let order: Order;

describe('customer links on the order detail', () => {
  test('assigning texts a live-location link: listed with its state and message, never the link; Resend works', async () => {
    order = await assignedOrder(api, used);
    // The relay wrote the text message once, with the link in it.
    const sms = await waitForSms('riderLiveLocation', order.number);
    expect(sms.text).toContain(sms.url);
    expect(smsFor(sms.url)).toHaveLength(1);
    const liveLink = (await links(order)).find(
      (l) => l.kind === 'riderLiveLocation',
    ) as CustomerLink;
    expect(liveLink).toMatchObject({ state: 'sent', isExpired: false, openedAt: null });
    expect(liveLink.messages.length).toBeGreaterThanOrEqual(1);
    // The staff answer, as raw text, names neither the link's id nor its URL.
    const raw = await api.request('GET', linksPath(order));
    expect(JSON.stringify(raw.data)).not.toContain(linkIdOf(sms.url));
    expect(JSON.stringify(raw.data)).not.toContain('/app/');

    await page.goto(app(`/blood/orders/detail/${order.id}`));
    const block = page.getByRole('region', { name: 'Customer Links' });
    const row = block.getByTestId('customer-link').filter({ hasText: 'Live location' });
    await visible(row);
    await visible(row.getByText('Valid until order is picked'));
    await visible(row.getByTestId('link-state').getByText('Sent', { exact: true }));
    await visible(row.getByText(/^SMS (pending|sending|sent)$/));
    await visible(row.getByText('1 message', { exact: false }));
    expect(await block.getByRole('button', { name: /Copy/ }).count()).toBe(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what staff read
    expect(await block.innerText()).not.toContain(linkIdOf(sms.url));

    await row.getByRole('button', { name: 'Resend Live location link' }).click();
    await visible(toast(page, LINK_MESSAGES.MESSAGE_RESENT));
    await visible(row.getByText('2 messages', { exact: false }));
    expect((await links(order)).find((l) => l.ref === liveLink.ref)?.messages).toHaveLength(2);
    await expect.poll(() => smsFor(sms.url).length, { timeout: 20_000 }).toBe(2);
    // The block looks again while a message waits for the relay, so it shows it sent.
    await row.getByText('SMS sent').waitFor({ timeout: 30_000 });

    // The customer opens the link on their phone: staff see it opened.
    const opened = await fetch(
      `${baseUrl}/api/v1/location/rider-live-location/${linkIdOf(sms.url)}/`,
    );
    expect(opened.status).toBe(200);
    await page.reload();
    await visible(row.getByTestId('link-state').getByText('Opened', { exact: true }));
    await visible(row.getByText(/ · opened /));

    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-links-order-detail');
  });
});

describe('the customer review dialog', () => {
  test('Review Details shows the review the customer gave: three stars and the text', async () => {
    const reviewed = await findOrder(
      api,
      'blood',
      { states: 'delivered' },
      (o) => !!o.review?.isComplete,
      used,
    );
    const review = reviewed.review as NonNullable<Order['review']>;
    await page.goto(app(`/blood/orders/detail/${reviewed.id}`));
    await page.getByRole('button', { name: 'Review Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer Feedback' });
    await visible(dialog.getByText(`Order ${reviewed.number}`));
    for (const [label, value] of [
      ['Overall', review.overallStarRating],
      ['On Time Pickup', review.onTimeStarRating],
      ['Representative', review.riderStarRating],
    ] as const) {
      await visible(dialog.getByRole('img', { name: `${label}: ${value} of 5` }));
    }
    await visible(dialog.getByText(review.feedbackText || EMPTY.DASHES, { exact: true }));
    await screenshot(page, 'customer-links-review-dialog');
    await page.keyboard.press('Escape');
  });
});

describe('surveys on the customer detail', () => {
  test('Send survey texts a physical-visit link; the answers given show under Completed', async () => {
    const customerId = order.customer.id;
    const before = await api.get<CustomerSurvey[]>(`/customers/${customerId}/surveys/`);
    const seen = smsSoFar();
    await page.goto(app(`/customers/detail/${customerId}`));
    const section = page.getByRole('region', { name: 'Surveys' });
    await section.getByRole('button', { name: 'Send survey' }).click();
    await page.getByRole('menuitem', { name: 'Physical visit review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Physical visit review' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(toast(page, LINK_MESSAGES.SURVEY_SENT));

    const after = await api.get<CustomerSurvey[]>(`/customers/${customerId}/surveys/`);
    expect(after).toHaveLength(before.length + 1);
    const survey = after[0] as CustomerSurvey;
    expect(survey.form).toBe('physicalVisit');
    expect(survey.isComplete).toBe(false);
    expect(survey.link).not.toHaveProperty('url');
    // The link reaches the customer's phone only: read it from the outbox, as the phone would.
    const sms = await waitForNewSms('physicalVisit', order.customer.phone, seen);
    const linkId = linkIdOf(sms.url);
    expect(JSON.stringify(after)).not.toContain(linkId);

    const row = section.getByTestId('customer-survey').first();
    await visible(row.getByText('Physical visit review'));
    await visible(row.getByText('Sent', { exact: true }));
    expect(await section.getByRole('button', { name: /Copy/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'Resend Physical visit review' }).click();
    await visible(toast(page, LINK_MESSAGES.MESSAGE_RESENT));
    await expect.poll(() => smsFor(sms.url).length, { timeout: 20_000 }).toBe(2);

    // The customer answers through the public form's call: every star question five stars.
    const questions = (await (
      await fetch(`${baseUrl}/api/v1/feedback/physical_visit_questions/`)
    ).json()) as FeedbackQuestion[];
    expect(questions.length).toBeGreaterThan(0);
    const responses = questions.map((q) => ({
      question: q.id,
      answer: q.type === 'STAR_RATING' ? '5' : 'The phlebotomist was kind and quick.',
    }));
    const patch = await fetch(`${baseUrl}/api/v1/feedback/physical_visit/${linkId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ interaction_id: linkId, responses }),
    });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as FeedbackInteraction).isComplete).toBe(true);

    await page.reload();
    const done = section.getByTestId('customer-survey').first();
    await visible(done.getByText('Completed', { exact: true }));
    await visible(done.getByText('Satisfied', { exact: true }));
    expect(
      await done.getByRole('button', { name: 'Resend Physical visit review' }).isDisabled(),
    ).toBe(true);
    await done.getByRole('button', { name: /Show answers/ }).click();
    const answers = done.getByTestId('survey-answers');
    const star = questions.find((q) => q.type === 'STAR_RATING') as FeedbackQuestion;
    await visible(answers.getByRole('img', { name: `${star.text}: 5 of 5` }));
    const text = questions.find((q) => q.type === 'LONG_FORM_TEXT');
    if (text) await visible(answers.getByText('The phlebotomist was kind and quick.'));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-links-surveys');
  });
});

describe('permission gates', () => {
  test('without Can change order no Resend; without Can change customer no Send survey', async () => {
    // The agent may not change orders: the links show with their state but without Resend.
    const agentContext = await browser.newContext({ viewport: VIEWPORT, baseURL: baseUrl });
    agentContext.setDefaultTimeout(20_000);
    const agentPage = await agentContext.newPage();
    try {
      // And, with 'Can change customer' taken from the session, no Send survey either.
      await withoutPermission(agentPage, PERMISSIONS.CAN_CHANGE_CUSTOMER);
      await signIn(agentPage, 'agent');
      await agentPage.goto(app(`/blood/orders/detail/${order.id}`));
      const row = agentPage
        .getByRole('region', { name: 'Customer Links' })
        .getByTestId('customer-link')
        .filter({ hasText: 'Live location' });
      await visible(row.getByTestId('link-state'));
      expect(await row.getByRole('button').count()).toBe(0);

      await agentPage.goto(app(`/customers/detail/${order.customer.id}`));
      const section = agentPage.getByRole('region', { name: 'Surveys' });
      await visible(section.getByTestId('customer-survey').first());
      expect(await section.getByRole('button', { name: 'Send survey' }).count()).toBe(0);
      expect(await section.getByRole('button', { name: /Resend/ }).count()).toBe(0);
    } finally {
      await agentContext.close();
    }
  });
});
