import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { Button, Group } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCalendarTime,
  IconCircleCheck,
  IconCopy,
  IconMapPinOff,
  IconPhoneCall,
  IconProgress,
  IconTruckDelivery,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAddressDialog } from '../../../components/delete-address-dialog';
import { writeCopyBuffer } from '../../../lib/copy-buffer';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
import { useDeleteOrderAddressMutation } from './api/delete-customer-address';
import { type OrderMark, useMarkOrderStateMutation } from './api/mark-order-state';
import { FollowUpDialog } from './follow-up-dialog';
import { orderActionGates } from './order-action-gates';
import { useNow } from './use-now';
import { verifyDialogCopy } from './verify-dialog-copy';

// Maps, calendars and forms load when their button is first pressed.
const AssignRiderDialog = lazy(() => import('./assign-rider-dialog'));
const CancelOrderDialog = lazy(() => import('./cancel-order-dialog'));
const RescheduleDialog = lazy(() => import('./reschedule-dialog'));

type Dialog =
  | 'reschedule'
  | 'assign'
  | 'moveInProgress'
  | 'deliver'
  | 'verify'
  | 'cancel'
  | 'followUp'
  | 'deleteAddress'
  | 'copy';

/** The confirm-only actions: what the dialog says and what Confirm does. */
const MARKS: Record<
  'moveInProgress' | 'deliver' | 'verify',
  { mark: OrderMark; copy: (order: Order) => { title: string; text: string }; success: string }
> = {
  moveInProgress: {
    mark: 'offline-in-progress',
    copy: (o) => ({
      title: 'Move in Progress',
      text: `Mark order ${o.number} as in progress? The hospital team takes it from here.`,
    }),
    success: SUCCESS.ORDER_IN_PROGRESS,
  },
  deliver: {
    mark: 'delivered',
    copy: (o) => ({
      title: 'Deliver Order',
      text: `Mark order ${o.number} as delivered? Its sample has reached the collection center.`,
    }),
    success: SUCCESS.ORDER_DELIVERED,
  },
  verify: { mark: 'verified', copy: verifyDialogCopy, success: SUCCESS.ORDER_VERIFIED },
};

/**
 * The action buttons of the order detail (spec §2.6) with their dialogs. Each button shows only
 * when the user's permissions, the order's state and its facts allow it, by the same rules the
 * server applies (order-action-gates.ts, docs/decisions/0014-order-actions.md).
 */
export function OrderActionsBar({ order }: { order: Order }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const now = useNow(30_000);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const permissions = user?.userPermissions.map((p) => p.name) ?? [];
  const gates = orderActionGates(order, permissions, now);
  const marking = useMarkOrderStateMutation(order.vertical, order.id);
  const deleteAddress = useDeleteOrderAddressMutation();

  const runMark = (key: keyof typeof MARKS) =>
    marking
      .mutateAsync(MARKS[key].mark)
      .then(() => showSuccessToast(MARKS[key].success))
      .catch(() => undefined)
      .finally(close);

  const openVerify = () => {
    // The server says so too; asking first spares a pointless confirm.
    if (order.scanTypes.length === 0) showErrorToast(VALIDATION.TESTS_REQUIRED_TO_VERIFY);
    else setDialog('verify');
  };

  const button = (
    show: boolean,
    label: string,
    icon: ReactNode,
    onClick: () => void,
    color?: string,
  ) =>
    show && (
      <Button
        key={label}
        size="xs"
        // A red tint under red text misses WCAG AA (4.42 at best): danger actions are white with
        // the darkest red text instead.
        variant={color ? 'default' : 'light'}
        c={color && `${color}.9`}
        leftSection={icon}
        onClick={onClick}
      >
        {label}
      </Button>
    );

  const markDialog = (key: keyof typeof MARKS) => (
    <ConfirmDialog
      opened={dialog === key}
      {...MARKS[key].copy(order)}
      loading={marking.isPending}
      onClose={close}
      onConfirm={() => runMark(key)}
    />
  );

  return (
    <>
      <Group gap="xs" role="toolbar" aria-label="Order actions">
        {button(gates.reschedule, 'Reschedule', <IconCalendarTime size={16} />, () =>
          setDialog('reschedule'),
        )}
        {button(gates.assign, 'Assign', <IconUserPlus size={16} />, () => setDialog('assign'))}
        {button(gates.reassign, 'Re-assign', <IconArrowsExchange size={16} />, () =>
          setDialog('assign'),
        )}
        {button(gates.moveInProgress, 'Move in Progress', <IconProgress size={16} />, () =>
          setDialog('moveInProgress'),
        )}
        {button(gates.deliver, 'Deliver Order', <IconTruckDelivery size={16} />, () =>
          setDialog('deliver'),
        )}
        {button(gates.verify, 'Verify Order', <IconCircleCheck size={16} />, openVerify)}
        {button(gates.followUp, 'Mark Follow Up', <IconPhoneCall size={16} />, () =>
          setDialog('followUp'),
        )}
        {button(gates.copy, 'Copy Order', <IconCopy size={16} />, () => setDialog('copy'))}
        {button(
          gates.deleteAddress,
          'Delete Address',
          <IconMapPinOff size={16} />,
          () => setDialog('deleteAddress'),
          'red',
        )}
        {button(
          gates.cancel,
          'Cancel Order',
          <IconX size={16} />,
          () => setDialog('cancel'),
          'red',
        )}
      </Group>

      <Suspense fallback={null}>
        {dialog === 'reschedule' && <RescheduleDialog opened onClose={close} order={order} />}
        {dialog === 'assign' && (
          <AssignRiderDialog opened onClose={close} vertical={order.vertical} orderId={order.id} />
        )}
        {dialog === 'cancel' && (
          <CancelOrderDialog opened onClose={close} vertical={order.vertical} orderId={order.id} />
        )}
      </Suspense>
      {markDialog('moveInProgress')}
      {markDialog('deliver')}
      {markDialog('verify')}
      <FollowUpDialog opened={dialog === 'followUp'} onClose={close} orderId={order.id} />
      <DeleteAddressDialog
        opened={dialog === 'deleteAddress'}
        address={order.customerAddress.address}
        inOrderLog
        loading={deleteAddress.isPending}
        onClose={close}
        onConfirm={() =>
          deleteAddress
            .mutateAsync(order.customerAddress.id)
            .then(() => showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_DELETED))
            .catch(() => undefined)
            .finally(close)
        }
      />
      <ConfirmDialog
        opened={dialog === 'copy'}
        title="Copy Order"
        text={`Start a new order with the patient, address and tests of order ${order.number}?`}
        confirmLabel="Copy Order"
        onClose={close}
        onConfirm={() => {
          writeCopyBuffer(order);
          close();
          navigate(`/${order.vertical}/orders/create`);
        }}
      />
    </>
  );
}
