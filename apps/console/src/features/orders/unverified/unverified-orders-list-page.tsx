import type { OrderSorting } from '@dastak/core/rules/order-filters';
import type { Vertical } from '@dastak/core/states';
import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useLazyFilterPanel } from '../../../components/filter-panel/use-lazy-filter-panel';
import { listTitle } from '../../../components/list-toolbar/list-title';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { useUnverifiedOrdersQuery } from '../api/get-unverified-orders';
import {
  activeUnverifiedFilterCount,
  switchUnverifiedVertical,
  unverifiedFiltersFromQuery,
  unverifiedFiltersToQuery,
} from './list-filters';
import { UnverifiedOrdersTable } from './list-table';

const loadFilterPanel = () => import('./list-filter-panel');
const UnverifiedListFilterPanel = lazy(loadFilterPanel);

const VERTICAL_OPTIONS: { value: Vertical; label: string }[] = [
  { value: 'blood', label: 'Blood' },
  { value: 'xray', label: 'X-Ray' },
];

/**
 * /unverified-orders (spec §2.4): search, regions and pickup window kept in the query string, and
 * the vertical (`?vertical=xray`; blood when absent), so the X-ray dashboard can link its count.
 */
export function UnverifiedOrdersListPage() {
  useDocumentTitle('Unverified Orders · Dastak');
  const { filters, apply, update } = useUrlFilters(
    unverifiedFiltersFromQuery,
    unverifiedFiltersToQuery,
  );
  const onSort = useCallback((sorting: OrderSorting) => update({ sorting }), [update]);
  const filterPanel = useLazyFilterPanel(loadFilterPanel);

  const orders = useUnverifiedOrdersQuery(filters);
  const rows = useMemo(
    () => orders.data?.pages.flatMap((page) => page.results) ?? [],
    [orders.data],
  );
  const firstPage = orders.data?.pages[0];
  const activeFilters = activeUnverifiedFilterCount(filters);

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz="h2">
          {listTitle('Unverified Orders', firstPage?.count, firstPage?.countIsCapped)}
        </Title>
        <SegmentedControl
          aria-label="Vertical"
          value={filters.vertical}
          data={VERTICAL_OPTIONS}
          onChange={(value) => apply(switchUnverifiedVertical(filters, value as Vertical))}
        />
      </Group>
      <ListToolbar
        search={{
          label: 'Search unverified orders',
          placeholder: 'e.g. Order ID',
          value: filters.search,
          onSearch: (search) => update({ search }),
          withButton: true,
        }}
        query={orders}
        activeFilters={activeFilters}
        filters={filterPanel}
      />
      <UnverifiedOrdersTable
        orders={rows}
        sorting={filters.sorting}
        onSort={onSort}
        {...listLoadProps(orders, listLoadErrorText(orders.error, 'orders'))}
      />
      {filterPanel.mounted && (
        <Suspense fallback={null}>
          <UnverifiedListFilterPanel {...filterPanel.panelProps(filters, apply)} />
        </Suspense>
      )}
    </Stack>
  );
}
