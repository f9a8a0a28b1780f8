import { describe, expect, it } from 'vitest';
import { FORM_VALIDATION, VALIDATION } from '../messages';
import { loginRequestSchema, passwordResetSchema } from './auth';
import { phoneSchema } from './common';
import { riderCreateSchema } from './riders';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('auth bodies', () => {
  it('login takes email, password and an optional player id', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.pk', password: 'x', playerId: 'p-1' })).toEqual({
      email: 'a@b.pk',
      password: 'x',
      playerId: 'p-1',
    });
    expect(messages(loginRequestSchema.safeParse({ email: 'a@b.pk', password: '' }))).toEqual([
      VALIDATION.REQUIRED,
    ]);
  });

  it('a new password has at least 6 characters', () => {
    expect(messages(passwordResetSchema.safeParse({ token: 't', password: '12345' }))).toEqual([
      VALIDATION.PASSWORD_MIN,
    ]);
    expect(passwordResetSchema.safeParse({ token: 't', password: '123456' }).success).toBe(true);
  });
});

describe('phone', () => {
  it('is digits only, at most 11', () => {
    expect(messages(phoneSchema.safeParse('0300abc'))).toEqual([VALIDATION.PHONE_INVALID]);
    expect(messages(phoneSchema.safeParse('030012345678'))).toEqual([VALIDATION.PHONE_MAX]);
    expect(phoneSchema.safeParse('03001234567').success).toBe(true);
  });
});

describe('rider create', () => {
  const rider = {
    firstName: 'Kashif',
    lastName: 'Raza',
    phone: '03001234567',
    email: 'kashif@example.pk',
    region: 2,
    password1: 'secret1',
    password2: 'secret1',
  };

  it('sends phoneVerified true', () => {
    expect(riderCreateSchema.parse(rider).phoneVerified).toBe(true);
  });

  it('requires a region and matching passwords', () => {
    expect(messages(riderCreateSchema.safeParse({ ...rider, region: undefined }))).toEqual([
      VALIDATION.REQUIRED,
    ]);
    expect(messages(riderCreateSchema.safeParse({ ...rider, password2: 'other1' }))).toEqual([
      FORM_VALIDATION.PASSWORDS_MISMATCH,
    ]);
  });
});
