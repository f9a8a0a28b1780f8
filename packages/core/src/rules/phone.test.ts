import { describe, expect, it } from 'vitest';
import { localPhone } from './phone';

describe('localPhone', () => {
  it('reads the ways a rider types a mobile number as the stored 03xxxxxxxxx', () => {
    for (const typed of [
      '03001234567',
      '0300 1234567',
      '0300-1234567',
      '+92 300 1234567',
      '923001234567',
      '0092 300 1234567',
    ]) {
      expect(localPhone(typed)).toBe('03001234567');
    }
  });
  it('leaves other digits as they are, and nothing as nothing', () => {
    expect(localPhone('12345')).toBe('12345');
    expect(localPhone('abc')).toBe('');
  });
});
