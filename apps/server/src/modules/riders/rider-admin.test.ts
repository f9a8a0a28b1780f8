import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geography, TestCtx } from '../../test/fixtures/riders.fixtures';
import { insertOrder, insertRider, insertTask } from '../../test/fixtures/riders.fixtures';
import { type StaffScenario, staffScenario } from '../../test/fixtures/riders.scenario';
import { login } from '../../test/test-app';

let s: StaffScenario;
let t: TestCtx;
let geo: Geography;
let ids: Record<string, number>;
let viewer: string;
let adder: string;
let changer: string;
let assigner: string;
let deliverer: string;
const get = (url: string, tok = viewer) => s.get(url, tok);
const send: StaffScenario['send'] = (...args) => s.send(...args);

beforeAll(async () => {
  s = await staffScenario();
  ({ t, geo, ids } = s);
  ({ viewer, adder, changer, assigner, deliverer } = s.tokens);
});
afterAll(() => t.close());

describe('POST /entity/rider-create/', () => {
  const body = (over: object = {}) => ({
    first_name: 'Hina',
    last_name: 'Shah',
    phone: '03451112222',
    email: 'hina@riders.test',
    region: geo.dha.id,
    password1: 'secret1',
    password2: 'secret1',
    phone_verified: true,
    ...over,
  });

  it('creates a rider who can log in, with the vertical of the region', async () => {
    const res = await send('POST', '/entity/rider-create/', body(), adder);
    expect(res.statusCode).toBe(201);
    const { detail, id } = res.json();
    expect(detail).toBe('Rider created successfully');
    const rider = (await get(`/entity/rider/${id}/`)).json();
    expect(rider).toMatchObject({
      firstName: 'Hina',
      phone: '03451112222',
      phoneVerified: true,
      isOnline: false,
      isOnDuty: false,
      state: 0,
      profile: { region: { id: geo.dha.id }, vertical: { name: 'blood' } },
    });
    const session = await login(t.app, 'hina@riders.test', 'secret1');
    expect((session.user as { userType?: number }).userType).toBe(1);
  });

  it('answers the spec messages per field', async () => {
    const res = await send(
      'POST',
      '/entity/rider-create/',
      body({ region: undefined, password1: '123', password2: '123', first_name: '', phone: '03a' }),
      adder,
    );
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.region).toEqual(['Required field']);
    expect(errors.password1).toEqual(['Must be at least 6 characters long']);
    expect(errors.firstName).toEqual(['Required field']);
    expect(errors.phone).toEqual(['Must be a valid phone number']);
  });

  it('refuses mismatched passwords', async () => {
    const res = await send('POST', '/entity/rider-create/', body({ password2: 'other1' }), adder);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password2).toEqual(['Passwords must match']);
  });

  it('refuses a duplicate email or phone with a field error', async () => {
    const email = await send(
      'POST',
      '/entity/rider-create/',
      body({ email: 'HINA@riders.test', phone: '03450000001' }),
      adder,
    );
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      detail: 'A user with this email already exists',
      errors: { email: ['A user with this email already exists'] },
    });
    const phone = await send(
      'POST',
      '/entity/rider-create/',
      body({ email: 'x@riders.test' }),
      adder,
    );
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors.phone).toEqual(['A rider with this phone number already exists']);
    const region = await send(
      'POST',
      '/entity/rider-create/',
      body({ email: 'y@riders.test', phone: '03450000002', region: 999999 }),
      adder,
    );
    expect(region.json().errors.region).toEqual(['Select a valid region']);
  });

  it('needs CAN_ADD_RIDER', async () => {
    const res = await send(
      'POST',
      '/entity/rider-create/',
      body({ email: 'z@riders.test' }),
      changer,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /entity/rider-update/{id}/', () => {
  it('updates names, phone, email, address and moves the rider to another region', async () => {
    const rider = await insertRider(t.db, {
      regionId: geo.gulberg.id,
      profile: { cellId: geo.eastCell.id },
    });
    const res = await send(
      'PUT',
      `/entity/rider-update/${rider.id}/`,
      {
        first_name: 'Kamran',
        last_name: 'Akmal',
        phone: '03007778888',
        email: 'kamran@riders.test',
        region: geo.xray.id,
        address: '12 Mall Road',
      },
      changer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Rider updated successfully' });
    expect((await get(`/entity/rider/${rider.id}/`)).json()).toMatchObject({
      firstName: 'Kamran',
      lastName: 'Akmal',
      phone: '03007778888',
      email: 'kamran@riders.test',
      address: '12 Mall Road',
      cell: null,
      profile: { region: { id: geo.xray.id }, vertical: { name: 'xray' } },
    });
  });

  it('refuses moving a rider with work in hand to the other vertical, and changes nothing', async () => {
    const rider = await insertRider(t.db, { regionId: geo.gulberg.id });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: rider.id });
    await insertTask(t.db, { riderId: rider.id, orderId: order.id, type: 0, sequence: 0 });
    const payload = {
      first_name: 'Moved',
      last_name: 'Rider',
      phone: '03009990001',
      email: `moved-${rider.id}@riders.test`,
    };
    const toXray = await send(
      'PUT',
      `/entity/rider-update/${rider.id}/`,
      { ...payload, region: geo.xray.id },
      changer,
    );
    expect(toXray.statusCode).toBe(409);
    expect(toXray.json()).toEqual({
      detail:
        'Rider has 1 task in hand; complete or reassign it before moving the rider to the other vertical',
    });
    expect((await get(`/entity/rider/${rider.id}/`)).json()).toMatchObject({
      firstName: 'Rider',
      profile: { region: { id: geo.gulberg.id }, vertical: { name: 'blood' } },
    });
    // Within the vertical the work goes along with the rider.
    const within = await send(
      'PUT',
      `/entity/rider-update/${rider.id}/`,
      { ...payload, region: geo.dha.id },
      changer,
    );
    expect(within.statusCode).toBe(200);
    expect((await get(`/entity/rider/${rider.id}/`)).json()).toMatchObject({
      profile: { region: { id: geo.dha.id }, vertical: { name: 'blood' } },
    });
  });

  it('refuses another rider phone and needs CAN_CHANGE_USER', async () => {
    const payload = {
      first_name: 'Sana',
      last_name: 'Khan',
      phone: '03001234567',
      email: 'sana-new@riders.test',
      region: geo.gulberg.id,
    };
    const dup = await send('PUT', `/entity/rider-update/${ids.sana}/`, payload, changer);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.phone).toBeDefined();
    const denied = await send('PUT', `/entity/rider-update/${ids.sana}/`, payload, viewer);
    expect(denied.statusCode).toBe(403);
  });
});

