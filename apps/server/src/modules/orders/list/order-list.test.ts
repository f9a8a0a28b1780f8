import { ORDER_LIST_COUNT_CAP } from '@dastak/core/constants';
import { ID_MAX } from '@dastak/core/entities/common';
import { orderListPageSchema } from '@dastak/core/entities/order-queries';
import { orderListItemSchema } from '@dastak/core/entities/orders';
import { ERRORS, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../../db/schema/customers';
import { lookups } from '../../../db/schema/lookups';
import { orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { riderProfiles } from '../../../db/schema/riders';
import {
  api,
  createFixtures,
  createRider,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../../test/test-app';

/**
 * GET /orders/{vertical}/ and its siblings through the app on a real database: a handful of
 * orders in one pickup day, each differing from the others in the filters it should answer to.
 */

let f: Fixtures;
const HOUR = 3_600_000;
// A whole Karachi day two days ahead: the window every filter test narrows within.
const day = startOfKarachiDay(new Date(Date.now() + 2 * 24 * HOUR));
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);
const window = `pickup_from=${encodeURIComponent(toKarachiIso(day))}&pickup_to=${encodeURIComponent(toKarachiIso(at(23.99)))}`;

const o: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'x', { id: number; number: string }> = {} as never;
let riderB: Awaited<ReturnType<typeof createRider>>;
let wildcardRider: Awaited<ReturnType<typeof createRider>>;
let homeType: number;
let otherCreator: number;

async function set(id: number, patch: Partial<typeof orders.$inferInsert>) {
  await f.t.db.update(orders).set(patch).where(eq(orders.id, id));
}

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  for (const key of ['a', 'b', 'c', 'd', 'e'] as const) o[key] = await placeOrder(f);
  o.x = await placeOrder(f, 'xray');
  riderB = await createRider(f);
  wildcardRider = await createRider(f);
  await f.t.db
    .update(riderProfiles)
    .set({ isWildcard: true })
    .where(eq(riderProfiles.userId, wildcardRider.id));
  const [type] = await f.t.db
    .insert(lookups)
    .values({ kind: 'addressType', text: 'Home' })
    .returning();
  homeType = type!.id;
  otherCreator = (await createUser(f.t, [])).id;

  // created decreases a -> e, so '-created' lists a first; pickups go a, b, c, e (d is next day).
  const created = (n: number) => new Date(Date.now() - n * HOUR);
  await set(o.a.id, {
    pickup: at(9),
    created: created(1),
    needsReview: true,
    addressTypeId: homeType,
    state: 'needsAssignment',
    isFasting: false,
  });
  await set(o.b.id, {
    pickup: at(10),
    created: created(2),
    regionId: f.otherBloodRegion,
    urgentDelivery: true,
    isFasting: true,
    isMedicineAndSpecificTime: true,
    state: 'assigned',
    assignedRiderId: riderB.id,
    wasManualAssigned: true,
  });
  await set(o.c.id, {
    pickup: at(11),
    created: created(3),
    state: 'problem',
    problemStringId: f.lookups.problem,
    totalFollowUps: 3,
    isFollowUpAddressed: true,
    isCovid: true,
    isFasting: false,
    isUnverifiedByRider: true,
    assignedRiderId: wildcardRider.id,
    wasAutoAssigned: true,
  });
  await set(o.d.id, {
    pickup: at(26),
    created: created(4),
    orderType: 2,
    fulfillmentMethod: 'offline',
    createdById: otherCreator,
    state: 'scheduled',
  });
  await set(o.e.id, {
    pickup: at(12),
    created: created(5),
    state: 'unverified',
    isUnverified: true,
    isFasting: false,
    totalFollowUps: 1,
    createdById: otherCreator,
  });
  await set(o.x.id, { pickup: at(9) });
});
afterAll(() => f.t.close());

