import type { Rider } from '@dastak/core/entities/riders';
import { SUCCESS } from '@dastak/core/messages';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTruckDelivery } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showSuccessToast } from '../../../lib/toast';
import { useForceDeliverRiderMutation } from '../api/force-deliver-rider';
import { riderFullName } from '../rider-display';

/** Shown only for blood riders in the delivering state (the caller decides, spec §2.10). */
export function ForceDeliverButton({ rider }: { rider: Rider }) {
  const [opened, dialog] = useDisclosure(false);
  const forceDeliver = useForceDeliverRiderMutation(rider.id);
  return (
    <>
      <Button color="red" leftSection={<IconTruckDelivery size={16} />} onClick={dialog.open}>
        Force Deliver Orders
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Force Deliver Orders"
        text={`Mark every collected order held by ${riderFullName(rider)} as delivered?`}
        color="red"
        loading={forceDeliver.isPending}
        onClose={dialog.close}
        // The promise, not mutate's callbacks: success refetches the rider, who is then no
        // longer delivering, so this button unmounts before a callback could run.
        onConfirm={() =>
          forceDeliver
            .mutateAsync()
            .then((data) => showSuccessToast(data?.detail || SUCCESS.RIDER_FORCE_DELIVERED))
            .catch(() => undefined)
            .finally(dialog.close)
        }
      />
    </>
  );
}
