import { ActionIcon, Badge, Button } from '@mantine/core';
import { IconFilter, IconRefresh } from '@tabler/icons-react';

/**
 * The refresh button every list has beside its search box (spec §2.3, §2.4, §2.10). A native
 * title rather than Mantine's Tooltip: the tooltip machinery was 3 kB of the orders list's
 * 200 kB budget (bundle-budget.ts) for one word.
 */
export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <ActionIcon
      variant="default"
      size={36}
      aria-label="Refresh"
      title="Refresh"
      loading={loading}
      onClick={onClick}
    >
      <IconRefresh size={18} />
    </ActionIcon>
  );
}

/**
 * Opens a list's filter panel; the badge counts the filters applied. `onPrefetch` lets a page
 * start downloading a lazily loaded panel when the pointer comes near.
 */
export function FiltersButton({
  activeFilters,
  onClick,
  onPrefetch,
}: {
  activeFilters: number;
  onClick: () => void;
  onPrefetch?: () => void;
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} />}
      rightSection={
        activeFilters > 0 ? (
          <Badge size="sm" circle aria-label={`${activeFilters} filters applied`}>
            {activeFilters}
          </Badge>
        ) : undefined
      }
      onMouseEnter={onPrefetch}
      onClick={onClick}
    >
      Filters
    </Button>
  );
}