async function list(query: string, vertical = 'blood') {
  const res = await api(f).get(`/orders/${vertical}/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // The route writes its body unvalidated (lib/plain-json.ts): it must be exactly the schema's,
  // no field missing, mistyped or extra (the parse would drop an extra one).
  expect(orderListPageSchema.parse(res.json())).toEqual(res.json());
  return res.json() as {
    count: number;
    countIsCapped: boolean;
    next: string | null;
    previous: string | null;
    results: { id: number; number: string; pickup: string; created: string }[];
  };
}

/**
 * The database writes the list's items (migration 0015, order_list_items); the order detail's
 * TypeScript writes the same fields, and they must agree to the character, but for the phone:
 * the list shows the booking customer's where the patient has none.
 */
async function expectItemsAsTheDetail(query: string) {
  const items = (await list(query)).results;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const detail = (await api(f).get(`/orders/blood/${item.id}/`)).json();
    const same = orderListItemSchema.parse(detail);
    same.patient.phone ??= detail.customer.phone;
    expect(same).toEqual(item);
  }
}

const ids = async (query: string, vertical = 'blood') =>
  (await list(query, vertical)).results.map((r) => r.id);

describe('GET /orders/{vertical}/ filters', () => {
  it('the pickup window holds the day: -created by default, the other vertical apart', async () => {
    const page = await list(window);
    expect(page.results.map((r) => r.id)).toEqual([o.a.id, o.b.id, o.c.id, o.e.id]);
    expect(page).toMatchObject({ count: 4, countIsCapped: false, next: null, previous: null });
    expect(await ids(window, 'xray')).toEqual([o.x.id]);
  });

  it('answers rows as the list shows them: Karachi times, patient, region, rider', async () => {
    const page = await list(`${window}&rider=${riderB.id}`);
    const row = page.results[0] as unknown as Record<string, unknown>;
    expect(row).toMatchObject({
      id: o.b.id,
      number: o.b.number,
      state: 'assigned',
      pickup: toKarachiIso(at(10)),
      region: f.otherBloodRegion,
      regionName: 'DHA',
      assignedRider: { id: riderB.id, name: riderB.name },
      urgentDelivery: true,
      isFasting: true,
      isMedicineAndSpecificTime: true,
      needsReview: false,
      vertical: 'blood',
      patient: { id: f.patientId, firstName: 'Ayesha', lastName: 'Khan', phone: '03001234567' },
    });
    expect(row.created).toMatch(/\+05:00$/);
    await expectItemsAsTheDetail(window);
  });

  it('writes every kind of patient, name and time as the order detail does', async () => {
    // Another day, so the other tests' windows keep their orders.
    const other = startOfKarachiDay(new Date(day.getTime() + 3 * 24 * HOUR));
    const otherWindow = `pickup_from=${encodeURIComponent(toKarachiIso(other))}&pickup_to=${encodeURIComponent(toKarachiIso(new Date(other.getTime() + 23 * HOUR)))}`;
    const [{ customerId } = { customerId: 0 }] = await f.t.db
      .select({ customerId: patients.customerId })
      .from(patients)
      .where(eq(patients.id, f.patientId));
    const kinds: Partial<typeof patients.$inferInsert>[] = [
      {
        firstName: 'Bilal',
        age: 1,
        ageUnit: 'MONTHS',
        secondaryPhone: '',
        email: '',
        cardNumber: '',
      },
      {
        firstName: 'Zara "Zee"',
        lastName: 'O\\Neil\nKhan',
        age: 2,
        ageUnit: 'DAYS',
        phone: '03111111111',
      },
      {
        firstName: 'نور',
        lastName: 'Ali\u0001',
        age: null,
        ageUnit: 'DAYS',
        email: 'n@x.pk',
        cardNumber: 'MR-7',
      },
      { firstName: 'Omar', age: 1, ageUnit: 'YEARS', secondaryPhone: '03222222222', gender: 2 },
    ];
    for (const [n, kind] of kinds.entries()) {
      const [patient] = await f.t.db
        .insert(patients)
        .values({ customerId, firstName: '', ...kind })
        .returning();
      const order = await placeOrder(f, 'blood', { patient: patient!.id });
      // Microseconds (the column keeps them; the API shows milliseconds), whole seconds, and a
      // time that is 23:xx in Karachi but the day before in UTC.
      const created = [
        '2026-03-01 10:00:00.123999+00',
        '2026-03-01 10:00:00+00',
        '2026-03-01 18:30:00.5+00',
      ][n % 3];
      await f.t.db.execute(
        sql`update orders set created = ${created}::timestamptz, pickup = ${new Date(other.getTime() + (9 + n) * HOUR)} where id = ${order.id}`,
      );
    }
    const page = await list(otherWindow);
    expect(page.results).toHaveLength(kinds.length);
    await expectItemsAsTheDetail(otherWindow);
    const created = page.results.map((r) => r.created).sort();
    expect(created).toEqual([
      '2026-03-01T15:00:00+05:00',
      '2026-03-01T15:00:00.123+05:00',
      '2026-03-01T15:00:00.123+05:00',
      '2026-03-01T23:30:00.500+05:00',
    ]);
  });

  const cases: [string, () => number[]][] = [
    // An id no row has (0 is refused as no id at all: 400, ADR 0019).
    [`regions=${ID_MAX}`, () => []],
    ['states=problem,unverified', () => [o.c.id, o.e.id]],
    ['needs_review=true', () => [o.a.id]],
    ['needs_review=false', () => [o.b.id, o.c.id, o.e.id]],
    ['was_auto_assigned=true', () => [o.c.id]],
    ['was_manual_assigned=true', () => [o.b.id]],
    ['is_covid=true', () => [o.c.id]],
    ['follow_up=true', () => [o.c.id, o.e.id]],
    ['follow_up=false', () => [o.a.id, o.b.id]],
    ['more_than_follow_ups=2', () => [o.c.id]],
    ['is_follow_up_addressed=true', () => [o.c.id]],
    ['is_unverified_by_rider=true', () => [o.c.id]],
    ['is_fasting=true', () => [o.b.id]],
    ['urgent_delivery=true', () => [o.b.id]],
    ['is_medicine_and_specific_time=true', () => [o.b.id]],
    ['is_wildcard=true', () => [o.c.id]],
    ['is_wildcard=false', () => [o.a.id, o.b.id, o.e.id]],
    ['is_online=true', () => [o.a.id, o.b.id, o.c.id, o.e.id]],
    ['fulfillment_method=online', () => [o.a.id, o.b.id, o.c.id, o.e.id]],
    [`states=needsAssignment&needs_review=true&address_types=${ID_MAX}`, () => []],
  ];
  it.each(cases)('%s narrows the day', async (query, expected) => {
    expect(await ids(`${window}&${query}`)).toEqual(expected());
  });

  it('regions, rider, created by, problem and address types narrow to their orders', async () => {
    expect(await ids(`${window}&regions=${f.otherBloodRegion}`)).toEqual([o.b.id]);
    expect(await ids(`${window}&regions=${f.bloodRegion},${f.otherBloodRegion}`)).toHaveLength(4);
    expect(await ids(`${window}&rider=${wildcardRider.id}`)).toEqual([o.c.id]);
    expect(await ids(`${window}&created_by=${otherCreator}`)).toEqual([o.e.id]);
    expect(await ids(`${window}&problem_string=${f.lookups.problem}`)).toEqual([o.c.id]);
    expect(await ids(`${window}&address_types=${homeType}`)).toEqual([o.a.id]);
  });

  it('without a window: offline, hospital orders and the next day are found too', async () => {
    expect(await ids('fulfillment_method=offline')).toEqual([o.d.id]);
    expect(await ids('is_online=false')).toEqual([o.d.id]);
    expect(
      await ids(
        `pickup_from=${encodeURIComponent(toKarachiIso(at(24)))}&pickup_to=${encodeURIComponent(toKarachiIso(at(47)))}`,
      ),
    ).toEqual([o.d.id]);
  });

  it('searches the order number, case-insensitively; a backslash matches nothing', async () => {
    expect(await ids(`search=${o.c.number.toLowerCase()}`)).toEqual([o.c.id]);
    expect(await ids(`${window}&search=${encodeURIComponent(' b- ')}`)).toHaveLength(4);
    expect(await ids(`search=${encodeURIComponent(o.c.number.slice(-4))}`)).toContain(o.c.id);
    const none = await list(`search=${encodeURIComponent('B-\\')}`);
    expect(none).toMatchObject({ count: 0, results: [], next: null });
    expect((await list('search=%25')).count).toBe(0);
  });

  it('refuses a pickup from after pickup to with both spec messages', async () => {
    const res = await api(f).get(
      `/orders/blood/?pickup_from=${encodeURIComponent(toKarachiIso(at(5)))}&pickup_to=${encodeURIComponent(toKarachiIso(at(4)))}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: VALIDATION.PICKUP_FROM_AFTER_TO,
      errors: {
        pickupFrom: [VALIDATION.PICKUP_FROM_AFTER_TO],
        pickupTo: [VALIDATION.PICKUP_TO_BEFORE_FROM],
      },
    });
    expect((await api(f).get('/orders/blood/?states=lost')).statusCode).toBe(400);
  });
});

