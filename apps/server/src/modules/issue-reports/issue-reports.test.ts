import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueReportComments,
  issueReportScreenshots,
  issueReports,
} from '../../db/schema/issue-reports';
import { outbox } from '../../db/schema/outbox';
import { makeJpegHead, makePng } from '../../test/fixtures/issue-images.fixtures';
import {
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import type { EmailMessage } from '../notifications/public';
import { ISSUE_REPORT_BODY_LIMIT } from './issue-reports.routes';

const SUPPORT_EMAIL = 'support@dastak.example';
let f: Fixtures;
let orderNumber: string;
let orderId: number;
let alice: Record<string, string>;
let bob: Record<string, string>;
let manager: Record<string, string>;

beforeAll(async () => {
  f = await createFixtures(await createTestApp({ SUPPORT_EMAIL }));
  const order = await placeOrder(f);
  orderNumber = order.number;
  orderId = order.id;
  alice = await tokenWith(f.t, []);
  bob = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
  manager = await tokenWith(f.t, [PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS]);
}, 60_000);
afterAll(() => f.t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => f.t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

const file = (who: Record<string, string>, body: Record<string, unknown>) =>
  call('POST', '/issue-reports/', who, {
    title: 'Map does not load',
    description: 'The dispatch map stays grey.',
    category: 'console',
    ...body,
  });

const b64 = (b: Buffer) => b.toString('base64');

/** Rows in the three tables and emails in the outbox: a refused create changes none. */
async function stored() {
  const n = async (table: typeof issueReports | typeof issueReportScreenshots | typeof outbox) =>
    (await f.t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    reports: await n(issueReports),
    screenshots: await n(issueReportScreenshots),
    emails: await n(outbox),
  };
}

describe('filing an issue', () => {
  it('stores the report with its order and screenshot, and serves the image back as sent', async () => {
    const png = makePng(12, 7);
    const res = await file(alice, {
      order_number: orderNumber,
      screenshot: `data:image/png;base64,${b64(png)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({
      title: 'Map does not load',
      category: 'console',
      status: 'open',
      order: { id: orderId, number: orderNumber, vertical: 'blood' },
      hasScreenshot: true,
      comments: [],
    });

    const image = await call('GET', `/issue-reports/${report.id}/screenshot/`, alice);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
  });

  it('judges the type by the bytes: a JPEG declared as PNG is served as a JPEG', async () => {
    const jpeg = makeJpegHead();
    const res = await file(alice, { screenshot: `data:image/png;base64,${b64(jpeg)}` });
    expect(res.statusCode, res.body).toBe(201);
    const image = await call('GET', `/issue-reports/${res.json().id}/screenshot/`, alice);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.rawPayload, jpeg)).toBe(0);
  });

  it('has no screenshot to serve when none was sent (404)', async () => {
    const res = await file(alice, { title: 'No picture' });
    expect(res.json().hasScreenshot).toBe(false);
    expect(res.json().order).toBeNull();
    const image = await call('GET', `/issue-reports/${res.json().id}/screenshot/`, alice);
    expect(image.statusCode).toBe(404);
  });

  it('emails each new report to SUPPORT_EMAIL through the outbox', async () => {
    const before = await stored();
    const res = await file(bob, { title: 'Rider app freezes', category: 'rider' });
    expect(res.statusCode).toBe(201);
    const emails = await f.t.db.select().from(outbox);
    expect(emails).toHaveLength(before.emails + 1);
    const mail = emails.at(-1)!;
    expect(mail.kind).toBe('email');
    const payload = mail.payload as EmailMessage;
    expect(payload.to).toBe(SUPPORT_EMAIL);
    expect(payload.subject).toBe(`[Dastak] Issue #${res.json().id}: Rider app freezes`);
    expect(payload.text).toContain('Category: Rider');
  });

  it('sends no email when SUPPORT_EMAIL is unset', async () => {
    const t = await createTestApp();
    try {
      const u = await createUser(t, []);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/issue-reports/',
        headers: bearer((await login(t.app, u.email, u.password)).token),
        payload: { title: 'x', description: 'y', category: 'other' },
      });
      expect(res.statusCode).toBe(201);
      expect(await t.db.select().from(outbox)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('returns the first answer for the same Idempotency-Key and body', async () => {
    const before = await stored();
    const headers = { ...alice, 'idempotency-key': 'issue-once-1' };
    const first = await file(headers, { title: 'Twice' });
    const second = await file(headers, { title: 'Twice' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect((await stored()).reports).toBe(before.reports + 1);
  });
});

describe('a refused create stores nothing (400)', () => {
  const refused = async (body: Record<string, unknown>, field: string, message: string) => {
    const before = await stored();
    const res = await file(alice, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: message, errors: { [field]: [message] } });
    expect(await stored()).toEqual(before);
  };

  it('refuses a file that is not an image', async () => {
    await refused(
      { screenshot: b64(Buffer.from('name,phone\nAli,0300\n')) },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
    // A GIF is an image, but not one of ours.
    await refused(
      {
        screenshot: `data:image/png;base64,${b64(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))}`,
      },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
    await refused(
      { screenshot: 'not base64 at all!' },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
  });

  it('refuses a fake PNG: the right name and signature, the wrong bytes after', async () => {
    const png = makePng();
    const noHeader = Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
    await refused(
      { screenshot: `data:image/png;base64,${b64(noHeader)}` },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    await refused(
      { screenshot: b64(zeroWidth) },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
    // A JPEG's first bytes with no frame header before the scan.
    const jpeg = makeJpegHead();
    const noFrame = Buffer.concat([jpeg.subarray(0, 20), jpeg.subarray(39)]);
    await refused(
      { screenshot: b64(noFrame) },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TYPE,
    );
  });

  it('refuses a screenshot over 5 MB, and takes one of exactly 5 MB', async () => {
    const overhead = makePng(1, 1).length + 12; // the padding chunk's length, type and CRC
    const over = makePng(1, 1, [0, 0, 0], ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES - overhead + 1);
    expect(over.length).toBe(ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES + 1);
    await refused(
      { screenshot: b64(over) },
      'screenshot',
      ISSUE_REPORT_MESSAGES.SCREENSHOT_TOO_LARGE,
    );

    const at = makePng(1, 1, [0, 0, 0], ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES - overhead);
    expect(at.length).toBe(ISSUE_REPORT_LIMITS.SCREENSHOT_MAX_BYTES);
    const res = await file(alice, { screenshot: `data:image/png;base64,${b64(at)}` });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a body past the route limit before reading it (413)', async () => {
    const before = await stored();
    const res = await file(alice, { screenshot: 'A'.repeat(ISSUE_REPORT_BODY_LIMIT) });
    expect(res.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown order number', async () => {
    await refused(
      { order_number: 'B-00000000000' },
      'orderNumber',
      ISSUE_REPORT_MESSAGES.ORDER_NOT_FOUND,
    );
    // Even with a good screenshot: the order is checked in the same transaction, before a write.
    await refused(
      { order_number: `${orderNumber}9`, screenshot: b64(makePng()) },
      'orderNumber',
      ISSUE_REPORT_MESSAGES.ORDER_NOT_FOUND,
    );
  });

  it('refuses missing fields with the form messages', async () => {
    const before = await stored();
    const res = await call('POST', '/issue-reports/', alice, { title: ' ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      title: [ISSUE_REPORT_MESSAGES.TITLE_REQUIRED],
      description: [ISSUE_REPORT_MESSAGES.DESCRIPTION_REQUIRED],
      category: [ISSUE_REPORT_MESSAGES.CATEGORY_REQUIRED],
    });
    expect(await stored()).toEqual(before);
  });
});

describe('who sees and changes what', () => {
  let alices: number;
  let bobs: number;
  beforeAll(async () => {
    alices = (await file(alice, { title: 'Alice: slow search', category: 'customer' })).json().id;
    bobs = (
      await file(bob, { title: 'Bob: wrong total', category: 'order', screenshot: b64(makePng()) })
    ).json().id;
  });

  const titles = async (who: Record<string, string>, query = '') =>
    (await call('GET', `/issue-reports/${query}`, who))
      .json()
      .results.map((r: { title: string }) => r.title);

  it('shows a reporter their own reports only', async () => {
    const mine = await call('GET', '/issue-reports/?page_size=100', alice);
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().results as { reporter: { id: number }; title: string }[];
    expect(rows.length).toBe(mine.json().count);
    expect(rows.map((r) => r.title)).toContain('Alice: slow search');
    expect(rows.map((r) => r.title)).not.toContain('Bob: wrong total');
    expect(new Set(rows.map((r) => r.reporter.id)).size).toBe(1);
    // Someone else's report, its image and its thread are not there for her.
    expect((await call('GET', `/issue-reports/${bobs}/`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/issue-reports/${bobs}/screenshot/`, alice)).statusCode).toBe(404);
    const comment = await call('POST', `/issue-reports/${bobs}/comments/`, alice, {
      text: 'me too',
    });
    expect(comment.statusCode).toBe(404);
    // Asking for Bob's reports does not widen her list either.
    const bobId = (await call('GET', `/issue-reports/${bobs}/`, manager)).json().reporter.id;
    expect(await titles(alice, `?reporter=${bobId}`)).not.toContain('Bob: wrong total');
    expect(await titles(manager, `?reporter=${bobId}`)).toContain('Bob: wrong total');
  });

  it('lets a reporter not change the status (403), and leaves it as it was', async () => {
    const res = await call('PATCH', `/issue-reports/${alices}/`, alice, { status: 'resolved' });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `/issue-reports/${alices}/`, alice)).json().status).toBe('open');
  });

  it('shows a manager every report, filtered by status and category', async () => {
    const all = await titles(manager, '?page_size=100');
    expect(all).toEqual(expect.arrayContaining(['Alice: slow search', 'Bob: wrong total']));
    expect(await titles(manager, '?category=order')).toEqual(['Bob: wrong total']);
    const image = await call('GET', `/issue-reports/${bobs}/screenshot/`, manager);
    expect(image.statusCode).toBe(200);
  });

  it('lets a manager change the status, which the reporter then sees', async () => {
    const res = await call('PATCH', `/issue-reports/${bobs}/`, manager, { status: 'inProgress' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('inProgress');
    expect((await call('GET', `/issue-reports/${bobs}/`, bob)).json().status).toBe('inProgress');
    expect(await titles(manager, '?status=inProgress')).toEqual(['Bob: wrong total']);
    expect(await titles(manager, '?status=open')).not.toContain('Bob: wrong total');
    const bad = await call('PATCH', `/issue-reports/${bobs}/`, manager, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('PATCH', '/issue-reports/999999/', manager, { status: 'open' })).statusCode,
    ).toBe(404);
  });

  it('keeps a thread of comments by the reporter and a manager', async () => {
    const first = await call('POST', `/issue-reports/${bobs}/comments/`, bob, {
      text: 'Since Monday',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', `/issue-reports/${bobs}/comments/`, manager, {
      text: 'Looking',
    });
    expect(second.statusCode).toBe(201);
    const empty = await call('POST', `/issue-reports/${bobs}/comments/`, bob, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(ISSUE_REPORT_MESSAGES.COMMENT_REQUIRED);
    const detail = (await call('GET', `/issue-reports/${bobs}/`, bob)).json();
    expect(detail.comments.map((c: { text: string }) => c.text)).toEqual([
      'Since Monday',
      'Looking',
    ]);
    expect(detail.comments[0].author.fullName).toMatch(/^Test User/);
    expect((await f.t.db.select({ n: count() }).from(issueReportComments))[0]!.n).toBe(2);
  });
});
