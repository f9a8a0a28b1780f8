import type { Order } from '@dastak/core/entities/orders';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
import { OrderActionDialog } from './order-action-dialog';
import { type ActionKey, offeredActions } from './order-action-registry';
import { useNow } from './use-now';

/**
 * The action buttons of the order detail (spec §2.6) and of the unverified order detail (§2.4),
 * with their dialogs. Each button shows only when the user's permissions, the order's state and
 * its facts allow it, by the same rules the server applies (each action's gate, ADR 0014).
 * On the unverified detail, verifying or cancelling hands back to the page (onDone).
 */
export function OrderActionsToolbar({
  order,
  surface,
  onDone,
}: {
  order: Order;
  surface: 'detail' | 'unverified';
  onDone?: () => void;
}) {
  const user = useSessionUser();
  const now = useNow(30_000);
  // Kept after closing, so the dialog animates out before it unmounts with the next choice.
  const [dialog, setDialog] = useState<{ action: ActionKey; opened: boolean } | null>(null);
  const permissions = user?.userPermissions.map((p) => p.name) ?? [];
  const buttons = offeredActions(surface, order, permissions, now);

  const open = (button: (typeof buttons)[number]) => {
    const refusal = button.refusal?.(order);
    if (refusal) showErrorToast(refusal);
    else setDialog({ action: button.key, opened: true });
  };

  return (
    <>
      <Group gap="xs" role="toolbar" aria-label="Order actions">
        {buttons.map((button) => (
          <Button
            key={button.key}
            size="xs"
            // A red tint under red text misses WCAG AA (4.42 at best): danger and warning actions
            // are white with the darkest shade as text instead.
            variant={button.tone ? 'default' : 'light'}
            c={button.tone && `${button.tone}.9`}
            leftSection={<button.icon size={16} />}
            onClick={() => open(button)}
          >
            {button.label}
          </Button>
        ))}
      </Group>
      {dialog && (
        <OrderActionDialog
          action={dialog.action}
          target={{ vertical: order.vertical, orderId: order.id, order }}
          opened={dialog.opened}
          onClose={() => setDialog({ ...dialog, opened: false })}
          onDone={onDone}
        />
      )}
    </>
  );
}
