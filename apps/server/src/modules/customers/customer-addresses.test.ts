import { CUSTOMER_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { regionCustomerAddresses } from '../../db/schema/customers';
import { hotspots } from '../../db/schema/locations';
import { createFixtures, type Fixtures, tokenWith } from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';
import { searchGeocoder } from './geocoder.service';

let f: Fixtures;
let change: Record<string, string>;
let view: Record<string, string>;
let none: Record<string, string>;

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => f.t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

const pin = (over: object = {}) => ({
  latitude: 31.5301234,
  longitude: 74.3409876,
  customer: f.customerId,
  address: 'House 4, Street 9, Gulberg III',
  googleAddress: 'Gulberg III, Lahore, Punjab, Pakistan',
  vertical: 'blood',
  city: f.cityId,
  ...over,
});

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  change = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER, PERMISSIONS.CAN_CHANGE_CUSTOMER]);
  view = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
  none = await tokenWith(f.t, []);
  await f.t.db.insert(hotspots).values({
    name: 'Liberty Market Hotspot',
    regionId: f.bloodRegion,
    latitude: 31.51,
    longitude: 74.345,
  });
});
afterAll(() => f.t.close());

describe('POST /entity/{vertical}/customer-address/', () => {
  it('assigns the regions whose polygons contain the pin: valid, unverified, 6 decimals', async () => {
    const res = await inject('POST', '/entity/blood/customer-address/', change, pin());
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      latitude: 31.530123,
      longitude: 74.340988,
      customer: f.customerId,
      address: 'House 4, Street 9, Gulberg III',
      googleAddress: 'Gulberg III, Lahore, Punjab, Pakistan',
      googleLatitude: null,
      vertical: 'blood',
      verified: false,
      isValid: true,
    });
    // Each region says its vertical: the create page fills Region from its own (ADR 0058).
    const byId = (x: { region: { id: number } }, y: { region: { id: number } }) =>
      x.region.id - y.region.id;
    expect([...a.regionCustomerAddresses].sort(byId)).toEqual(
      [
        { region: { id: f.bloodRegion, name: 'Gulberg', vertical: 'blood' } },
        { region: { id: f.xrayRegion, name: 'Gulberg X-Ray', vertical: 'xray' } },
        { region: { id: f.otherBloodRegion, name: 'DHA', vertical: 'blood' } },
      ].sort(byId),
    );
    const links = await f.t.db
      .select()
      .from(regionCustomerAddresses)
      .where(eq(regionCustomerAddresses.customerAddressId, a.id));
    expect(links.every((l) => l.customerId === f.customerId)).toBe(true);
  });

  it('a pin outside every polygon is stored invalid with no regions', async () => {
    const res = await inject('POST', '/entity/xray/customer-address/', change, {
      ...pin({ latitude: 31.65, longitude: 74.5, vertical: 'xray' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      isValid: false,
      regionCustomerAddresses: [],
      vertical: 'xray',
    });
  });

  it('validates with the spec messages', async () => {
    const bad = async (body: object) => {
      const res = await inject('POST', '/entity/blood/customer-address/', change, body);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    const { latitude: _, ...noLat } = pin();
    expect((await bad(noLat)).errors.latitude).toEqual([VALIDATION.SELECT_ADDRESS_ON_MAP]);
    const { customer: __, ...noCustomer } = pin();
    expect((await bad(noCustomer)).errors.customer).toEqual([VALIDATION.CREATE_OR_SELECT_CUSTOMER]);
    expect((await bad(pin({ address: '  ' }))).errors.address).toEqual([VALIDATION.REQUIRED]);
    expect((await bad(pin({ customer: 999999 }))).detail).toBe(CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN);
    expect((await bad(pin({ city: 999999 }))).detail).toBe(CUSTOMER_MESSAGES.CITY_INVALID);
    expect((await bad(pin({ vertical: 'xray' }))).detail).toBe(
      CUSTOMER_MESSAGES.ADDRESS_VERTICAL_MISMATCH,
    );
  });

  it('needs Can change customer', async () => {
    expect((await inject('POST', '/entity/blood/customer-address/', view, pin())).statusCode).toBe(
      403,
    );
  });
});

describe('GET /entity/customer-address/ and PATCH verify', () => {
  it('lists live addresses with regions; verify sets verified', async () => {
    const res = await inject('GET', `/entity/customer-address/?customer=${f.customerId}`, view);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBe(4);
    const fresh = rows.find(
      (r: { address: string; isValid: boolean; verified: boolean }) =>
        r.isValid && !r.verified && r.address.startsWith('House'),
    );
    const verified = await inject('PATCH', `/entity/verify_customer_address/${fresh.id}`, change, {
      verified: true,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: fresh.id, verified: true });
    expect(verified.json().regionCustomerAddresses).toHaveLength(3);
    const back = await inject('PATCH', `/entity/verify_customer_address/${fresh.id}/`, change, {
      verified: false,
    });
    expect(back.json().verified).toBe(false);
  });

  it('refuses to verify an invalid pin, 404s and checks permissions', async () => {
    const rows = (
      await inject('GET', `/entity/customer-address/?customer=${f.customerId}`, view)
    ).json();
    const invalid = rows.find((r: { isValid: boolean }) => !r.isValid);
    const res = await inject('PATCH', `/entity/verify_customer_address/${invalid.id}`, change, {
      verified: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CUSTOMER_MESSAGES.VERIFY_INVALID_ADDRESS);
    expect(
      (await inject('PATCH', '/entity/verify_customer_address/999999', change, {})).statusCode,
    ).toBe(404);
    expect(
      (await inject('PATCH', `/entity/verify_customer_address/${invalid.id}`, view, {})).statusCode,
    ).toBe(403);
    expect(
      (await inject('GET', `/entity/customer-address/?customer=${f.customerId}`, none)).statusCode,
    ).toBe(403);
  });
});

describe('GET /location/geocode/ without a geocoder', () => {
  const geocode = (q: string, city = f.cityId) =>
    inject('GET', `/location/geocode/?q=${encodeURIComponent(q)}&city=${city}`, change);

  it('finds known addresses and landmarks inside the city bounds', async () => {
    const res = await geocode('gulberg');
    expect(res.statusCode).toBe(200);
    const labels = res.json().map((p: { label: string }) => p.label);
    expect(labels).toContain('Gulberg');
    expect(labels).toContain('House 4, Street 9, Gulberg III');
    expect(labels).toContain('12 Main Boulevard, Gulberg');
    const spot = (await geocode('liberty')).json();
    expect(spot).toEqual([{ label: 'Liberty Market Hotspot', latitude: 31.51, longitude: 74.345 }]);
    expect((await geocode('Near Lab')).json()[0].label).toBe('Near Lab');
  });

  it('a backslash finds nothing; an unknown city is a 400; permission is checked', async () => {
    expect((await geocode('gul\\')).json()).toEqual([]);
    expect((await geocode('gulberg', 999999)).statusCode).toBe(400);
    const res = await inject('GET', `/location/geocode/?q=x&city=${f.cityId}`, view);
    expect(res.statusCode).toBe(403);
  });
});

describe('searchGeocoder (GEOCODER_URL set)', () => {
  const box = { south: 31.3, west: 74.1, north: 31.7, east: 74.6 };
  it('asks for Pakistan in the bounded viewbox and drops hits outside the box', async () => {
    const fetchImpl = vi.fn(async (_url: URL | RequestInfo) =>
      Response.json([
        { display_name: 'Gulberg, Lahore', lat: '31.5204321', lon: '74.3587654' },
        { display_name: 'Clifton, Karachi', lat: '24.81', lon: '67.03' },
      ]),
    );
    const places = await searchGeocoder('http://geo.local/', 'gulberg', box, fetchImpl as never);
    expect(places).toEqual([
      { label: 'Gulberg, Lahore', latitude: 31.520432, longitude: 74.358765 },
    ]);
    const url = new URL(String(fetchImpl.mock.calls[0]![0]));
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('countrycodes')).toBe('pk');
    expect(url.searchParams.get('bounded')).toBe('1');
    expect(url.searchParams.get('viewbox')).toBe('74.1,31.7,74.6,31.3');
  });

  it('falls back to known places when the geocoder is unreachable', async () => {
    const t2 = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9/' });
    try {
      const g = await createFixtures(t2);
      const auth = await tokenWith(t2, [PERMISSIONS.CAN_CHANGE_CUSTOMER]);
      const res = await t2.app.inject({
        method: 'GET',
        url: `/api/v1/location/geocode/?q=main%20boulevard&city=${g.cityId}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { label: string }) => p.label)).toEqual([
        '12 Main Boulevard, Gulberg',
      ]);
    } finally {
      await t2.close();
    }
  });
});
