import { INPUT_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { describe, expect, it } from 'vitest';
import { customerAddresses, customers, patients } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { createStaffUser } from '../modules/users/users.service';
import { badInputWorld, expectRefused, newCustomerBody } from './bad-input.kit';

/**
 * The one text rule (docs/decisions/0050-bad-input.md) on the bodies that store names,
 * addresses and emails: customers, patients, riders, staff; Urdu accepted. Nothing refused is
 * stored.
 */

const w = badInputWorld();

describe('the text rule: names, addresses and emails', () => {
  /** Text no name may be, with the message that refuses it. */
  const BAD_NAMES: [string, string, string][] = [
    ['zero-width only', '\u200b\u200d\ufeff', VALIDATION.REQUIRED],
    ['zero-width and spaces', ' \u200c \u2060 ', VALIDATION.REQUIRED],
    ['bidi override', '\u202eevil', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['bidi isolate', 'Ali\u2066Khan', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['bell control', 'Ali\u0007', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['C1 control', 'Ali\u0085', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ['newline in a name', 'Ali\nKhan', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
  ];
  /** A JSON body with a lone surrogate, as a client sending invalid UTF-16 writes it. */
  const withLoneSurrogate = (body: object, field: string) =>
    JSON.stringify({ ...body, [field]: 'X' }).replace('"X"', '"A\\ud800B"');

  const urdu = { first_name: 'عائشہ', last_name: 'صدیقی' };

  it('customers: refuses bad names and a 300-character email, stores nothing; takes Urdu', async () => {
    const before = await w.rows(customers);
    for (const [what, name, message] of BAD_NAMES) {
      const res = await w.call(
        'POST',
        '/entity/customers/',
        w.admin,
        newCustomerBody({ first_name: name }),
      );
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'firstName', message);
      expectRefused(
        await w.call('PATCH', `/entity/customer/${w.customerId}/`, w.admin, { last_name: name }),
        'lastName',
        message,
      );
    }
    const surrogate = await w.call(
      'POST',
      '/entity/customers/',
      w.admin,
      withLoneSurrogate(newCustomerBody({}), 'first_name'),
    );
    expectRefused(surrogate, 'firstName', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS);
    // Bytes that are not UTF-8 (0xFF 0xFE), which the JSON parser decodes to U+FFFD.
    const json = JSON.stringify(newCustomerBody({ first_name: 'A__B' }));
    const [head, tail] = json.split('__') as [string, string];
    const invalidUtf8 = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/entity/customers/',
      headers: { ...w.admin, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(tail)]),
    });
    expectRefused(invalidUtf8, 'firstName', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS);
    const longEmail = `${'a'.repeat(290)}@example.pk`;
    expectRefused(
      await w.call('POST', '/entity/customers/', w.admin, newCustomerBody({ email: longEmail })),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect(await w.rows(customers)).toBe(before);

    const ok = await w.call('POST', '/entity/customers/', w.admin, newCustomerBody(urdu));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ firstName: 'عائشہ', lastName: 'صدیقی' });
    // Urdu's zero-width non-joiner inside a word is text, not a blank name.
    const zwnj = await w.call('PATCH', `/entity/customer/${w.customerId}/`, w.admin, {
      first_name: 'نرگس\u200cبی بی',
    });
    expect(zwnj.statusCode, zwnj.body).toBe(200);
  });

  it('patients: refuses bad names, stores nothing; takes Urdu', async () => {
    const body = { first_name: 'Bilal', last_name: 'Ahmed', customer: w.customerId };
    const before = await w.rows(patients);
    for (const [what, name, message] of BAD_NAMES) {
      const res = await w.call('POST', '/entity/patient/', w.admin, { ...body, last_name: name });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'lastName', message);
    }
    expectRefused(
      await w.call('POST', '/entity/patient/', w.admin, withLoneSurrogate(body, 'first_name')),
      'firstName',
      INPUT_MESSAGES.TEXT_INVALID_CHARACTERS,
    );
    expectRefused(
      await w.call('POST', '/entity/patient/', w.admin, {
        ...body,
        email: `${'b'.repeat(250)}@x.pk`,
      }),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect(await w.rows(patients)).toBe(before);
    const ok = await w.call('POST', '/entity/patient/', w.admin, { ...body, ...urdu });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('riders: refuses bad names and a 300-character email, stores nothing; takes Urdu', async () => {
    const body = {
      first_name: 'Kamran',
      last_name: 'Ali',
      phone: '03009998887',
      email: 'kamran.rider@test.local',
      region: w.geo.gulberg.id,
      password1: 'secret123',
      password2: 'secret123',
    };
    const before = await w.rows(users);
    for (const [what, name, message] of BAD_NAMES) {
      const res = await w.call('POST', '/entity/rider-create/', w.admin, {
        ...body,
        first_name: name,
      });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'firstName', message);
    }
    expectRefused(
      await w.call('POST', '/entity/rider-create/', w.admin, {
        ...body,
        email: `${'c'.repeat(290)}@test.local`,
      }),
      'email',
      VALIDATION.EMAIL_INVALID,
    );
    expect(await w.rows(users)).toBe(before);
    const ok = await w.call('POST', '/entity/rider-create/', w.admin, { ...body, ...urdu });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('staff: the user service refuses bad names and long emails; takes Urdu', async () => {
    const staff = (over: object) => ({
      email: `staff-${Math.random().toString(36).slice(2)}@test.local`,
      password: 'secret123',
      firstName: 'Sana',
      lastName: 'Javed',
      permissions: [],
      ...over,
    });
    for (const [, name, message] of BAD_NAMES) {
      await expect(createStaffUser(w.t.db, staff({ firstName: name }))).rejects.toThrow(message);
    }
    await expect(
      createStaffUser(w.t.db, staff({ email: `${'d'.repeat(290)}@test.local` })),
    ).rejects.toThrow(VALIDATION.EMAIL_INVALID);
    const ok = await createStaffUser(w.t.db, staff({ firstName: 'ثنا', lastName: 'جاوید' }));
    expect(ok.firstName).toBe('ثنا');
  });

  it('addresses and other free text: refuses control, bidi and blank text; takes Urdu', async () => {
    const pin = {
      latitude: 31.530123,
      longitude: 74.350123,
      customer: w.customerId,
      vertical: 'blood',
      address: 'House 12, Street 4',
    };
    const before = await w.rows(customerAddresses);
    for (const [what, text, message] of [
      ['zero-width only', '\u200b\u200b', VALIDATION.REQUIRED],
      ['bidi override', 'House \u202e21', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
      ['escape control', 'House\u001b[2J', INPUT_MESSAGES.TEXT_INVALID_CHARACTERS],
    ] as const) {
      const res = await w.call('POST', '/entity/blood/customer-address/', w.admin, {
        ...pin,
        address: text,
      });
      expect(res.statusCode, what).toBe(400);
      expectRefused(res, 'address', message);
    }
    // A free-text field with no rule of its own: the boundary's text rule still holds.
    expectRefused(
      await w.call('POST', '/entity/blood/customer-address/', w.admin, {
        ...pin,
        google_address: 'x\u2067y',
      }),
      'googleAddress',
      INPUT_MESSAGES.TEXT_INVALID_CHARACTERS,
    );
    expect(await w.rows(customerAddresses)).toBe(before);
    const ok = await w.call('POST', '/entity/blood/customer-address/', w.admin, {
      ...pin,
      address: 'مکان نمبر 12، گلی 4\nگلبرگ، لاہور',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
