import { describe, expect, it } from 'vitest';
import { MASK_CHAR, maskContact } from './mask';

describe('maskContact', () => {
  it('leaves only the last four characters of a phone visible', () => {
    expect(maskContact('03001234567')).toBe(`${MASK_CHAR.repeat(7)}4567`);
  });

  it('masks an email but for its last four characters', () => {
    const masked = maskContact('ayesha.khan@example.com');
    expect(masked.endsWith('.com')).toBe(true);
    expect(masked).not.toMatch(/ayesha|khan|example|@/);
    expect(masked.length).toBe('ayesha.khan@example.com'.length);
  });

  it('never shows a short value whole', () => {
    expect(maskContact('1234')).toBe(`${MASK_CHAR.repeat(2)}34`);
    expect(maskContact('7')).toBe(MASK_CHAR);
    expect(maskContact('')).toBe('');
  });
});
