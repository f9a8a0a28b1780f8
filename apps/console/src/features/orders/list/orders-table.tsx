import type { OrderListItem } from '@dastak/core/entities/orders';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import type { OrderState, Vertical } from '@dastak/core/states';
import { Paper, Table } from '@mantine/core';
import { ListFooter, type ListLoadProps } from '../../../components/data-table/list-footer';
import { ariaSort, CollectionTimeSortButton } from '../../../components/data-table/sort-header';
import { OrderRow, type OrderRowActions } from './order-row';

const HEADERS = [
  'SN',
  'Order Number',
  'Patient',
  'Address',
  'Rider',
  'Status',
  'Collection Time',
  'Reviewed',
  'Follow Up Addressed',
  'Actions',
] as const;

/**
 * Narrow columns wrap their header instead of widening the table, so that every column, the
 * row actions last, fits the smallest screen the console supports (1366 pixels wide).
 */
const HEADER_WIDTHS: Partial<Record<(typeof HEADERS)[number], number>> = {
  SN: 36,
  Reviewed: 72,
  'Follow Up Addressed': 80,
  Actions: 92,
};

export type OrdersTableProps = ListLoadProps & {
  label: string;
  orders: OrderListItem[];
  vertical: Vertical;
  sorting: OrderSorting;
  onSort: (sorting: OrderSorting) => void;
  /** Whether the row's Assign / Cancel actions apply (state, flags and the user's permissions). */
  canAssign: (order: OrderListItem) => boolean;
  canCancel: (state: OrderState) => boolean;
  actions: OrderRowActions;
  emptyText: string;
};

/**
 * The orders table of spec §2.3. Built on the shared data table's pieces (scroll-to-bottom
 * loading, Load More) but with memoised rows, since dispatchers scroll thousands deep.
 */
export function OrdersTable({
  label,
  orders,
  vertical,
  sorting,
  onSort,
  canAssign,
  canCancel,
  actions,
  emptyText,
  ...load
}: OrdersTableProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table aria-label={label} highlightOnHover verticalSpacing="xs" horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((header) =>
                header === 'Collection Time' ? (
                  <Table.Th key={header} aria-sort={ariaSort(sorting)}>
                    <CollectionTimeSortButton sorting={sorting} onSort={onSort} />
                  </Table.Th>
                ) : (
                  <Table.Th key={header} w={HEADER_WIDTHS[header]}>
                    {header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order, index) => (
              <OrderRow
                key={order.id}
                order={order}
                sn={index + 1}
                vertical={vertical}
                showAssign={canAssign(order)}
                showCancel={canCancel(order.state)}
                actions={actions}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter empty={orders.length === 0} emptyText={emptyText} {...load} />
    </Paper>
  );
}
