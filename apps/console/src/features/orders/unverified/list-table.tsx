import type { OrderListItem } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { truncateAddress, truncatePatientName } from '@dastak/core/rules/truncate';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { ActionIcon, Anchor, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { unverifiedOrderDetailPath } from '../list/order-paths';
import { formatPickupText } from '../list/pickup-text';
import { RelativeTimeText } from '../list/relative-time-text';
import { CollectionTimeSortButton } from '../list/sort-header';

const patientName = (order: OrderListItem) =>
  `${order.patient.firstName} ${order.patient.lastName}`.trim();

/** Columns of spec §2.4: name cut at 30, address at 40, capitalised status, relative time. */
function unverifiedColumns(
  snOf: (order: OrderListItem) => number | undefined,
  sorting: OrderSorting,
  onSort: (sorting: OrderSorting) => void,
): DataColumn<OrderListItem>[] {
  return [
    { key: 'sn', header: 'SN', width: 56, render: (order) => <Text size="sm">{snOf(order)}</Text> },
    {
      key: 'number',
      header: 'Order Number',
      render: (order) => (
        <Anchor
          component={Link}
          to={unverifiedOrderDetailPath(order.id)}
          size="sm"
          fw={600}
          onClick={(event) => event.stopPropagation()}
        >
          {order.number}
        </Anchor>
      ),
    },
    {
      key: 'patient',
      header: 'Patient',
      render: (order) => (
        <>
          <Text size="sm" title={patientName(order)}>
            {truncatePatientName(patientName(order))}
          </Text>
          <Text size="xs" c="dimmed">
            {order.patient.phone ?? EMPTY.NA}
          </Text>
        </>
      ),
    },
    {
      key: 'address',
      header: 'Address',
      render: (order) => (
        <>
          <Text size="sm" title={order.address}>
            {truncateAddress(order.address)}
          </Text>
          <Text size="xs" c="dimmed">
            {order.regionName ?? EMPTY.NA}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (order) => <Text size="sm">{ORDER_STATE_LABELS[order.state] ?? order.state}</Text>,
    },
    {
      key: 'pickup',
      header: <CollectionTimeSortButton sorting={sorting} onSort={onSort} />,
      render: (order) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatPickupText(order.pickup)}
          </Text>
          <RelativeTimeText value={order.pickup} />
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (order) => (
        <ActionIcon
          component={Link}
          to={unverifiedOrderDetailPath(order.id)}
          variant="subtle"
          color="gray"
          aria-label={`Detail ${order.number}`}
          title="Detail"
          onClick={(event) => event.stopPropagation()}
        >
          <IconEye size={18} />
        </ActionIcon>
      ),
    },
  ];
}

export function UnverifiedOrdersTable({
  orders,
  sorting,
  onSort,
  errorText,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  orders: OrderListItem[];
  sorting: OrderSorting;
  onSort: (sorting: OrderSorting) => void;
  errorText?: string;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const navigate = useNavigate();
  // The SN column needs the row's position, which a column renderer does not get.
  const positions = useMemo(() => new Map(orders.map((o, i) => [o.id, i + 1])), [orders]);
  const columns = useMemo(
    () => unverifiedColumns((order) => positions.get(order.id), sorting, onSort),
    [sorting, onSort, positions],
  );
  return (
    <DataTable
      label="Unverified Orders"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      onRowClick={(order) => navigate(unverifiedOrderDetailPath(order.id))}
      emptyText={EMPTY.NO_ORDERS}
      errorText={errorText}
      loading={loading}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
    />
  );
}