describe('GET /orders/{vertical}/ ordering and paging', () => {
  it('sorts by collection time either way, by created, and breaks ties by id', async () => {
    expect(await ids(`${window}&ordering=pickup`)).toEqual([o.a.id, o.b.id, o.c.id, o.e.id]);
    expect(await ids(`${window}&ordering=-pickup`)).toEqual([o.e.id, o.c.id, o.b.id, o.a.id]);
    expect(await ids(`${window}&ordering=created`)).toEqual([o.e.id, o.c.id, o.b.id, o.a.id]);
    expect(await ids(`${window}&ordering=nonsense`)).toEqual([o.a.id, o.b.id, o.c.id, o.e.id]);
    await set(o.b.id, { pickup: at(9) });
    expect(await ids(`${window}&ordering=pickup`)).toEqual([o.a.id, o.b.id, o.c.id, o.e.id]);
    expect(await ids(`${window}&ordering=-pickup`)).toEqual([o.e.id, o.c.id, o.b.id, o.a.id]);
    await set(o.b.id, { pickup: at(10) });
  });

  it('pages with next and previous links carrying the page parameter', async () => {
    const first = await list(`${window}&ordering=pickup&page_size=3`);
    expect(first.count).toBe(4);
    expect(first.results.map((r) => r.id)).toEqual([o.a.id, o.b.id, o.c.id]);
    const next = new URL(first.next as string);
    expect(next.searchParams.get('page')).toBe('2');
    const second = await list(next.search.slice(1));
    expect(second.results.map((r) => r.id)).toEqual([o.e.id]);
    expect(second.next).toBeNull();
    expect(new URL(second.previous as string).searchParams.get('page')).toBe('1');
  });

  it(`counts at most ${ORDER_LIST_COUNT_CAP} matches and flags the cap; next pages go on`, async () => {
    const far = startOfKarachiDay(new Date(day.getTime() + 10 * 24 * HOUR));
    // Left in place (deleting orders checks every referencing table): later tests use other days.
    const [rest] = await f.t.db.select().from(orders).where(eq(orders.id, o.a.id));
    await f.t.db.execute(sql`
      insert into ${orders} (number, vertical, state, pickup, region_id, customer_id, patient_id, address)
      select 'B-CAP' || g, 'blood', 'scheduled', ${far.toISOString()}::timestamptz + g * interval '1 second',
        ${rest!.regionId}, ${rest!.customerId}, ${rest!.patientId}, 'bulk'
      from generate_series(1, ${ORDER_LIST_COUNT_CAP + 5}) g`);
    const q = `pickup_from=${encodeURIComponent(toKarachiIso(far))}&ordering=pickup&page_size=100`;
    const page = await list(q);
    expect(page).toMatchObject({ count: ORDER_LIST_COUNT_CAP, countIsCapped: true });
    expect(page.results[0]?.number).toBe('B-CAP1');
    const lastPage = ORDER_LIST_COUNT_CAP / 100 + 1;
    const last = await list(`${q}&page=${lastPage}`);
    expect(last.results.map((r) => r.number)).toEqual(
      [1, 2, 3, 4, 5].map((k) => `B-CAP${ORDER_LIST_COUNT_CAP + k}`),
    );
    expect(last.next).toBeNull();
    const beforeLast = await list(`${q}&page=${lastPage - 1}`);
    expect(new URL(beforeLast.next as string).searchParams.get('page')).toBe(String(lastPage));
    // Below the cap the count is exact again.
    const needle = `CAP${ORDER_LIST_COUNT_CAP}`;
    const expected = Array.from(
      { length: ORDER_LIST_COUNT_CAP + 5 },
      (_, k) => `B-CAP${k + 1}`,
    ).filter((n) => n.includes(needle)).length;
    const exact = await list(`${q}&states=scheduled&search=${needle}`);
    expect(exact).toMatchObject({ count: expected, countIsCapped: false });
  });
});

