import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

/** Sorting cycles none -> ascending -> descending -> none (spec §4); none is '-created'. */
export function nextSorting(current: OrderSorting): OrderSorting {
  if (current === '') return 'pickup';
  if (current === 'pickup') return '-pickup';
  return '';
}

export const ariaSort = (sorting: OrderSorting) =>
  sorting === 'pickup' ? 'ascending' : sorting === '-pickup' ? 'descending' : 'none';

/** The 'Collection Time' header: a button that moves the pickup sort one step along the cycle. */
export function CollectionTimeSortButton({
  sorting,
  onSort,
}: {
  sorting: OrderSorting;
  onSort: (next: OrderSorting) => void;
}) {
  const Icon =
    sorting === 'pickup'
      ? IconSortAscending
      : sorting === '-pickup'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <UnstyledButton
      fw={700}
      fz="sm"
      onClick={() => onSort(nextSorting(sorting))}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      Collection Time
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}
