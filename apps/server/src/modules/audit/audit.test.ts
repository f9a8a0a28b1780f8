import type { AuditEvent } from '@dastak/core/entities/audit';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { outbox } from '../../db/schema/outbox';
import { type AuditRow, auditRowsWhere } from '../../test/fixtures/audit.fixtures';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login, randomAddress } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let f: Fixtures;
/** The reader of the trail: only the audit permission. */
let auditor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixtures(t);
  auditor = await tokenWith(t, [PERMISSIONS.CAN_VIEW_AUDIT_TRAIL]);
});
afterAll(() => t.close());

const rowsWhere = (match: (r: AuditRow) => boolean, atLeast = 1) =>
  auditRowsWhere(t.db, match, atLeast);

const auth = (url: string, payload: object, remoteAddress = randomAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress });

const readTrail = (query: string, headers = auditor) =>
  t.app.inject({ method: 'GET', url: `/api/v1/audit-events/?${query}`, headers });

describe('sign-in events', () => {
  it('records a login with the user and address, and a failed one with the email tried', async () => {
    const u = await createUser(t);
    const ok = await auth('/login/', { email: u.email, password: u.password }, '127.0.0.3');
    expect(ok.statusCode).toBe(200);
    const bad = await auth('/login/', { email: u.email, password: 'wrong-one' }, '127.0.0.2');
    expect(bad.statusCode).toBe(400);
    const nobody = await auth('/login/', { email: 'ghost@test.local', password: 'guess-1' });
    expect(nobody.statusCode).toBe(400);

    const [success] = await rowsWhere((r) => r.type === 'login' && r.agentId === u.id);
    expect(success).toMatchObject({
      action: 'E',
      outcome: '0',
      agentName: u.email,
      agentAddress: '127.0.0.3',
      entityType: 'User',
      entityId: String(u.id),
    });
    const [failed] = await rowsWhere(
      (r) => r.type === 'login' && r.outcome === '4' && r.entityId === String(u.id),
    );
    expect(failed).toMatchObject({
      agentId: null,
      agentAddress: '127.0.0.2',
      outcomeDesc: 'HTTP 400',
      detail: { email: u.email },
    });
    const [unknown] = await rowsWhere(
      (r) => r.type === 'login' && (r.detail as { email?: string })?.email === 'ghost@test.local',
    );
    expect(unknown).toMatchObject({ outcome: '4', agentId: null, entityId: null });
  });

  it('records a reset request and the reset it completes, and a reset with a bad link', async () => {
    const u = await createUser(t);
    expect((await auth('/password-reset-request/', { email: u.email })).statusCode).toBe(200);
    const [requested] = await rowsWhere(
      (r) => r.type === 'password-reset-request' && r.entityId === String(u.id),
    );
    expect(requested).toMatchObject({ action: 'E', outcome: '0', detail: { email: u.email } });

    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'email'));
    const token = mails
      .map((m) => m.payload as { to: string; text: string })
      .find((p) => p.to === u.email)
      ?.text.match(/\/app\/password-reset\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const done = await auth('/password-reset/', { token, password: 'brand-new-pw' });
    expect(done.statusCode).toBe(200);
    const [reset] = await rowsWhere(
      (r) => r.type === 'password-reset' && r.entityId === String(u.id),
    );
    expect(reset).toMatchObject({ action: 'U', outcome: '0', agentId: u.id, agentName: u.email });

    const forged = await auth('/password-reset/', { token: 'x'.repeat(43), password: 'pw-123456' });
    expect(forged.statusCode).toBe(400);
    const [refused] = await rowsWhere(
      (r) => r.type === 'password-reset' && r.outcome === '4' && r.entityId === null,
    );
    expect(refused).toMatchObject({ agentId: null, outcomeDesc: 'HTTP 400' });
  });
});

