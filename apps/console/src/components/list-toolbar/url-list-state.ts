import { ERRORS } from '@dastak/core/messages';
import { useCallback, useEffect, useMemo } from 'react';
import {
  createSearchParams,
  type URLSearchParamsInit,
  useLocation,
  useSearchParams,
} from 'react-router';
import { ApiError } from '../../lib/api-client';
import { saveListFilters } from '../../lib/storage-saved-filters';
import type { ListLoadProps } from '../data-table/list-footer';

/**
 * A list page's filter set kept in the query string, so a link or a reload reproduces the view:
 * read from the URL, applied by writing the URL. With `requiredParam`, a URL without it gets the
 * defaults written in (replacing the entry), so the URL always states the view.
 *
 * What the user applies is also saved for them under the list's path, and the side nav's link
 * to the list carries it (spec §2.2; lib/storage-saved-filters). Saved before the URL changes,
 * so the nav, which re-renders on navigation, already reads the new set.
 */
export function useUrlFilters<F>(
  fromQuery: (params: URLSearchParams) => F,
  toQuery: (filters: F) => URLSearchParamsInit,
  requiredParam?: string,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters = useMemo(() => fromQuery(searchParams), [fromQuery, searchParams]);
  const apply = useCallback(
    (next: F) => {
      const query = createSearchParams(toQuery(next));
      saveListFilters(pathname, query);
      setSearchParams(query);
    },
    [setSearchParams, toQuery, pathname],
  );
  /**
   * One filter changed, the others as the address bar has them now: not as this render read
   * them. The router renders a URL change in a transition, which typing interrupts, so a field
   * changed right after another could otherwise write the set from before the first change and
   * drop it (seen with the audit trail's Record, then Record id).
   */
  const update = useCallback(
    (change: Partial<F>) =>
      apply({ ...fromQuery(new URLSearchParams(window.location.search)), ...change }),
    [apply, fromQuery],
  );
  useEffect(() => {
    if (requiredParam && !searchParams.has(requiredParam)) {
      setSearchParams(toQuery(filters), { replace: true });
    }
  }, [requiredParam, searchParams, filters, setSearchParams, toQuery]);
  return { filters, apply, update };
}

/**
 * What a list shows when it cannot load: no permission, the server's reason for a filter it
 * refuses (a crossed pickup window in a hand-edited link), else that `what` could not be loaded.
 */
export function listLoadErrorText(
  error: Error | null,
  what: string,
  retry = 'Use refresh to try again.',
): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.status === 403) return ERRORS.PERMISSION_DENIED;
  if (error instanceof ApiError && error.status === 400 && error.detail) return error.detail;
  return `The ${what} could not be loaded. ${retry}`;
}

/** What a paged table needs to know of its infinite query, with the text for a failed load. */
export function listLoadProps(
  query: {
    isPending: boolean;
    fetchStatus: string;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  },
  errorText: string | undefined,
): Required<Omit<ListLoadProps, 'errorText'>> & Pick<ListLoadProps, 'errorText'> {
  return {
    loading: query.isPending && query.fetchStatus !== 'idle',
    errorText,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => query.fetchNextPage(),
  };
}
