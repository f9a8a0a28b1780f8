import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAddressDialog } from '../../../components/delete-address-dialog';
import { writeCopyBuffer } from '../../../lib/copy-buffer';
import { showSuccessToast } from '../../../lib/toast';
import {
  useDeleteOrderAddressMutation,
  useMarkWrongPinMutation,
} from './api/delete-customer-address';
import { type OrderMark, useMarkOrderStateMutation } from './api/mark-order-state';
import { FollowUpDialog } from './follow-up-dialog';
import type { ActionKey } from './order-action-registry';
import { verifyDialogCopy } from './verify-dialog-copy';

// Maps, calendars and forms load when their dialog is first opened.
const AssignRiderDialog = lazy(() => import('./assign-rider-dialog'));
const CancelOrderDialog = lazy(() => import('./cancel-order-dialog'));
const RescheduleDialog = lazy(() => import('./reschedule-dialog'));

/** The order an action is for: a row or a map popup knows its id; a detail page has the order. */
export type ActionTarget = { vertical: Vertical; orderId: number; order?: Order };

export type OrderActionDialogProps = {
  action: ActionKey;
  target: ActionTarget;
  opened: boolean;
  onClose: () => void;
  /** After the action succeeded, for a page that leaves (the unverified detail). */
  onDone?: () => void;
};

/**
 * The dialog of any order action, for every surface that offers it (order-action-registry.tsx):
 * the detail pages, the list rows and the dashboard's map popups open this one component.
 */
export function OrderActionDialog({
  action,
  target,
  opened,
  onClose,
  onDone,
}: OrderActionDialogProps) {
  const { vertical, orderId, order } = target;
  switch (action) {
    case 'assign':
    case 'reassign':
      return (
        <Suspense fallback={null}>
          <AssignRiderDialog
            opened={opened}
            onClose={onClose}
            vertical={vertical}
            orderId={orderId}
          />
        </Suspense>
      );
    case 'cancel':
      return (
        <Suspense fallback={null}>
          <CancelOrderDialog
            opened={opened}
            onClose={onClose}
            vertical={vertical}
            orderId={orderId}
            isUnverified={order?.isUnverified ?? false}
            onCancelled={onDone}
          />
        </Suspense>
      );
    case 'followUp':
      return <FollowUpDialog opened={opened} onClose={onClose} orderId={orderId} />;
  }
  // The rest need the whole order: only the detail pages offer them.
  if (!order) return null;
  const props = { order, opened, onClose, onDone };
  switch (action) {
    case 'reschedule':
      return (
        <Suspense fallback={null}>
          <RescheduleDialog opened={opened} onClose={onClose} order={order} />
        </Suspense>
      );
    case 'moveInProgress':
    case 'deliver':
    case 'verify':
      return <MarkDialog {...props} mark={action} />;
    case 'deleteAddress':
    case 'markWrongPin':
      return <AddressDialog {...props} wrongPin={action === 'markWrongPin'} />;
    case 'copy':
      return <CopyDialog {...props} />;
    default: {
      // A new key in the registry without its dialog fails the typecheck here.
      const missing: never = action;
      return missing;
    }
  }
}

export default OrderActionDialog;

type DetailDialogProps = {
  order: Order;
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
};

/** The confirm-only actions: what the dialog says, the call Confirm makes, and its toast. */
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

function MarkDialog({
  order,
  opened,
  onClose,
  onDone,
  mark,
}: DetailDialogProps & { mark: keyof typeof MARKS }) {
  const marking = useMarkOrderStateMutation(order.vertical, order.id);
  const { copy, success } = MARKS[mark];
  return (
    <ConfirmDialog
      opened={opened}
      {...copy(order)}
      loading={marking.isPending}
      onClose={onClose}
      onConfirm={() =>
        marking
          .mutateAsync(MARKS[mark].mark)
          .then(() => {
            showSuccessToast(success);
            onClose();
            onDone?.();
          })
          .catch(onClose)
      }
    />
  );
}

/** Delete Address (order detail) and Mark Wrong Pin (unverified detail, with the order id). */
function AddressDialog({
  order,
  opened,
  onClose,
  wrongPin,
}: DetailDialogProps & { wrongPin: boolean }) {
  const deleteAddress = useDeleteOrderAddressMutation();
  const markWrongPin = useMarkWrongPinMutation(order.id);
  const mutation = wrongPin ? markWrongPin : deleteAddress;
  return (
    <DeleteAddressDialog
      opened={opened}
      {...(wrongPin
        ? { title: 'Mark Wrong Pin', reason: 'Its pin is wrong; the customer gets a new one.' }
        : {})}
      address={order.customerAddress.address}
      inOrderLog
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        mutation
          .mutateAsync(order.customerAddress.id)
          .then(() => showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_DELETED))
          .catch(() => undefined)
          .finally(onClose)
      }
    />
  );
}

function CopyDialog({ order, opened, onClose }: DetailDialogProps) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      opened={opened}
      title="Copy Order"
      text={`Start a new order with the patient, address and tests of order ${order.number}?`}
      confirmLabel="Copy Order"
      onClose={onClose}
      onConfirm={() => {
        writeCopyBuffer(order);
        onClose();
        navigate(`/${order.vertical}/orders/create`);
      }}
    />
  );
}
