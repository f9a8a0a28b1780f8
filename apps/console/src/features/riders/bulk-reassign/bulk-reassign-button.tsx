import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { PERMISSIONS } from '@dastak/core/permissions';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useHasPermission } from '../../../lib/use-session';
import { BulkReassignDialog } from './bulk-reassign-dialog';

/**
 * 'Reassign all pickups': only for users who may re-assign orders (the single
 * Re-assign's permission, which the server checks too). A labelled button on the rider detail;
 * `compact`, an icon with a tooltip that fits a list row (the dashboard's rider list), named
 * after the rider so each row's icon reads apart. `onCommitted` lets the caller refresh what it
 * shows beyond the rider and order queries the commit already invalidates.
 */
export function BulkReassignButton({
  riderId,
  compact,
  onCommitted,
}: {
  riderId: number;
  compact?: { riderName: string };
  onCommitted?: () => void;
}) {
  const allowed = useHasPermission(PERMISSIONS.CAN_ASSIGN_ORDER);
  const [opened, dialog] = useDisclosure(false);
  if (!allowed) return null;
  return (
    <>
      {compact ? (
        <Tooltip label={M.BUTTON}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${M.BUTTON} of ${compact.riderName}`}
            onClick={dialog.open}
          >
            <IconArrowsExchange size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="default"
          leftSection={<IconArrowsExchange size={16} />}
          onClick={dialog.open}
        >
          {M.BUTTON}
        </Button>
      )}
      {opened && (
        <BulkReassignDialog riderId={riderId} onClose={dialog.close} onCommitted={onCommitted} />
      )}
    </>
  );
}
