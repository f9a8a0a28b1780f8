import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Stack, Switch } from '@mantine/core';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useUpdateOrderMutation } from '../api/update-order';
import { DetailCard } from './detail-card';
import { FrustrationMeter } from './frustration-meter';

/** The frustration meter and the follow-up-addressed toggle (spec §2.6, §8). */
export function FollowUpBlock({ order }: { order: Order }) {
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_ORDER);
  const update = useUpdateOrderMutation(order.id);
  return (
    <DetailCard title="Follow Ups">
      <Stack gap="sm">
        <FrustrationMeter totalFollowUps={order.totalFollowUps} />
        <Switch
          label="Follow up addressed"
          checked={order.isFollowUpAddressed}
          disabled={!canChange || update.isPending}
          onChange={(event) =>
            update.mutate(
              { data: { isFollowUpAddressed: event.currentTarget.checked } },
              {
                onSuccess: (reply) =>
                  showSuccessToast(reply.detail || SUCCESS.ORDER_FOLLOW_UP_ADDRESSED),
              },
            )
          }
        />
      </Stack>
    </DetailCard>
  );
}
