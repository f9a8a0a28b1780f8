import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { fieldErrors } from './common';
import { customerAddressCreateSchema } from './customer-addresses';
import { customerCreateSchema, customerUpdateSchema } from './customers';
import { patientCreateSchema } from './patients';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const customer = {
  phone: '03001234567',
  firstName: 'Ayesha',
  lastName: 'Siddiqui',
  email: '',
  gender: 2,
  dob: '1990-05-04',
};

describe('customer create', () => {
  it('accepts a valid customer', () => {
    expect(customerCreateSchema.parse(customer)).toEqual(customer);
  });

  it('needs an 11-digit number', () => {
    for (const phone of ['0300123456', '030012345678', '']) {
      expect(errorsOf(customerCreateSchema, { ...customer, phone }).phone).toEqual([
        VALIDATION.CUSTOMER_PHONE_LENGTH,
      ]);
    }
  });

  it('calls a number with anything but digits not a phone number (spec §5)', () => {
    for (const phone of ['0300abcdefg', '0300-123456', 'abc']) {
      expect(errorsOf(customerCreateSchema, { ...customer, phone }).phone).toEqual([
        VALIDATION.PHONE_INVALID,
      ]);
    }
  });

  it('requires names of at most 40 characters', () => {
    const errors = errorsOf(customerCreateSchema, {
      ...customer,
      firstName: '',
      lastName: 'x'.repeat(41),
    });
    expect(errors.firstName).toEqual([VALIDATION.REQUIRED]);
    expect(errors.lastName).toEqual([VALIDATION.LAST_NAME_MAX]);
    expect(errorsOf(customerCreateSchema, { ...customer, firstName: 'y'.repeat(41) })).toEqual({
      firstName: [VALIDATION.FIRST_NAME_MAX],
    });
    expect(customerCreateSchema.safeParse({ ...customer, firstName: 'y'.repeat(40) }).success).toBe(
      true,
    );
  });

  it('checks an email only when given', () => {
    expect(errorsOf(customerCreateSchema, { ...customer, email: 'not-an-email' }).email).toEqual([
      VALIDATION.EMAIL_INVALID,
    ]);
    expect(customerCreateSchema.parse({ ...customer, email: undefined }).email).toBe('');
  });

  it('requires a dob that is not in the future, sent as YYYY-MM-DD', () => {
    const { dob: _omit, ...noDob } = customer;
    expect(errorsOf(customerCreateSchema, noDob).dob).toEqual([VALIDATION.REQUIRED]);
    expect(errorsOf(customerCreateSchema, { ...customer, dob: '2999-01-01' }).dob).toEqual([
      FORM_VALIDATION.DOB_FUTURE,
    ]);
    const fromPicker = customerCreateSchema.parse({
      ...customer,
      dob: new Date('1990-05-03T20:00:00Z'), // 4 May 01:00 in Karachi
    });
    expect(fromPicker.dob).toBe('1990-05-04');
  });
});

describe('customer update', () => {
  it('omits the phone rule', () => {
    const parsed = customerUpdateSchema.parse({ phone: '123', firstName: 'Ali' });
    expect(parsed).toEqual({ firstName: 'Ali' });
  });
});

describe('patient create', () => {
  const patient = { firstName: 'Bilal', lastName: 'Ahmed', customer: 5 };

  it('defaults gender to Male and the age unit to years', () => {
    expect(patientCreateSchema.parse(patient)).toEqual({
      ...patient,
      email: '',
      gender: 1,
      ageUnit: 'YEARS',
      secondaryPhone: '',
    });
  });

  it('takes gender codes 1-3 and the three age units', () => {
    expect(patientCreateSchema.safeParse({ ...patient, gender: 3, ageUnit: 'DAYS' }).success).toBe(
      true,
    );
    expect(patientCreateSchema.safeParse({ ...patient, gender: 4 }).success).toBe(false);
    expect(patientCreateSchema.safeParse({ ...patient, ageUnit: 'WEEKS' }).success).toBe(false);
  });

  it('gives the age messages', () => {
    expect(errorsOf(patientCreateSchema, { ...patient, age: 'abc' }).age).toEqual([
      VALIDATION.AGE_NOT_NUMBER,
    ]);
    expect(errorsOf(patientCreateSchema, { ...patient, age: -1 }).age).toEqual([
      VALIDATION.AGE_MIN,
    ]);
    expect(errorsOf(patientCreateSchema, { ...patient, age: true }).age).toEqual([
      VALIDATION.AGE_INVALID,
    ]);
    expect(patientCreateSchema.parse({ ...patient, age: '12' }).age).toBe(12);
    expect(patientCreateSchema.parse({ ...patient, age: '' }).age).toBeUndefined();
    expect(patientCreateSchema.parse({ ...patient, age: 0 }).age).toBe(0);
  });

  it('takes a secondary phone of exactly 11 digits, or empty', () => {
    expect(
      patientCreateSchema.parse({ ...patient, secondaryPhone: '03111234567' }).secondaryPhone,
    ).toBe('03111234567');
    expect(
      errorsOf(patientCreateSchema, { ...patient, secondaryPhone: '0311' }).secondaryPhone,
    ).toEqual([VALIDATION.SECONDARY_PHONE_LENGTH]);
    expect(
      errorsOf(patientCreateSchema, { ...patient, secondaryPhone: '0311abc4567' }).secondaryPhone,
    ).toEqual([VALIDATION.PHONE_INVALID]);
    expect(patientCreateSchema.parse({ ...patient, secondaryPhone: '' }).secondaryPhone).toBe('');
  });
});

describe('customer address create', () => {
  const address = { customer: 3, address: 'House 1, Street 2, DHA', vertical: 'blood' };

  it('needs a map location and a customer', () => {
    const errors = errorsOf(customerAddressCreateSchema, { ...address, customer: undefined });
    expect(errors.latitude).toEqual([VALIDATION.SELECT_ADDRESS_ON_MAP]);
    expect(errors.longitude).toEqual([VALIDATION.SELECT_ADDRESS_ON_MAP]);
    expect(errors.customer).toEqual([VALIDATION.CREATE_OR_SELECT_CUSTOMER]);
  });

  it('sends coordinates with 6 decimals', () => {
    const parsed = customerAddressCreateSchema.parse({
      ...address,
      latitude: 24.8607343123,
      longitude: 67.0011364999,
    });
    expect(parsed.latitude).toBe(24.860734);
    expect(parsed.longitude).toBe(67.001136);
  });
});
