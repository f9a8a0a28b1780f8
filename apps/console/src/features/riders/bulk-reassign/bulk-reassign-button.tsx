import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useHasPermission } from '../../auth/hooks/use-session';
import { BulkReassignDialog } from './bulk-reassign-dialog';

/** 'Reassign all pickups' (issue 17): only for users who may re-assign orders. */
export function BulkReassignButton({ riderId }: { riderId: number }) {
  const allowed = useHasPermission(PERMISSIONS.CAN_ASSIGN_ORDER);
  const [opened, dialog] = useDisclosure(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowsExchange size={16} />}
        onClick={dialog.open}
      >
        {M.BUTTON}
      </Button>
      {opened && <BulkReassignDialog riderId={riderId} onClose={dialog.close} />}
    </>
  );
}
