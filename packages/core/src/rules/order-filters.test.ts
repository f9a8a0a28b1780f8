import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { FULFILLMENT_METHODS, ORDER_STATES } from '../states';
import {
  defaultOrderFilters,
  emptyOrderFilters,
  type OrderFilterSet,
  orderFiltersFromQuery,
  orderFiltersToApiParams,
  orderFiltersToQuery,
  validatePickupRange,
  zeroSeconds,
} from './order-filters';

const toggle = fc.constantFrom('' as const, 'true' as const, 'false' as const);
const ids = fc.array(fc.nat({ max: 1_000_000 }), { maxLength: 5 });
const id = fc.option(fc.nat({ max: 1_000_000 }), { nil: null });
const date = fc.option(
  fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  }),
  { nil: null },
);

const filterSet: fc.Arbitrary<OrderFilterSet> = fc.record({
  search: fc.string({ unit: 'grapheme', maxLength: 20 }),
  regions: ids,
  prevSelectedRegions: ids,
  allRegions: fc.boolean(),
  states: fc.array(fc.constantFrom(...ORDER_STATES), { maxLength: 4 }),
  pickupFrom: date,
  pickupTo: date,
  rider: id,
  createdBy: id,
  problemString: id,
  needsReview: toggle,
  sorting: fc.constantFrom('' as const, 'pickup' as const, '-pickup' as const),
  wasAutoAssigned: toggle,
  wasManualAssigned: toggle,
  isCovid: toggle,
  fulfillmentMethod: fc.constantFrom('' as const, ...FULFILLMENT_METHODS),
  followUp: toggle,
  moreThanFollowUps: id,
  isFollowUpAddressed: toggle,
  isUnverifiedByRider: toggle,
  isFasting: toggle,
  urgentDelivery: toggle,
  isMedicineAndSpecificTime: toggle,
  isOnline: toggle,
  isWildcard: toggle,
  addressTypes: ids,
});

describe('order filter set <-> query string', () => {
  it('round-trips any filter set', () => {
    fc.assert(
      fc.property(filterSet, (f) => {
        expect(orderFiltersFromQuery(orderFiltersToQuery(f))).toEqual(f);
      }),
    );
  });

  it('writes one canonical query string per filter set', () => {
    fc.assert(
      fc.property(filterSet, (f) => {
        const qs = orderFiltersToQuery(f);
        expect(orderFiltersToQuery(orderFiltersFromQuery(`?${qs}`))).toBe(qs);
      }),
    );
  });

  it('omits empty values, so the empty set is an empty string', () => {
    expect(orderFiltersToQuery(emptyOrderFilters())).toBe('');
    expect(orderFiltersToQuery({})).toBe('');
    expect(orderFiltersFromQuery('')).toEqual(emptyOrderFilters());
  });

  it('keeps a stable key order, comma-joined lists and +05:00 times', () => {
    const qs = orderFiltersToQuery({
      urgentDelivery: 'true',
      states: ['assigned', 'reached'],
      regions: [3, 1],
      search: 'ABC 12',
      pickupFrom: new Date('2025-03-10T19:00:00Z'),
    });
    expect(qs).toBe(
      'search=ABC%2012&regions=3,1&states=assigned,reached&pickupFrom=2025-03-11T00:00:00%2B05:00&urgentDelivery=true',
    );
    expect(new URLSearchParams(qs).get('pickupFrom')).toBe('2025-03-11T00:00:00+05:00');
  });

  it('drops malformed values instead of failing', () => {
    const f = orderFiltersFromQuery(
      'regions=1,x,2&states=assigned,bogus&rider=abc&needsReview=yes&sorting=created&pickupTo=soon&fulfillmentMethod=drone',
    );
    expect(f.regions).toEqual([1, 2]);
    expect(f.states).toEqual(['assigned']);
    expect(f.rider).toBeNull();
    expect(f.needsReview).toBe('');
    expect(f.sorting).toBe('');
    expect(f.pickupTo).toBeNull();
    expect(f.fulfillmentMethod).toBe('');
  });

  it('accepts a URLSearchParams', () => {
    const f = orderFiltersFromQuery(new URLSearchParams({ isFasting: 'false', rider: '7' }));
    expect(f.isFasting).toBe('false');
    expect(f.rider).toBe(7);
  });
});

