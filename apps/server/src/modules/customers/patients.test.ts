import { CUSTOMER_MESSAGES, INPUT_MESSAGES, SUCCESS, VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/customers';
import {
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../test/test-app';

let f: Fixtures;
let change: Record<string, string>;
let deleter: Record<string, string>;
let view: Record<string, string>;

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => f.t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

const body = (over: object = {}) => ({
  firstName: 'Zara',
  lastName: 'Khan',
  email: '',
  gender: 2,
  age: 7,
  ageUnit: 'MONTHS',
  secondaryPhone: '',
  customer: f.customerId,
  ...over,
});

beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  change = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER, PERMISSIONS.CAN_CHANGE_CUSTOMER]);
  deleter = await tokenWith(f.t, [PERMISSIONS.CAN_DELETE_PATIENT, PERMISSIONS.CAN_VIEW_CUSTOMER]);
  view = await tokenWith(f.t, [PERMISSIONS.CAN_VIEW_CUSTOMER]);
});
afterAll(() => f.t.close());

describe('POST /entity/patient/', () => {
  it('creates a patient of the customer and answers the patient', async () => {
    const res = await inject('POST', '/entity/patient/', change, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      firstName: 'Zara',
      lastName: 'Khan',
      phone: null,
      secondaryPhone: null,
      email: null,
      gender: 2,
      age: 7,
      ageUnit: 'MONTHS',
      ageWithUnit: { age: 7, ageUnit: 'MONTHS' },
      ageString: '7 Months',
      cardNumber: null,
      customer: f.customerId,
      // A new patient is at its first version (optimistic concurrency, ADR 0056).
      version: 1,
    });
  });

  it('defaults gender to male and the unit to years; age may be left out', async () => {
    const res = await inject('POST', '/entity/patient/', change, {
      firstName: 'Umar',
      lastName: 'Khan',
      customer: f.customerId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ gender: 1, age: null, ageUnit: 'YEARS', ageString: '' });
  });

  it('validates with the spec messages', async () => {
    const bad = async (over: object) => {
      const res = await inject('POST', '/entity/patient/', change, body(over));
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect((await bad({ firstName: '' })).errors.firstName).toEqual([VALIDATION.REQUIRED]);
    expect((await bad({ lastName: 'x'.repeat(41) })).errors.lastName).toEqual([
      VALIDATION.LAST_NAME_MAX,
    ]);
    expect((await bad({ email: 'nope' })).errors.email).toEqual([VALIDATION.EMAIL_INVALID]);
    expect((await bad({ secondaryPhone: '0300' })).errors.secondaryPhone).toEqual([
      VALIDATION.SECONDARY_PHONE_LENGTH,
    ]);
    expect((await bad({ secondaryPhone: '0300abc4567' })).errors.secondaryPhone).toEqual([
      VALIDATION.PHONE_INVALID,
    ]);
    expect((await bad({ age: 'abc' })).errors.age).toEqual([VALIDATION.AGE_NOT_NUMBER]);
    expect((await bad({ age: -1 })).errors.age).toEqual([VALIDATION.AGE_MIN]);
    expect((await bad({ age: 2.5 })).errors.age).toEqual([VALIDATION.AGE_INVALID]);
    // A gender that is not one of the three is a wrong option, not a missing one.
    expect((await bad({ gender: 4 })).errors.gender).toEqual([INPUT_MESSAGES.SELECT_OPTION]);
    expect((await bad({ ageUnit: 'WEEKS' })).errors.ageUnit).toBeDefined();
    expect((await bad({ customer: 999999 })).detail).toBe(CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN);
  });

  it('needs Can change customer', async () => {
    expect((await inject('POST', '/entity/patient/', view, body())).statusCode).toBe(403);
  });
});

describe('PUT /entity/patient/{id}/', () => {
  it('replaces the fields; the patient stays with its customer', async () => {
    const created = (await inject('POST', '/entity/patient/', change, body())).json();
    const res = await inject(
      'PUT',
      `/entity/patient/${created.id}/`,
      change,
      body({
        firstName: 'Zara B',
        age: 1,
        ageUnit: 'YEARS',
        secondaryPhone: '03219876543',
        email: 'zara@example.com',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      firstName: 'Zara B',
      ageString: '1 Year',
      secondaryPhone: '03219876543',
      email: 'zara@example.com',
    });
    const moved = await inject(
      'PUT',
      `/entity/patient/${created.id}/`,
      change,
      body({
        customer: await otherCustomer(),
      }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().detail).toBe(CUSTOMER_MESSAGES.PATIENT_OTHER_CUSTOMER);
    expect((await inject('PUT', '/entity/patient/999999/', change, body())).statusCode).toBe(404);
    expect((await inject('PUT', `/entity/patient/${created.id}/`, view, body())).statusCode).toBe(
      403,
    );
  });
});

async function otherCustomer() {
  const [row] = await f.t.db
    .select({ customerId: patients.customerId })
    .from(patients)
    .where(eq(patients.id, f.otherPatientId));
  return row!.customerId;
}

describe('DELETE /entity/patient/{id}', () => {
  it('needs CAN_DELETE_PATIENT', async () => {
    expect((await inject('DELETE', `/entity/patient/${f.patientId}`, change)).statusCode).toBe(403);
  });

  it('soft-deletes a patient with orders: the order keeps its patient, lists drop it', async () => {
    const order = await placeOrder(f);
    const res = await inject('DELETE', `/entity/patient/${f.patientId}`, deleter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: SUCCESS.PATIENT_DELETED });
    const [row] = await f.t.db.select().from(patients).where(eq(patients.id, f.patientId));
    expect(row!.deletedAt).not.toBeNull();
    const customer = (await inject('GET', `/entity/customer/${f.customerId}/`, deleter)).json();
    expect(customer.patients.map((p: { id: number }) => p.id)).not.toContain(f.patientId);
    expect(order).toBeDefined();
    expect((await inject('DELETE', `/entity/patient/${f.patientId}`, deleter)).statusCode).toBe(
      404,
    );
    expect(
      (await inject('PUT', `/entity/patient/${f.patientId}/`, change, body())).statusCode,
    ).toBe(404);
  });
});
