import { describe, expect, it } from 'vitest';
import { camelToSnake, keysToCamel, keysToSnake, snakeToCamel } from './wire-case';

describe('wire case', () => {
  it('converts keys both ways, digits included', () => {
    expect(camelToSnake('pickupFrom')).toBe('pickup_from');
    expect(snakeToCamel('pickup_from')).toBe('pickupFrom');
    expect(snakeToCamel('address_line_2')).toBe('addressLine2');
    expect(camelToSnake('addressLine2')).toBe('address_line2');
  });

  it('converts nested objects and arrays, never values', () => {
    const wire = { order_id: 3, tests: [{ test_code: 'cbc_01' }], note: 'keep_this' };
    const code = { orderId: 3, tests: [{ testCode: 'cbc_01' }], note: 'keep_this' };
    expect(keysToCamel(wire)).toEqual(code);
    expect(keysToSnake(code)).toEqual(wire);
  });

  it('passes class instances through (a Date, a File)', () => {
    const when = new Date('2026-11-29T10:00:00Z');
    const file = new File(['x'], 'shot.png');
    const out = keysToSnake({ pickedAt: when, screenShot: file }) as Record<string, unknown>;
    expect(out.picked_at).toBe(when);
    expect(out.screen_shot).toBe(file);
  });

  it('treats __proto__ and constructor as data keys', () => {
    const body = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"firstName": "A"}}');
    const out = keysToSnake(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out.constructor).toEqual({ first_name: 'A' });
    expect((out as { is_admin?: unknown }).is_admin).toBeUndefined();
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
  });

  it('converts objects with a null prototype (the query parser makes them)', () => {
    const query = Object.assign(Object.create(null), { page_size: '20' });
    expect(keysToCamel(query)).toEqual({ pageSize: '20' });
  });
});
