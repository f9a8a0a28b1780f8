import { describe, expect, it } from 'vitest';
import { SEARCH } from './fhir-resources';
import { decodeCursor, encodeCursor, parseSearch, SearchError } from './fhir-search';
import { statesOfRequestStatus, statesOfTaskStatus } from './fhir-status';

/** FHIR search parsing (ADR 0068): dates by precision and prefix, tokens, references, paging. */
const task = (q: string) => parseSearch(q, SEARCH.Task.spec);
const iso = (d: Date | undefined) => d?.toISOString();

describe('date parameters', () => {
  it('reads a Karachi day, month and year as the instants they cover', () => {
    const day = task('date=2026-11-01');
    expect([iso(day.from), iso(day.to)]).toEqual([
      '2026-10-31T19:00:00.000Z',
      '2026-11-01T19:00:00.000Z',
    ]);
    const month = task('date=2026-12');
    expect([iso(month.from), iso(month.to)]).toEqual([
      '2026-11-30T19:00:00.000Z',
      '2026-12-31T19:00:00.000Z',
    ]);
    const year = task('date=2026');
    expect(iso(year.to)).toBe('2026-12-31T19:00:00.000Z');
  });

  it('applies the prefixes, and repeated dates narrow the range', () => {
    expect(iso(task('date=ge2026-11-01').from)).toBe('2026-10-31T19:00:00.000Z');
    expect(iso(task('date=gt2026-11-01').from)).toBe('2026-11-01T19:00:00.000Z');
    expect(iso(task('date=le2026-11-01').to)).toBe('2026-11-01T19:00:00.000Z');
    expect(iso(task('date=lt2026-11-01').to)).toBe('2026-10-31T19:00:00.000Z');
    const both = task('date=ge2026-11-01&period=lt2026-11-03&date=ge2026-11-02');
    expect([iso(both.from), iso(both.to)]).toEqual([
      '2026-11-01T19:00:00.000Z',
      '2026-11-02T19:00:00.000Z',
    ]);
    const at = task('date=eq2026-11-01T10:00:00%2B05:00');
    expect([iso(at.from), iso(at.to)]).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:00:01.000Z',
    ]);
  });

  it('refuses what is not a FHIR date, or a prefix it does not support', () => {
    for (const bad of [
      'yesterday',
      '2026-02-30',
      '2026-13',
      '2026-11-01T10:00',
      '2026-11-01T25:00:00Z',
      'ne2026-11-01',
      'ap2026-11-01',
      '0000-01-01',
      '9999-12-31',
    ]) {
      expect(() => task(`date=${bad}`), bad).toThrow(SearchError);
    }
  });
});

describe('other parameters', () => {
  it('reads tokens, identifiers, references, _count and _include', () => {
    const s = task(
      'status=requested,accepted&identifier=http://x/sid|B-1,B-2&patient=Patient/7&_count=500&_include=Task:for',
    );
    expect(s.statuses).toEqual(['requested', 'accepted']);
    expect(s.identifiers).toEqual([{ system: 'http://x/sid', value: 'B-1' }, { value: 'B-2' }]);
    expect(s.patientIds).toEqual([7]);
    expect(s.count).toBe(200);
    expect(s.includes).toEqual(['Task:for']);
    expect(task('').count).toBe(50);
    expect(task('_id=abc').ids).toEqual([-1]);
  });

  it('refuses an unknown, repeated or unreadable parameter, naming it', () => {
    const param = (q: string) => {
      try {
        task(q);
      } catch (e) {
        return (e as SearchError).param;
      }
      return null;
    };
    expect(param('code=CBC')).toBe('code');
    expect(param('status:not=completed')).toBe('status:not');
    expect(param('status=done')).toBe('status');
    expect(param('status=completed&status=accepted')).toBe('status');
    expect(param('identifier=')).toBe('identifier');
    expect(param('patient=Group/1')).toBe('patient');
    expect(param('_count=0')).toBe('_count');
    expect(param('_count=-1')).toBe('_count');
    expect(param('_include=Specimen:patient')).toBe('_include');
    expect(param('_format=xml')).toBe('_format');
  });

  it('keeps a cursor opaque and refuses a forged one', () => {
    expect(decodeCursor(encodeCursor([1_735_692_660_000, 52]), 2)).toEqual([1_735_692_660_000, 52]);
    expect(() => decodeCursor('xyz', 2)).toThrow(SearchError);
    expect(() => decodeCursor(encodeCursor([1, 2, 3]), 2)).toThrow(SearchError);
  });
});

describe('status value sets', () => {
  it('map every FHIR code to the order states behind it', () => {
    expect(statesOfTaskStatus(['completed'])).toEqual(['collected', 'delivered']);
    expect(statesOfTaskStatus(['in-progress'])).toEqual(['reached', 'offlineInProgress']);
    expect(statesOfTaskStatus(['rejected'])).toEqual([]);
    expect(statesOfRequestStatus(['revoked'])).toEqual(['cancelled']);
  });
});
