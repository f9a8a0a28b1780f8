import type { OrderListItem } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { truncateAddress, truncatePatientName } from '@dastak/core/rules/truncate';
import { RIDER_NAME_SHOWN_STATES, type Vertical } from '@dastak/core/states';
import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconCircleX, IconEye, IconMotorbike } from '@tabler/icons-react';
import { type MouseEvent, memo, useMemo } from 'react';
import { Link } from 'react-router';
import { RelativeTimeText } from '../../../components/relative-time-text';
import { orderDetailPath } from '../../../lib/order-paths';
import { formatPickupParts } from '../../../lib/pickup-text';
import { OrderIndicators } from './order-indicators';
import { OrderStateTag } from './order-state-tag';

export type OrderRowActions = {
  onOpen: (order: OrderListItem) => void;
  onAssign: (order: OrderListItem) => void;
  onCancel: (order: OrderListItem) => void;
};

const stop = (event: MouseEvent) => event.stopPropagation();
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/*
 * Plain <tr>/<td> with Mantine's table classes rather than Table.Tr/Table.Td: those read the
 * table's context, whose value changes on every render of the table, so each page append would
 * re-render every cell of every loaded row (hundreds of milliseconds at a thousand rows).
 */
const TD = Table.classes.td;

const patientName = (order: OrderListItem) =>
  `${order.patient.firstName} ${order.patient.lastName}`.trim();

function YesNo({ value }: { value: boolean }) {
  return (
    <Text size="sm" c={value ? 'green.9' : 'dimmed'}>
      {value ? 'Yes' : 'No'}
    </Text>
  );
}

/**
 * One row of the orders table. Memoised: rows keep their object identity across page appends
 * (TanStack Query keeps fetched pages as they were), so loading page 50 renders 20 new rows,
 * not a thousand.
 */
export const OrderRow = memo(function OrderRow({
  order,
  sn,
  vertical,
  showAssign,
  showCancel,
  actions,
}: {
  order: OrderListItem;
  sn: number;
  vertical: Vertical;
  showAssign: boolean;
  showCancel: boolean;
  actions: OrderRowActions;
}) {
  const name = patientName(order);
  const pickup = useMemo(() => formatPickupParts(order.pickup), [order.pickup]);
  const riderName = RIDER_NAME_SHOWN_STATES.includes(order.state)
    ? (order.assignedRider?.name ?? EMPTY.DASHES)
    : EMPTY.DASHES;
  return (
    <tr
      className={Table.classes.tr}
      data-hover
      data-with-row-border
      onClick={() => actions.onOpen(order)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) actions.onOpen(order);
      }}
      style={{ cursor: 'pointer' }}
    >
      <td className={TD} style={NOWRAP}>
        <OrderIndicators sn={sn} order={order} />
      </td>
      <td className={TD} style={NOWRAP}>
        <Anchor
          component={Link}
          to={orderDetailPath(vertical, order.id)}
          size="sm"
          fw={600}
          onClick={stop}
        >
          {order.number}
        </Anchor>
      </td>
      <td className={TD}>
        <Text size="sm" title={name}>
          {truncatePatientName(name)}
        </Text>
        <Text size="xs" c="dimmed">
          {order.patient.phone ?? EMPTY.NA}
        </Text>
      </td>
      <td className={TD} style={{ minWidth: 150 }}>
        <Text size="sm" title={order.address}>
          {truncateAddress(order.address)}
        </Text>
        <Text size="xs" c="dimmed">
          {order.regionName ?? EMPTY.NA}
        </Text>
      </td>
      <td className={TD}>
        <Text size="sm">{riderName}</Text>
      </td>
      <td className={TD} style={NOWRAP}>
        <OrderStateTag state={order.state} />
      </td>
      <td className={TD} style={NOWRAP}>
        {/* Date and time on two lines keep the table within a 1366-pixel screen. */}
        <Text size="sm">{pickup.date}</Text>
        <Text size="sm">{pickup.time}</Text>
        <RelativeTimeText value={order.pickup} />
      </td>
      <td className={TD}>
        <YesNo value={order.needsReview} />
      </td>
      <td className={TD}>
        <YesNo value={order.isFollowUpAddressed} />
      </td>
      <td className={TD} style={NOWRAP}>
        <Group gap={2} wrap="nowrap">
          {showAssign && (
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={`Assign ${order.number}`}
              title="Assign"
              onClick={(event) => {
                event.stopPropagation();
                actions.onAssign(order);
              }}
            >
              <IconMotorbike size={18} />
            </ActionIcon>
          )}
          <ActionIcon
            component={Link}
            to={orderDetailPath(vertical, order.id)}
            variant="subtle"
            color="gray"
            aria-label={`Detail ${order.number}`}
            title="Detail"
            onClick={stop}
          >
            <IconEye size={18} />
          </ActionIcon>
          {showCancel && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Cancel ${order.number}`}
              title="Cancel"
              onClick={(event) => {
                event.stopPropagation();
                actions.onCancel(order);
              }}
            >
              <IconCircleX size={18} />
            </ActionIcon>
          )}
        </Group>
      </td>
    </tr>
  );
});
