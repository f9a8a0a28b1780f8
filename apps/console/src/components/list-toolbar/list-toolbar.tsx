import { Group } from '@mantine/core';
import { type ListSearch, ListSearchBox } from './list-search-box';
import { FiltersButton, RefreshButton } from './list-toolbar-buttons';

/**
 * The row under a list's title (spec §2.3, §2.4, §2.10): its search box, Refresh and Filters.
 * Refresh spins while the loaded pages are read again, not while the next page loads.
 */
export function ListToolbar({
  search,
  query,
  activeFilters,
  filters,
}: {
  search: ListSearch;
  query: { isRefetching: boolean; isFetchingNextPage?: boolean; refetch: () => unknown };
  activeFilters: number;
  filters: { open: () => void; prefetch?: () => void };
}) {
  return (
    <Group gap="sm">
      <ListSearchBox {...search} />
      <RefreshButton
        loading={query.isRefetching && !query.isFetchingNextPage}
        onClick={() => void query.refetch()}
      />
      <FiltersButton
        activeFilters={activeFilters}
        onPrefetch={filters.prefetch}
        onClick={filters.open}
      />
    </Group>
  );
}
