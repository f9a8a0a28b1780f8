import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  FiltersButton,
  RefreshButton,
} from '../../../components/list-toolbar/list-toolbar-buttons';
import { listLoadErrorText, useUrlFilters } from '../../../components/list-toolbar/url-list-state';
import { useUnverifiedOrdersQuery } from '../api/get-unverified-orders';
import { OrderSearchBox } from '../list/order-search-box';
import { listTitle } from '../list/orders-title';
import {
  activeUnverifiedFilterCount,
  unverifiedFiltersFromQuery,
  unverifiedFiltersToQuery,
} from './list-filters';
import { UnverifiedOrdersTable } from './list-table';

const loadFilterPanel = () => import('./list-filter-panel');
const UnverifiedListFilterPanel = lazy(loadFilterPanel);

/** /unverified-orders (spec §2.4): search, regions and pickup window kept in the query string. */
export function UnverifiedOrdersListPage() {
  useDocumentTitle('Unverified Orders · Dastak');
  const { filters, apply } = useUrlFilters(unverifiedFiltersFromQuery, unverifiedFiltersToQuery);
  const onSort = useCallback(
    (sorting: OrderSorting) => apply({ ...filters, sorting }),
    [apply, filters],
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);

  const orders = useUnverifiedOrdersQuery(filters);
  const rows = useMemo(
    () => orders.data?.pages.flatMap((page) => page.results) ?? [],
    [orders.data],
  );
  const firstPage = orders.data?.pages[0];
  const activeFilters = activeUnverifiedFilterCount(filters);

  return (
    <Stack gap="md" p="lg">
      <Title order={1} fz="h2">
        {listTitle('Unverified Orders', firstPage?.count, firstPage?.countIsCapped)}
      </Title>
      <Group gap="sm">
        <OrderSearchBox
          label="Search unverified orders"
          placeholder="e.g. Order ID"
          value={filters.search}
          onSearch={(search) => apply({ ...filters, search })}
        />
        <RefreshButton
          loading={orders.isRefetching && !orders.isFetchingNextPage}
          onClick={() => orders.refetch()}
        />
        <FiltersButton
          activeFilters={activeFilters}
          onPrefetch={() => void loadFilterPanel()}
          onClick={() => {
            setPanelLoaded(true);
            setFiltersOpen(true);
          }}
        />
      </Group>
      <UnverifiedOrdersTable
        orders={rows}
        sorting={filters.sorting}
        onSort={onSort}
        errorText={listLoadErrorText(orders.error, 'orders')}
        loading={orders.isPending && orders.fetchStatus !== 'idle'}
        hasMore={orders.hasNextPage}
        loadingMore={orders.isFetchingNextPage}
        onLoadMore={() => orders.fetchNextPage()}
      />
      {panelLoaded && (
        <Suspense fallback={null}>
          <UnverifiedListFilterPanel
            opened={filtersOpen}
            applied={filters}
            onClose={() => setFiltersOpen(false)}
            onApply={(next) => {
              apply(next);
              setFiltersOpen(false);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
