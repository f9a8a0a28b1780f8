import { USER_TYPES } from '@dastak/core/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blacklistedAreas,
  cells,
  cities,
  collectionCenters,
  hotspots,
  regions,
} from '../../db/schema/locations';
import { lookups } from '../../db/schema/lookups';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
const square = (lat: number, lng: number, d = 0.05) => [
  { latitude: lat - d, longitude: lng - d },
  { latitude: lat - d, longitude: lng + d },
  { latitude: lat + d, longitude: lng + d },
  { latitude: lat + d, longitude: lng - d },
];

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t);
  token = (await login(t.app, u.email, u.password)).token;

  const [lahore] = await t.db
    .insert(cities)
    .values({
      name: 'Lahore',
      centerLatitude: 31.5204,
      centerLongitude: 74.3587,
      south: 31.27,
      west: 74.1,
      north: 31.72,
      east: 74.56,
      verticals: ['blood', 'xray'],
    })
    .returning();
  await t.db.insert(cities).values({
    name: 'Karachi',
    centerLatitude: 24.8607,
    centerLongitude: 67.0011,
    south: 24.75,
    west: 66.9,
    north: 25.1,
    east: 67.3,
    verticals: ['blood'],
  });
  const regionRows = await t.db
    .insert(regions)
    .values([
      {
        name: 'Gulberg',
        vertical: 'blood',
        cityId: lahore!.id,
        centerLatitude: 31.51,
        centerLongitude: 74.35,
        zoomLevel: 13,
        polygon: square(31.51, 74.35),
        isHyperlocalModeEnabled: true,
      },
      {
        name: 'DHA Lahore',
        vertical: 'blood',
        cityId: lahore!.id,
        centerLatitude: 31.47,
        centerLongitude: 74.4,
        polygon: square(31.47, 74.4),
      },
      {
        name: 'Lahore X-Ray',
        vertical: 'xray',
        cityId: lahore!.id,
        centerLatitude: 31.52,
        centerLongitude: 74.36,
        polygon: square(31.52, 74.36, 0.2),
      },
    ])
    .returning();
  const gulberg = regionRows[0]!;
  const [cell] = await t.db
    .insert(cells)
    .values({
      regionId: gulberg.id,
      name: 'Gulberg III',
      coordinates: square(31.51, 74.35, 0.01),
      centroidLatitude: 31.51,
      centroidLongitude: 74.35,
      minRiders: 2,
    })
    .returning();
  await t.db.insert(blacklistedAreas).values({
    regionId: gulberg.id,
    name: 'Cantonment restricted zone',
    polygon: square(31.52, 74.36, 0.005),
  });
  await t.db
    .insert(hotspots)
    .values({ regionId: gulberg.id, name: 'Liberty Market', latitude: 31.51, longitude: 74.345 });
  await t.db.insert(collectionCenters).values({
    regionId: gulberg.id,
    vertical: 'blood',
    name: 'Gulberg Main Lab',
    latitude: 31.515,
    longitude: 74.35,
  });
  // Two riders in the cell, one of them offline: the cell counts only the online, on-duty one.
  for (const online of [true, false]) {
    const [r] = await t.db
      .insert(users)
      .values({ email: `r${online}@t.local`, firstName: 'R', userType: USER_TYPES.RIDER })
      .returning();
    await t.db.insert(riderProfiles).values({
      userId: r!.id,
      regionId: gulberg.id,
      vertical: 'blood',
      cellId: cell!.id,
      isOnline: online,
      isOnDuty: true,
    });
  }
  await t.db.insert(lookups).values([
    { kind: 'cancellation', scope: 'common', text: 'Customer not available', sortOrder: 1 },
    { kind: 'cancellation', scope: 'blood', text: 'Patient not fasting', sortOrder: 2 },
    { kind: 'cancellation', scope: 'xray', text: 'Machine unavailable', sortOrder: 3 },
    { kind: 'cancellation', scope: 'common', text: 'Old reason', isActive: false },
    { kind: 'hearAboutUs', scope: 'common', text: 'Facebook' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, auth = true) =>
  t.app.inject({ url: `/api/v1${url}`, headers: auth ? bearer(token) : {} });

describe('locations', () => {
  it('regions answer paged and camelCase, with polygon, cells and blacklisted areas', async () => {
    const res = await get('/location/regions/?vertical=blood');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.next).toBeNull();
    const gulberg = body.results.find((r: { name: string }) => r.name === 'Gulberg');
    expect(gulberg).toMatchObject({
      centerPoint: { latitude: 31.51, longitude: 74.35 },
      zoomLevel: 13,
      isHyperlocalModeEnabled: true,
      blackListedAreas: [{ name: 'Cantonment restricted zone' }],
      cells: [
        {
          name: 'Gulberg III',
          minRiders: 2,
          currentRidersCount: 1,
          centroid: { latitude: 31.51, longitude: 74.35 },
        },
      ],
    });
    expect(gulberg.polygon).toHaveLength(4);
  });

  it('regions without a vertical list both verticals; paging carries a next link', async () => {
    const res = await get('/location/regions/?page_size=2');
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results).toHaveLength(2);
    expect(body.next).toMatch(/[?&]page=2/);
    const page2 = await get(
      new URL(body.next).pathname.replace('/api/v1', '') + new URL(body.next).search,
    );
    expect(page2.json().results).toHaveLength(1);
    expect(page2.json().previous).toMatch(/page=1/);
  });

  it('cities filter by vertical and carry their bounds', async () => {
    const xray = (await get('/location/cities/?vertical=xray')).json();
    expect(xray.results.map((c: { name: string }) => c.name)).toEqual(['Lahore']);
    expect(xray.results[0]).toMatchObject({
      centerPoint: { latitude: 31.5204, longitude: 74.3587 },
      south: 31.27,
      north: 31.72,
    });
    expect((await get('/location/cities/')).json().count).toBe(2);
  });

  it('hotspots and collection centers filter by region', async () => {
    const regionsBody = (await get('/location/regions/?vertical=blood')).json();
    const dha = regionsBody.results.find((r: { name: string }) => r.name === 'DHA Lahore');
    const gulberg = regionsBody.results.find((r: { name: string }) => r.name === 'Gulberg');
    expect((await get(`/location/hotspots/?region=${gulberg.id}`)).json().results).toMatchObject([
      { name: 'Liberty Market' },
    ]);
    expect((await get(`/location/hotspots/?region=${dha.id}`)).json().count).toBe(0);
    expect(
      (await get(`/location/collection-centers/?region=${gulberg.id}`)).json().results,
    ).toEqual([
      { id: expect.any(Number), name: 'Gulberg Main Lab', latitude: 31.515, longitude: 74.35 },
    ]);
  });

  it('refuses a bad filter with 400 and no token with 401', async () => {
    expect((await get('/location/regions/?vertical=dental')).statusCode).toBe(400);
    expect((await get('/location/regions/?page_size=1000')).statusCode).toBe(400);
    expect((await get('/location/regions/', false)).statusCode).toBe(401);
  });
});

describe('lookups', () => {
  it("a vertical's list is its own items plus the common ones, in order, active only", async () => {
    const blood = (await get('/orders/cancellation-strings/?vertical=blood')).json();
    expect(blood.map((i: { text: string }) => i.text)).toEqual([
      'Customer not available',
      'Patient not fasting',
    ]);
    const all = (await get('/orders/cancellation-strings/')).json();
    expect(all).toHaveLength(3);
    expect(all[0]).toEqual({ id: expect.any(Number), text: 'Customer not available' });
  });

  it('each reference list has its own path', async () => {
    expect((await get('/entity/hear_about_us/')).json()).toMatchObject([{ text: 'Facebook' }]);
    for (const path of [
      '/orders/problem-strings/',
      '/orders/reassignment-strings/',
      '/orders/reschedule-strings/',
      '/orders/address-types/',
      '/entity/order-sources/',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });
});
