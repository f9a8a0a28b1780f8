import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { EMPTY } from '@dastak/core/messages';
import type { OrderSorting } from '@dastak/core/rules/order-filters';
import { truncateAddress, truncatePatientName } from '@dastak/core/rules/truncate';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  type DataColumn,
  DataTable,
  useRowPositions,
} from '../../../components/data-table/data-table';
import type { ListLoadProps } from '../../../components/data-table/list-footer';
import { CollectionTimeSortButton } from '../../../components/data-table/sort-header';
import { RelativeTimeText } from '../../../components/relative-time-text';
import { formatPickupParts } from '../../../lib/pickup-text';
import { partialOrderCreatePath, partialOrderStateLabel } from '../partial-order-filters';

type RowActions = {
  onView: (order: PartialOrderDetail) => void;
  /** Absent without the permission to cancel: no delete icon. */
  onDelete?: (order: PartialOrderDetail) => void;
};

/** Columns of spec §2.4: SN, City, Patient, Address, Status, Collection Time, then the icons. */
function partialOrderColumns(
  snOf: (order: PartialOrderDetail) => number | undefined,
  sorting: OrderSorting,
  onSort: (sorting: OrderSorting) => void,
  onEdit: (order: PartialOrderDetail) => void,
  actions: RowActions,
): DataColumn<PartialOrderDetail>[] {
  // Icons sit inside a clickable row: keep their clicks from also opening the create page.
  const icon = (label: string, run: () => void, children: React.ReactNode, color = 'gray') => (
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={label}
      title={label.split(' ')[0]}
      onClick={(event) => {
        event.stopPropagation();
        run();
      }}
    >
      {children}
    </ActionIcon>
  );
  return [
    { key: 'sn', header: 'SN', width: 56, render: (o) => <Text size="sm">{snOf(o)}</Text> },
    {
      key: 'city',
      header: 'City',
      render: (o) => <Text size="sm">{o.city?.name ?? EMPTY.NA}</Text>,
    },
    {
      key: 'patient',
      header: 'Patient',
      render: (o) => (
        <>
          <Text size="sm" title={o.name}>
            {truncatePatientName(o.name) || EMPTY.NA}
          </Text>
          <Text size="xs" c="dimmed">
            {o.phone || EMPTY.NA}
          </Text>
        </>
      ),
    },
    {
      key: 'address',
      header: 'Address',
      render: (o) => (
        <Text size="sm" title={o.address}>
          {truncateAddress(o.address) || EMPTY.NA}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (o) => <Text size="sm">{partialOrderStateLabel(o.state)}</Text>,
    },
    {
      key: 'pickup',
      header: <CollectionTimeSortButton sorting={sorting} onSort={onSort} />,
      render: (o) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatPickupParts(o.pickup).date}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {o.timeSlot || EMPTY.NA}
          </Text>
          <RelativeTimeText value={o.pickup} />
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 120,
      render: (o) => (
        <Group gap={4} wrap="nowrap">
          {icon(`View partial order ${o.id}`, () => actions.onView(o), <IconEye size={18} />)}
          {icon(`Edit partial order ${o.id}`, () => onEdit(o), <IconEdit size={18} />)}
          {actions.onDelete &&
            icon(
              `Delete partial order ${o.id}`,
              () => actions.onDelete?.(o),
              <IconTrash size={18} />,
              'red',
            )}
        </Group>
      ),
    },
  ];
}

const partialId = (o: PartialOrderDetail) => o.id;

export function PartialOrdersTable({
  orders,
  sorting,
  onSort,
  actions,
  ...load
}: ListLoadProps & {
  orders: PartialOrderDetail[];
  sorting: OrderSorting;
  onSort: (sorting: OrderSorting) => void;
  actions: RowActions;
}) {
  const navigate = useNavigate();
  const position = useRowPositions(orders, partialId);
  const columns = useMemo(
    () =>
      partialOrderColumns(
        position,
        sorting,
        onSort,
        (o) => navigate(partialOrderCreatePath(o.id)),
        actions,
      ),
    [sorting, onSort, position, navigate, actions],
  );
  return (
    <DataTable
      label="Partial Orders"
      columns={columns}
      rows={orders}
      rowKey={partialId}
      onRowClick={(o) => navigate(partialOrderCreatePath(o.id))}
      emptyText={EMPTY.NO_ORDERS}
      {...load}
    />
  );
}
