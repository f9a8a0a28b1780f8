import type { OrderListItem } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { truncateAddress, truncatePatientName } from '@dastak/core/rules/truncate';
import { ORDER_STATE_LABELS } from '@dastak/core/states';
import { ActionIcon, Anchor, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type DataColumn,
  DataTable,
  useRowPositions,
} from '../../../components/data-table/data-table';
import type { ListLoadProps } from '../../../components/data-table/list-footer';
import { CollectionTimeSortButton } from '../../../components/data-table/sort-header';
import { RelativeTimeText } from '../../../components/relative-time-text';
import { unverifiedOrderDetailPath } from '../../../lib/order-paths';
import { formatPickupText } from '../../../lib/pickup-text';

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

const orderId = (order: OrderListItem) => order.id;

export function UnverifiedOrdersTable({
  orders,
  sorting,
  onSort,
  ...load
}: ListLoadProps & {
  orders: OrderListItem[];
  sorting: OrderSorting;
  onSort: (sorting: OrderSorting) => void;
}) {
  const navigate = useNavigate();
  const position = useRowPositions(orders, orderId);
  const columns = useMemo(
    () => unverifiedColumns(position, sorting, onSort),
    [sorting, onSort, position],
  );
  return (
    <DataTable
      label="Unverified Orders"
      columns={columns}
      rows={orders}
      rowKey={orderId}
      onRowClick={(order) => navigate(unverifiedOrderDetailPath(order.id))}
      emptyText={EMPTY.NO_ORDERS}
      {...load}
    />
  );
}
