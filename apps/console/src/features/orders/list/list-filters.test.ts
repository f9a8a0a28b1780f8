import { emptyOrderFilters } from '@dastak/core/rules/order-filters';
import { describe, expect, it } from 'vitest';
import {
  emptyListExtras,
  listFiltersFromQuery,
  listFiltersToApiParams,
  listFiltersToQuery,
  type OrdersListFilters,
} from './list-filters';

const filters = (over: Partial<OrdersListFilters> = {}): OrdersListFilters => ({
  ...emptyOrderFilters(),
  ...emptyListExtras(),
  ...over,
});

describe("the orders list's filters in the URL", () => {
  it('survive a round trip through the query string, the two extra toggles included', () => {
    const f = filters({ isOnline: 'true', isWildcard: 'false', urgentDelivery: 'true' });
    const query = listFiltersToQuery(f);
    expect(query).toContain('isOnline=true');
    expect(query).toContain('isWildcard=false');
    expect(listFiltersFromQuery(new URLSearchParams(query))).toEqual(f);
  });

  it('write each extra toggle once, and none when unset', () => {
    const query = listFiltersToQuery(filters({ isOnline: 'false' }));
    expect(query.match(/isOnline=/g)).toHaveLength(1);
    expect(query).not.toContain('isWildcard');
  });

  it('read anything but true or false as unset', () => {
    const f = listFiltersFromQuery(new URLSearchParams('isOnline=yes&isWildcard=TRUE'));
    expect(f.isOnline).toBe('');
    expect(f.isWildcard).toBe('');
  });

  it('send the toggles to the API in its snake_case names', () => {
    const params = listFiltersToApiParams(
      filters({ isOnline: 'true', isWildcard: 'false' }),
      'blood',
    );
    expect(params.is_online).toBe('true');
    expect(params.is_wildcard).toBe('false');
    expect(listFiltersToApiParams(filters(), 'blood')).not.toHaveProperty('is_online');
  });
});
