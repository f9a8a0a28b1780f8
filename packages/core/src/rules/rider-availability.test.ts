import { describe, expect, it } from 'vitest';
import { RIDER_STATES } from '../states';
import { riderMarkerKind } from './rider-availability';

const rider = { state: RIDER_STATES.IDLE, isOnDuty: true, isWildcard: false, isCovid: false };

describe('riderMarkerKind', () => {
  it('calls a rider picking up with room available, as the Riders panel counts them', () => {
    expect(riderMarkerKind(rider)).toBe('available');
    expect(riderMarkerKind({ ...rider, state: RIDER_STATES.PICKING_UP_HAS_CAPACITY })).toBe(
      'available',
    );
    expect(riderMarkerKind({ ...rider, state: RIDER_STATES.PICKING_UP_FULL })).toBe('busy');
    expect(riderMarkerKind({ ...rider, state: RIDER_STATES.DELIVERING })).toBe('busy');
  });

  it('an off-duty rider never looks available, whatever the kind', () => {
    expect(riderMarkerKind({ ...rider, isOnDuty: false })).toBe('offDuty');
    expect(riderMarkerKind({ ...rider, isOnDuty: false, isWildcard: true })).toBe('offDuty');
    expect(riderMarkerKind({ ...rider, isWildcard: true, isCovid: true })).toBe('wildcard');
    expect(riderMarkerKind({ ...rider, isCovid: true, state: RIDER_STATES.DELIVERING })).toBe(
      'covid',
    );
  });
});