describe('GET /orders/{vertical}/states/ and /orders/blood/unverified/', () => {
  it('lists the state names with the first letter lowercased', async () => {
    const res = await api(f).get('/orders/xray/states/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      'unverified',
      'scheduled',
      'needsAssignment',
      'assigned',
      'reached',
      'collected',
      'delivered',
      'problem',
      'offlineInProgress',
      'cancelled',
    ]);
  });

  it('lists unverified blood orders with search, regions, window and ordering', async () => {
    const res = await api(f).get('/orders/blood/unverified/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, countIsCapped: false, next: null });
    expect(orderListPageSchema.parse(res.json())).toEqual(res.json());
    expect(res.json().results[0]).toMatchObject({ id: o.e.id, state: 'unverified' });
    const u = async (q: string) =>
      (await api(f).get(`/orders/blood/unverified/?${q}`))
        .json()
        .results.map((r: { id: number }) => r.id);
    expect(await u(`search=${o.e.number.toLowerCase()}`)).toEqual([o.e.id]);
    expect(await u(`search=${o.a.number}`)).toEqual([]);
    expect(await u('search=%5C')).toEqual([]);
    expect(await u(`regions=${f.otherBloodRegion}`)).toEqual([]);
    expect(await u(`regions=${f.bloodRegion}&${window}&ordering=-pickup`)).toEqual([o.e.id]);
    expect(await u(`pickup_to=${encodeURIComponent(toKarachiIso(at(11)))}`)).toEqual([]);
  });

  it('static paths are not taken for an order id', async () => {
    for (const path of ['states', 'csv', 'send-order-listing-email']) {
      const res = await api(f).get(`/orders/blood/${path}/`);
      expect(res.statusCode, path).not.toBe(404);
    }
    const detail = await api(f).get(`/orders/blood/${o.a.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().id).toBe(o.a.id);
  });
});

describe('permissions', () => {
  it('lists need the view permission; CSV and email need CAN_DOWNLOAD_ORDER_LISTING', async () => {
    const none = await tokenWith(f.t, []);
    const viewer = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_ORDER]);
    for (const url of ['/orders/blood/', '/orders/blood/states/', '/orders/blood/unverified/']) {
      expect((await api(f).get(url, none)).statusCode, url).toBe(403);
      expect((await api(f).get(url, viewer)).statusCode, url).toBe(200);
    }
    for (const url of ['/orders/blood/csv/', '/orders/xray/send-order-listing-email/']) {
      const res = await api(f).get(url, viewer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toBe(ERRORS.PERMISSION_DENIED);
    }
    expect(
      (await f.t.app.inject({ method: 'GET', url: '/api/v1/orders/blood/csv/' })).statusCode,
    ).toBe(401);
  });
});

describe('CSV and the listing email', () => {
  const permissions = [PERMISSIONS.CAN_VIEW_ORDER, PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING];
  const downloader = () => tokenWith(f.t, permissions);

  it('streams the filter set as a CSV attachment with formula cells made harmless', async () => {
    await set(o.b.id, { address: '=HYPERLINK("http://x"), "Block C"' });
    const [p] = await f.t.db
      .insert(patients)
      .values({ customerId: f.customerId, firstName: '@SUM(A1)', lastName: 'Ali', phone: '-1' })
      .returning();
    await set(o.c.id, { patientId: p!.id });
    const res = await api(f).get(
      `/orders/blood/csv/?${window}&ordering=pickup`,
      await downloader(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="blood-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Order Number,Patient,Phone,Address,Region,Rider,Status,Collection Time,Reviewed,Follow Up Addressed,Created,Tubes',
    );
    expect(lines).toHaveLength(6); // header, four orders, the final line break
    expect(lines[1]).toMatch(
      new RegExp(
        `^${o.a.number},Ayesha Khan,03001234567,"12 Main Boulevard, Gulberg",Gulberg,,Needs Assignment,\\d{4}-\\d{2}-\\d{2} 09:00,Yes,No,`,
      ),
    );
    expect(lines[2]).toContain(
      `${o.b.number},Ayesha Khan,03001234567,"'=HYPERLINK(""http://x""), ""Block C""",DHA,${riderB.name},Assigned,`,
    );
    expect(lines[3]).toContain(`${o.c.number},'@SUM(A1) Ali,'-1,`);
    expect(lines[3]).toContain(',Problem,');
    expect(lines[3]).toMatch(/,No,Yes,/);
    await set(o.b.id, { address: '12 Main Boulevard, Gulberg' });
    await set(o.c.id, { patientId: f.patientId });
  });

  it('reads every match in batches, past the list cap, in order', async () => {
    const far = startOfKarachiDay(new Date(day.getTime() + 20 * 24 * HOUR));
    // 2,500 orders, several sharing each second: the keyset must neither skip nor repeat.
    await f.t.db.execute(sql`
      insert into ${orders} (number, vertical, state, pickup, region_id, customer_id, patient_id, address)
      select 'B-CSV' || g, 'blood', 'scheduled', ${far.toISOString()}::timestamptz + (g / 7) * interval '1 second',
        ${f.bloodRegion}, ${f.customerId}, ${f.patientId}, 'bulk'
      from generate_series(1, 2500) g`);
    const q = `pickup_from=${encodeURIComponent(toKarachiIso(far))}`;
    const token = await downloader();
    for (const ordering of ['pickup', '-pickup', '-created']) {
      const res = await api(f).get(`/orders/blood/csv/?${q}&ordering=${ordering}`, token);
      const numbers = res.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => Number(l.split(',')[0]!.slice(5)));
      expect(numbers, ordering).toHaveLength(2500);
      expect(new Set(numbers).size).toBe(2500);
      if (ordering === 'pickup') expect(numbers.slice(0, 3)).toEqual([1, 2, 3]);
      if (ordering === '-pickup') expect(numbers.slice(0, 3)).toEqual([2500, 2499, 2498]);
    }
    const empty = await api(f).get('/orders/blood/csv/?search=%5C', token);
    expect(empty.body).toBe(
      'Order Number,Patient,Phone,Address,Region,Rider,Status,Collection Time,Reviewed,Follow Up Addressed,Created,Tubes\r\n',
    );
  });

  it('emails the CSV to the asking user through the outbox', async () => {
    const user = await createUser(f.t, permissions);
    const token = bearer((await login(f.t.app, user.email, user.password)).token);
    const { email } = user;
    const res = await api(f).get(
      `/orders/blood/send-order-listing-email/?${window}&needs_review=true`,
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SUCCESS.ORDER_LISTING_EMAIL });
    const rows = await f.t.db.select().from(outbox);
    const mail = rows.find((r) => (r.payload as { to: string }).to === email);
    expect(mail?.kind).toBe('email');
    const payload = mail!.payload as {
      subject: string;
      attachments: { filename: string; content: string; contentType: string }[];
    };
    expect(payload.subject).toMatch(/^BLOOD orders \d{4}-\d{2}-\d{2}$/);
    expect(payload.attachments).toHaveLength(1);
    expect(payload.attachments[0]).toMatchObject({
      filename: expect.stringMatching(/^blood-orders-.*\.csv$/),
      contentType: 'text/csv',
    });
    const lines = payload.attachments[0]!.content.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${o.a.number},`));
  });
});
