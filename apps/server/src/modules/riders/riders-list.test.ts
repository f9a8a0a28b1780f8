import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riderShifts } from '../../db/schema/shifts';
import type { Geography, TestCtx } from '../../test/fixtures/riders.fixtures';
import { insertOrder, insertRider, riderToken } from '../../test/fixtures/riders.fixtures';
import { type StaffScenario, staffScenario } from '../../test/fixtures/riders.scenario';

let s: StaffScenario;
let t: TestCtx;
let geo: Geography;
let ids: Record<string, number>;
let viewer: string;
let adder: string;
const get = (url: string, tok = viewer) => s.get(url, tok);

beforeAll(async () => {
  s = await staffScenario();
  ({ t, geo, ids } = s);
  ({ viewer, adder } = s.tokens);
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; firstName: string };
type Page = { count: number; next: string | null; previous: string | null; results: Row[] };
const names = (p: Page) => p.results.map((r) => r.firstName);

describe('GET /entity/riders/', () => {
  it('lists every rider, newest first, with the Rider entity fields', async () => {
    const res = await get('/entity/riders/');
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.count).toBe(4);
    expect(names(page)).toEqual(['Usman', 'Bilal', 'Sana', 'Ali']);
    const ali = page.results.find((r) => r.id === ids.ali);
    expect(ali).toMatchObject({
      firstName: 'Ali',
      lastName: 'Raza',
      phone: '03001234567',
      phoneVerified: false,
      isOnline: true,
      isOnDuty: true,
      state: 1,
      cell: { id: geo.westCell.id, name: 'Gulberg West' },
      cityName: 'Lahore',
      battery: 80,
      networkState: true,
      profile: {
        region: { id: geo.gulberg.id, name: 'Gulberg' },
        vertical: { name: 'blood' },
        state: 1,
        mobileModel: 'Pixel 7',
        appVersion: '2.5.0',
        isUsingLatestApp: true,
      },
    });
    expect(page.results.find((r) => r.id === ids.sana)).toMatchObject({
      profile: { isUsingLatestApp: false },
    });
  });

  it('pages with page_size and links carrying the page', async () => {
    const first = (await get('/entity/riders/?page_size=3')).json() as Page;
    expect(first.results).toHaveLength(3);
    expect(first.previous).toBeNull();
    expect(new URL(first.next!).searchParams.get('page')).toBe('2');
    const second = (await get('/entity/riders/?page_size=3&page=2')).json() as Page;
    expect(names(second)).toEqual(['Ali']);
    expect(second.next).toBeNull();
  });

  it('filters by regions, online, covid, wildcard and states', async () => {
    const q = async (qs: string) => names((await get(`/entity/riders/?${qs}`)).json());
    expect(await q(`regions=${geo.gulberg.id}`)).toEqual(['Sana', 'Ali']);
    expect(await q(`regions=${geo.gulberg.id},${geo.dha.id}`)).toEqual(['Bilal', 'Sana', 'Ali']);
    expect(await q('is_online=true')).toEqual(['Usman', 'Bilal', 'Ali']);
    expect(await q('is_online=false')).toEqual(['Sana']);
    expect(await q('is_covid=true')).toEqual(['Sana']);
    expect(await q('is_wildcard=true')).toEqual(['Bilal']);
    expect(await q('states=3')).toEqual(['Usman', 'Bilal']);
    expect(await q('states=0,1')).toEqual(['Sana', 'Ali']);
    expect(await q('ordering=first_name')).toEqual(['Ali', 'Bilal', 'Sana', 'Usman']);
  });

  it('searches phone, first, last and full name case-insensitively; a backslash matches nothing', async () => {
    const q = async (s: string) =>
      names((await get(`/entity/riders/?search=${encodeURIComponent(s)}`)).json());
    expect(await q('ali raza')).toEqual(['Ali']);
    expect(await q('KHAN')).toEqual(['Sana']);
    expect(await q('bil')).toEqual(['Bilal']);
    expect(await q('7654')).toEqual(['Sana']);
    expect(await q('0300123')).toEqual(['Ali']);
    expect(await q('a\\')).toEqual([]);
    expect(await q('%')).toEqual([]);
    expect(await q('zzz')).toEqual([]);
  });

  it('is refused without Can view rider, and to riders', async () => {
    expect((await get('/entity/riders/', adder)).statusCode).toBe(403);
    const rider = await insertRider(t.db, { regionId: geo.dha.id });
    expect((await get('/entity/riders/', await riderToken(t.app, rider))).statusCode).toBe(403);
    ids.spare = rider.id;
  });
});