describe('exports', () => {
  it('records each order CSV and listing email: who, the filter, how many rows', async () => {
    await placeOrder(f);
    await placeOrder(f);
    await placeOrder(f, 'xray');
    const downloader = await createUser(t, [PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING]);
    const headers = bearer((await login(t.app, downloader.email, downloader.password)).token);
    const csv = await api(f).get(
      '/orders/blood/csv/?states=needsAssignment,scheduled&page=3',
      headers,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n').length - 1;
    expect(lines).toBeGreaterThanOrEqual(2);
    const mail = await api(f).get('/orders/xray/send-order-listing-email/?search=', headers);
    expect(mail.statusCode).toBe(200);

    const rows = await rowsWhere((r) => r.type === 'export' && r.agentId === downloader.id, 2);
    expect(rows.map((r) => [r.entityType, r.entityId, r.query, r.detail])).toEqual([
      ['Order', 'xray', { search: '' }, { format: 'email', rows: 1 }],
      ['Order', 'blood', { states: 'needsAssignment,scheduled' }, { format: 'csv', rows: lines }],
    ]);
    expect(rows[1]).toMatchObject({ action: 'E', outcome: '0', agentName: downloader.email });
  });

  it('records attendance CSVs and emails and report CSVs', async () => {
    const who = await createUser(t, [
      PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING,
      PERMISSIONS.CAN_VIEW_REPORTS,
    ]);
    const headers = bearer((await login(t.app, who.email, who.password)).token);
    const day = karachiDateString(new Date());
    const q = `date_from=${day}&date_to=${day}`;
    for (const url of [
      `/shift/rider-shifts/csv/?${q}`,
      `/shift/send_attendance_listing_email/?${q}`,
      `/reports/blood/orders-by-day/csv/?${q}`,
    ]) {
      expect((await api(f).get(url, headers)).statusCode, url).toBe(200);
    }
    const rows = await rowsWhere((r) => r.type === 'export' && r.agentId === who.id, 3);
    expect(rows.map((r) => [r.entityType, r.entityId, r.query, r.detail])).toEqual([
      ['Report', 'orders-by-day', { date_from: day, date_to: day }, { format: 'csv', rows: 1 }],
      ['Attendance', null, { date_from: day, date_to: day }, { format: 'email', rows: 0 }],
      ['Attendance', null, { date_from: day, date_to: day }, { format: 'csv', rows: 0 }],
    ]);
  });
});

describe('detail opens', () => {
  it("records a customer's detail and a patient's (the order page) with who opened it", async () => {
    const viewer = await createUser(t, [PERMISSIONS.CAN_VIEW_CUSTOMER, PERMISSIONS.CAN_VIEW_ORDER]);
    const headers = bearer((await login(t.app, viewer.email, viewer.password)).token);
    const order = await placeOrder(f);
    expect((await api(f).get(`/entity/customer/${f.customerId}/`, headers)).statusCode).toBe(200);
    expect((await api(f).get(`/orders/blood/${order.id}/`, headers)).statusCode).toBe(200);
    // A refused or missing detail shows nothing, so it records no open.
    expect((await api(f).get('/entity/customer/999999/', headers)).statusCode).toBe(404);

    const rows = await rowsWhere((r) => r.type === 'read' && r.agentId === viewer.id, 2);
    expect(rows.map((r) => [r.action, r.entityType, r.entityId, r.detail])).toEqual([
      ['R', 'Patient', String(f.patientId), { order: order.id }],
      ['R', 'Customer', String(f.customerId), null],
    ]);
  });
});

describe('GET /audit-events/', () => {
  it('filters by actor, action, type, entity and Karachi dates, newest first, paged', async () => {
    const viewer = await createUser(t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
    const headers = bearer((await login(t.app, viewer.email, viewer.password)).token);
    for (let i = 0; i < 3; i++) await api(f).get(`/entity/customer/${f.customerId}/`, headers);
    // Detail opens are written on the next turn of the event loop (audit-queue.ts).
    await rowsWhere((r) => r.type === 'read' && r.agentId === viewer.id, 3);

    const mine = await readTrail(`actor=${viewer.id}&page_size=2`);
    expect(mine.statusCode).toBe(200);
    const page = mine.json() as { count: number; next: string | null; results: AuditEvent[] };
    // The login and the three opens.
    expect(page.count).toBe(4);
    expect(page.next).toContain('page=2');
    expect(page.results).toHaveLength(2);
    expect(page.results[0]).toMatchObject({
      action: 'R',
      type: 'read',
      outcome: '0',
      agent: { id: viewer.id, name: viewer.email },
      entity: { type: 'Customer', id: String(f.customerId) },
    });
    expect(page.results[0]!.recorded).toMatch(/\+05:00$/);
    expect(page.results[0]!.id).toBeGreaterThan(page.results[1]!.id);

    const reads = await readTrail(`actor=${viewer.id}&action=R&entity_type=Customer`);
    expect(reads.json().count).toBe(3);
    const logins = await readTrail(`actor=${viewer.id}&type=login`);
    expect(logins.json().count).toBe(1);
    const byEntity = await readTrail(
      `entity_type=Customer&entity_id=${f.customerId}&actor=${viewer.id}`,
    );
    expect(byEntity.json().count).toBe(3);

    const today = karachiDateString(new Date());
    const inRange = await readTrail(`actor=${viewer.id}&date_from=${today}&date_to=${today}`);
    expect(inRange.json().count).toBe(4);
    const before = await readTrail(`actor=${viewer.id}&date_to=2020-01-01`);
    expect(before.json().count).toBe(0);
  });

  it('refuses bad filters with 400 and {detail}', async () => {
    for (const q of ['action=X', 'entity_type=Secret', 'date_from=2026-02-30', 'actor=abc']) {
      const res = await readTrail(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail, q).toBeTruthy();
    }
    const reversed = await readTrail('date_from=2026-03-02&date_to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
  });

  it('is for the audit permission only: staff without it get 403, riders 403, no token 401', async () => {
    const dispatcher = await tokenWith(t, [
      PERMISSIONS.CAN_MANAGE_STAFF,
      PERMISSIONS.CAN_VIEW_ORDER,
    ]);
    expect((await readTrail('', dispatcher)).statusCode).toBe(403);
    const rider = await createRider(f);
    expect((await readTrail('', rider.auth)).statusCode).toBe(403);
    expect((await readTrail('', {})).statusCode).toBe(401);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database, and offers no route that changes it', async () => {
    const [row] = await t.db.select().from(auditEvents).limit(1);
    expect(row).toBeTruthy();
    await expect(
      t.db.execute(sql`update audit_events set outcome = '4' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from audit_events where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [after] = await t.db.select().from(auditEvents).where(eq(auditEvents.id, row!.id));
    expect(after).toEqual(row);

    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/audit-events/${row!.id}/`,
        headers: auditor,
        payload: {},
      });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(404);
      expect(res.statusCode, method).toBeLessThan(500);
    }
  });
});
