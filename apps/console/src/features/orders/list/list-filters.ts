import {
  type OrderFilterSet,
  orderFiltersFromQuery,
  orderFiltersToApiParams,
  orderFiltersToQuery,
  type Toggle,
} from '@dastak/core/rules/order-filters';
import type { Vertical } from '@dastak/core/states';

/**
 * The orders list's filters: core's order filter set (spec §3) plus the two yes/no groups §2.3
 * lists that §3 leaves out: online (a Regular, online-type order) and wildcard (its rider is a
 * wildcard rider). The server's list query takes both (is_online, is_wildcard).
 */
export type OrdersListFilters = OrderFilterSet & { isOnline: Toggle; isWildcard: Toggle };

const EXTRA_KEYS = ['isOnline', 'isWildcard'] as const;

const parseToggle = (text: string | null): Toggle =>
  text === 'true' || text === 'false' ? text : '';

export function listFiltersFromQuery(params: URLSearchParams): OrdersListFilters {
  return {
    ...orderFiltersFromQuery(params),
    isOnline: parseToggle(params.get('isOnline')),
    isWildcard: parseToggle(params.get('isWildcard')),
  };
}

/** Core's query string with the extra toggles appended (and never twice, should core add them). */
export function listFiltersToQuery(f: OrdersListFilters): string {
  const parts = orderFiltersToQuery(f)
    .split('&')
    .filter((part) => part && !EXTRA_KEYS.some((key) => part.startsWith(`${key}=`)));
  for (const key of EXTRA_KEYS) if (f[key]) parts.push(`${key}=${f[key]}`);
  return parts.join('&');
}

/** Request parameters of GET /orders/{vertical}/ (and its CSV and email siblings). */
export function listFiltersToApiParams(
  f: OrdersListFilters,
  vertical: Vertical,
): Record<string, string> {
  const params = orderFiltersToApiParams(f, vertical);
  if (f.isOnline) params.is_online = f.isOnline;
  if (f.isWildcard) params.is_wildcard = f.isWildcard;
  return params;
}

export const emptyListExtras = (): Pick<OrdersListFilters, 'isOnline' | 'isWildcard'> => ({
  isOnline: '',
  isWildcard: '',
});
