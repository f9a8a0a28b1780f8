import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { Button, Group } from '@mantine/core';
import { IconCircleCheck, IconMapPinOff, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAddressDialog } from '../../../components/delete-address-dialog';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
import { useMarkWrongPinMutation } from './api/delete-customer-address';
import { useMarkOrderStateMutation } from './api/mark-order-state';
import { orderActionGates } from './order-action-gates';
import { verifyDialogCopy } from './verify-dialog-copy';

const CancelOrderDialog = lazy(() => import('./cancel-order-dialog'));

type Dialog = 'wrongPin' | 'verify' | 'cancel';

/**
 * The unverified order detail's actions (spec §2.4): Mark Wrong Pin (order still unverified and
 * online, address verified and valid), Verify Order (needs tests) and Cancel Order. Verifying or
 * cancelling hands back to the page (onDone), which returns to where the user came from.
 */
export function UnverifiedOrderActions({ order, onDone }: { order: Order; onDone: () => void }) {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const gates = orderActionGates(order, user?.userPermissions.map((p) => p.name) ?? [], new Date());
  const verify = useMarkOrderStateMutation(order.vertical, order.id);
  const markWrongPin = useMarkWrongPinMutation(order.id);

  const openVerify = () => {
    if (order.scanTypes.length === 0) showErrorToast(VALIDATION.TESTS_REQUIRED_TO_VERIFY);
    else setDialog('verify');
  };

  return (
    <>
      <Group gap="xs" role="toolbar" aria-label="Order actions">
        {gates.markWrongPin && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconMapPinOff size={16} />}
            onClick={() => setDialog('wrongPin')}
          >
            Mark Wrong Pin
          </Button>
        )}
        {gates.verify && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCircleCheck size={16} />}
            onClick={openVerify}
          >
            Verify Order
          </Button>
        )}
        {gates.cancel && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => setDialog('cancel')}
          >
            Cancel Order
          </Button>
        )}
      </Group>

      <DeleteAddressDialog
        opened={dialog === 'wrongPin'}
        title="Mark Wrong Pin"
        address={order.customerAddress.address}
        reason="Its pin is wrong; the customer gets a new one."
        inOrderLog
        loading={markWrongPin.isPending}
        onClose={close}
        onConfirm={() =>
          markWrongPin
            .mutateAsync(order.customerAddress.id)
            .then(() => showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_DELETED))
            .catch(() => undefined)
            .finally(close)
        }
      />
      <ConfirmDialog
        opened={dialog === 'verify'}
        {...verifyDialogCopy(order)}
        loading={verify.isPending}
        onClose={close}
        onConfirm={() =>
          verify
            .mutateAsync('verified')
            .then(() => {
              showSuccessToast(SUCCESS.ORDER_VERIFIED);
              close();
              onDone();
            })
            .catch(close)
        }
      />
      <Suspense fallback={null}>
        {dialog === 'cancel' && (
          <CancelOrderDialog
            opened
            onClose={close}
            vertical={order.vertical}
            orderId={order.id}
            isUnverified
            onCancelled={onDone}
          />
        )}
      </Suspense>
    </>
  );
}