describe('PATCH /entity/riders/mark_off_duty/{id}/', () => {
  const patch = (id: number, payload: object, tok: string) =>
    send('PATCH', `/entity/riders/mark_off_duty/${id}/`, payload, tok);

  it('toggles wildcard and covid with CAN_CHANGE_USER, each with its toast', async () => {
    const wild = await patch(ids.sana!, { is_wildcard: true }, changer);
    expect(wild.json()).toMatchObject({
      detail: 'Rider marked wildcard or un-wildcard successfully',
      isWildcard: true,
    });
    const covid = await patch(ids.sana!, { is_covid: false }, changer);
    expect(covid.json()).toMatchObject({
      detail: 'Rider marked covid or un-covid successfully',
      isCovid: false,
    });
  });

  it('refuses wildcard and covid without CAN_CHANGE_USER', async () => {
    expect((await patch(ids.sana!, { is_wildcard: false }, assigner)).statusCode).toBe(403);
    expect((await patch(ids.sana!, { is_covid: true }, assigner)).statusCode).toBe(403);
    expect(
      (await patch(ids.sana!, { is_on_duty: true, is_covid: true }, assigner)).statusCode,
    ).toBe(403);
    expect((await get(`/entity/rider/${ids.sana}/`)).json().isCovid).toBe(false);
  });

  it('lets Can assign order switch duty, and refuses going off duty with tasks in hand', async () => {
    const on = await patch(ids.sana!, { is_on_duty: true }, assigner);
    expect(on.json()).toMatchObject({
      detail: 'Rider marked on or off duty successfully',
      isOnDuty: true,
    });
    const order = await insertOrder(t.db, { regionId: geo.gulberg.id, riderId: ids.sana });
    await insertTask(t.db, { riderId: ids.sana!, orderId: order.id, type: 0, sequence: 0 });
    const off = await patch(ids.sana!, { is_on_duty: false }, assigner);
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toMatch(/1 task in hand/);
    expect((await get(`/entity/rider/${ids.sana}/`)).json()).toMatchObject({
      isOnDuty: true,
      state: 0,
    });
    const idle = await insertRider(t.db, { regionId: geo.dha.id, profile: { isOnDuty: true } });
    expect((await patch(idle.id, { is_on_duty: false }, assigner)).statusCode).toBe(200);
  });

  it('answers 400 for an empty body, 403 for others, 404 for an unknown rider', async () => {
    expect((await patch(ids.sana!, {}, changer)).statusCode).toBe(400);
    expect((await patch(ids.sana!, { is_on_duty: true }, viewer)).statusCode).toBe(403);
    expect((await patch(999999, { is_on_duty: true }, changer)).statusCode).toBe(404);
  });
});

describe('GET /entity/rider_force_deliver/{id}/', () => {
  it('is refused for an X-ray rider and for a blood rider not delivering', async () => {
    const xray = await get(`/entity/rider_force_deliver/${ids.xray}/`, deliverer);
    expect(xray.statusCode).toBe(409);
    expect(xray.json().detail).toBe(
      'Force deliver applies to blood riders in the delivering state',
    );
    expect((await get(`/entity/rider_force_deliver/${ids.ali}/`, deliverer)).statusCode).toBe(409);
  });

  it('needs Can deliver order', async () => {
    expect((await get(`/entity/rider_force_deliver/${ids.bilal}/`, viewer)).statusCode).toBe(403);
  });
});