describe('defaultOrderFilters', () => {
  it('is today in Karachi, to 23:59:00, sorted by pickup', () => {
    // 20:30 UTC on the 10th is 01:30 on the 11th in Karachi.
    const f = defaultOrderFilters(new Date('2025-03-10T20:30:00Z'));
    expect(f.pickupFrom?.toISOString()).toBe('2025-03-10T19:00:00.000Z');
    expect(f.pickupTo?.toISOString()).toBe('2025-03-11T18:59:00.000Z');
    expect(f.sorting).toBe('pickup');
    expect(orderFiltersToQuery(f)).toBe(
      'pickupFrom=2025-03-11T00:00:00%2B05:00&pickupTo=2025-03-11T23:59:00%2B05:00&sorting=pickup',
    );
  });

  it('zeroes seconds and milliseconds of pickup to', () => {
    const f = defaultOrderFilters(new Date('2025-06-01T06:00:00Z'));
    expect(f.pickupTo?.getUTCSeconds()).toBe(0);
    expect(f.pickupTo?.getUTCMilliseconds()).toBe(0);
    expect(zeroSeconds(new Date('2025-06-01T10:11:59.999Z')).toISOString()).toBe(
      '2025-06-01T10:11:00.000Z',
    );
  });
});

describe('orderFiltersToApiParams', () => {
  it('sends snake_case keys, comma-joined lists and ISO times', () => {
    const params = orderFiltersToApiParams(
      {
        regions: [1, 2],
        prevSelectedRegions: [9],
        allRegions: true,
        states: ['needsAssignment', 'problem'],
        pickupFrom: new Date('2025-03-10T19:00:00Z'),
        isMedicineAndSpecificTime: 'true',
        moreThanFollowUps: 2,
        createdBy: 4,
        addressTypes: [5],
        sorting: '-pickup',
      },
      'blood',
    );
    expect(params).toEqual({
      regions: '1,2',
      states: 'needsAssignment,problem',
      pickup_from: '2025-03-11T00:00:00+05:00',
      created_by: '4',
      more_than_follow_ups: '2',
      is_medicine_and_specific_time: 'true',
      address_types: '5',
      ordering: '-pickup',
    });
  });

  it("falls back to ordering '-created'", () => {
    expect(orderFiltersToApiParams(emptyOrderFilters(), 'blood')).toEqual({ ordering: '-created' });
  });

  it('sends the online and wildcard yes/no filters of spec §2.3', () => {
    expect(orderFiltersToApiParams({ isOnline: 'false', isWildcard: 'true' }, 'xray')).toEqual({
      is_online: 'false',
      is_wildcard: 'true',
      ordering: '-created',
    });
    expect(orderFiltersFromQuery('isOnline=true&isWildcard=false')).toMatchObject({
      isOnline: 'true',
      isWildcard: 'false',
    });
  });

  it('drops covid for xray only', () => {
    expect(orderFiltersToApiParams({ isCovid: 'true' }, 'blood').is_covid).toBe('true');
    expect(orderFiltersToApiParams({ isCovid: 'true' }, 'xray')).not.toHaveProperty('is_covid');
  });
});

describe('validatePickupRange', () => {
  const early = new Date('2025-01-01T05:00:00Z');
  const late = new Date('2025-01-01T06:00:00Z');

  it('passes when from is not after to, or either is missing', () => {
    expect(validatePickupRange(early, late)).toEqual({});
    expect(validatePickupRange(early, early)).toEqual({});
    expect(validatePickupRange(null, late)).toEqual({});
    expect(validatePickupRange(early, undefined)).toEqual({});
  });

  it('gives both spec messages when from is after to', () => {
    expect(validatePickupRange(late, early)).toEqual({
      pickupFrom: VALIDATION.PICKUP_FROM_AFTER_TO,
      pickupTo: VALIDATION.PICKUP_TO_BEFORE_FROM,
    });
  });
});
