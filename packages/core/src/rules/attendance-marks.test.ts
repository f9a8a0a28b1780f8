import { describe, expect, test } from 'vitest';
import { presenceOf } from './attendance-marks';

describe('presenceOf (N/A instead of a cross before presence is decided)', () => {
  test('N/A while scheduled; present or absent afterwards', () => {
    expect(presenceOf({ isPresent: false, shift: { state: 'scheduled' } })).toBeNull();
    expect(presenceOf({ isPresent: false, shift: { state: 'missed' } })).toBe(false);
    expect(presenceOf({ isPresent: true, shift: { state: 'in-progress' } })).toBe(true);
    expect(presenceOf({ isPresent: false, shift: { state: 'completed' } })).toBe(false);
  });
});
