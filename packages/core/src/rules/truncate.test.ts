import { describe, expect, it } from 'vitest';
import { TRUNCATE } from '../constants';
import { truncate, truncateAddress, truncatePatientName, truncateRiderName } from './truncate';

describe('truncate', () => {
  it('leaves text of n or fewer characters alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('ab', 3)).toBe('ab');
    expect(truncate('', 3)).toBe('');
    expect(truncate(null, 3)).toBe('');
  });

  it("cuts past n and adds '...'", () => {
    expect(truncate('abcd', 3)).toBe('abc...');
  });

  it('uses the spec limits', () => {
    const long = 'x'.repeat(100);
    expect(truncateAddress('a'.repeat(TRUNCATE.ADDRESS))).toBe('a'.repeat(40));
    expect(truncateAddress(long)).toBe(`${'x'.repeat(40)}...`);
    expect(truncatePatientName('p'.repeat(31))).toBe(`${'p'.repeat(30)}...`);
    expect(truncatePatientName('p'.repeat(30))).toBe('p'.repeat(30));
    expect(truncateRiderName(long)).toHaveLength(43);
  });
});
