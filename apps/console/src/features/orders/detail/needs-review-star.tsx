import type { Order } from '@dastak/core/entities/orders';
import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useUpdateOrderMutation } from '../api/update-order';

/**
 * The needs-review star: yellow while the order is marked (spec §2.6). A click asks first (the
 * 'needs review' modal of §2.6), as the mark changes what dispatchers see in their lists.
 */
export function NeedsReviewStar({ order }: { order: Order }) {
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_ORDER);
  const update = useUpdateOrderMutation(order.id);
  const [opened, dialog] = useDisclosure(false);
  const marked = order.needsReview;
  const label = marked ? 'Marked as needing review' : 'Mark as needing review';
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color={marked ? 'yellow' : 'gray'}
          size="lg"
          aria-label="Needs review"
          aria-pressed={marked}
          disabled={!canChange}
          loading={update.isPending}
          onClick={dialog.open}
        >
          {marked ? (
            <IconStarFilled size={24} color="var(--mantine-color-yellow-5)" />
          ) : (
            <IconStar size={24} />
          )}
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={opened}
        text={
          marked
            ? 'Remove the needs-review mark from this order?'
            : 'Mark this order as needing review?'
        }
        loading={update.isPending}
        onClose={dialog.close}
        onConfirm={() =>
          update.mutate(
            { data: { needsReview: !marked } },
            {
              onSuccess: (reply) => {
                showSuccessToast(reply.detail || SUCCESS.ORDER_REVIEWED);
                dialog.close();
              },
            },
          )
        }
      />
    </>
  );
}
