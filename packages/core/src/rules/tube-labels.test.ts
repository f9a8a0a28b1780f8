import { describe, expect, it } from 'vitest';
import { TUBE_MESSAGES } from '../messages/tubes';
import { isValidTubeLabel, normalizeTubeLabel, reconcileHandover } from './tube-labels';

describe('tube labels', () => {
  it('normalises case and stray spaces', () => {
    expect(normalizeTubeLabel('  ab-123 ')).toBe('AB-123');
  });

  it('accepts 4 to 40 characters of A-Z, 0-9 and dashes', () => {
    expect(isValidTubeLabel('AB12')).toBe(true);
    expect(isValidTubeLabel('A'.repeat(40))).toBe(true);
    expect(isValidTubeLabel('AB1')).toBe(false);
    expect(isValidTubeLabel('A'.repeat(41))).toBe(false);
    expect(isValidTubeLabel('AB 12')).toBe(false);
    expect(isValidTubeLabel('ab12')).toBe(false);
    expect(isValidTubeLabel('AB_12')).toBe(false);
  });
});

describe('reconcileHandover', () => {
  it('hands over every tube when all are scanned, in any order and case', () => {
    expect(reconcileHandover(['T-0001', 'T-0002'], ['t-0002', ' T-0001'])).toEqual({
      checked: ['T-0001', 'T-0002'],
      handedOver: ['T-0001', 'T-0002'],
      missing: [],
      unknown: [],
    });
  });

  it('names the tubes not scanned and the scans no order carries', () => {
    expect(
      reconcileHandover(['T-0001', 'T-0002', 'T-0003'], ['T-0002', 'X-9999', 'X-9999']),
    ).toEqual({
      checked: ['T-0001', 'T-0002', 'T-0003'],
      handedOver: ['T-0002'],
      missing: ['T-0001', 'T-0003'],
      unknown: ['X-9999'],
    });
  });

  it('with no scans every tube is missing; with no tubes every scan is unknown', () => {
    expect(reconcileHandover(['T-0001'], []).missing).toEqual(['T-0001']);
    expect(reconcileHandover([], ['T-0001']).unknown).toEqual(['T-0001']);
    expect(reconcileHandover([], [])).toEqual({
      checked: [],
      handedOver: [],
      missing: [],
      unknown: [],
    });
  });
});

describe('tube messages', () => {
  it('words a flagged handover by what was missing, unknown or both', () => {
    expect(TUBE_MESSAGES.flagged('Ali', ['B-1'], [])).toBe(
      'Tube check at handover: Ali delivered without tube B-1',
    );
    expect(TUBE_MESSAGES.flagged('Ali', [], ['X-9'])).toBe(
      'Tube check at handover: Ali delivered with unknown tube X-9',
    );
    expect(TUBE_MESSAGES.collectedTubes([])).toBe('');
    expect(TUBE_MESSAGES.collectedTubes(['B-1'])).toBe(' (tube B-1)');
  });
});