describe('pickers and dashboard lists', () => {
  it('riders-np lists the active riders of the regions, by name', async () => {
    const res = await get(`/entity/riders-np/?regions=${geo.gulberg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { firstName: string }) => r.firstName)).toEqual(['Ali', 'Sana']);
  });

  it('rider-search matches like the list', async () => {
    const res = await get(`/entity/rider-search/?search=raza&regions=${geo.gulberg.id}`);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([ids.ali]);
    expect((await get('/entity/rider-search/?search=%5C')).json()).toEqual([]);
  });

  it('online-riders lists only online riders with lastSeenAt', async () => {
    const res = await get(`/entity/online-riders/?regions=${geo.gulberg.id},${geo.dha.id}`);
    const rows = res.json() as { firstName: string; lastSeenAt: string | null }[];
    expect(rows.map((r) => r.firstName)).toEqual(['Ali', 'Bilal']);
    expect(rows[0]!.lastSeenAt).toMatch(/T/);
  });
});

describe('rider detail, location, stats and history', () => {
  it('GET /entity/rider/{id}/ answers the rider, 404 for anyone else', async () => {
    const res = await get(`/entity/rider/${ids.bilal}/`);
    expect(res.json()).toMatchObject({
      id: ids.bilal,
      isWildcard: true,
      cell: null,
      battery: null,
    });
    expect((await get('/entity/rider/999999/')).json()).toEqual({ detail: 'Not found.' });
  });

  it('GET /entity/rider_location/{id}/ answers the last known position', async () => {
    const res = await get(`/entity/rider_location/${ids.ali}/`);
    expect(res.json()).toMatchObject({
      id: ids.ali,
      latitude: 31.5,
      longitude: 74.33,
      lastKnownLatitude: 31.5,
      lastKnownLongitude: 74.33,
    });
  });

  it('GET /stats/rider/ counts available and busy riders on duty or in a running shift', async () => {
    expect((await get(`/stats/rider/?region_id=${geo.gulberg.id}`)).json()).toEqual({
      available: 1,
      busy: 0,
    });
    expect((await get(`/stats/rider/?region_id=${geo.dha.id}`)).json()).toEqual({
      available: 0,
      busy: 1,
    });
    // Sana is off duty but in a shift in progress: counted, though not available (offline).
    await t.db.insert(riderShifts).values({
      riderId: ids.sana!,
      regionId: geo.gulberg.id,
      startDatetime: new Date(Date.now() - 3_600_000),
      endDatetime: new Date(Date.now() + 3_600_000),
      state: 'in-progress',
    });
    expect((await get('/stats/rider/')).json()).toEqual({ available: 1, busy: 2 });
  });

  it('GET /orders/history/rider/ pages the rider orders, newest pickup first', async () => {
    const older = await insertOrder(t.db, {
      regionId: geo.dha.id,
      riderId: ids.spare,
      state: 'delivered',
      pickup: new Date('2025-01-01T05:00:00Z'),
    });
    const newer = await insertOrder(t.db, {
      regionId: geo.dha.id,
      riderId: ids.spare,
      state: 'cancelled',
      pickup: new Date('2025-02-01T05:00:00Z'),
    });
    const res = await get(`/orders/history/rider/?rider_id=${ids.spare}&page_size=1`);
    const page = res.json() as Page;
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: newer.id,
        number: newer.number,
        state: 'cancelled',
        pickup: '2025-02-01T10:00:00+05:00',
        address: newer.address,
      },
    ]);
    const next = (
      await get(`/orders/history/rider/?rider_id=${ids.spare}&page_size=1&page=2`)
    ).json();
    expect(next.results[0].id).toBe(older.id);
    expect((await get(`/orders/history/rider/?rider_id=${ids.ali}`)).json().count).toBe(0);
  });
});
