import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * Delete customer address (spec §2.7): 'Confirm Delete' with a notice that the activity is
 * recorded. The one dialog of every place an address is deleted (order create, the customer
 * wizard, order detail, Mark Wrong Pin); the caller owns the call, so any delete request fits.
 */
export function DeleteAddressDialog({
  opened,
  address,
  title = 'Delete Address',
  reason,
  inOrderLog = false,
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  /** The address text being deleted. */
  address: string;
  title?: string;
  /** Why this delete, when the caller has one to say (Mark Wrong Pin). */
  reason?: string;
  /** Deleted from an order: the record goes to that order's activity log. */
  inOrderLog?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Stack gap="md">
        <Text size="sm">
          Delete the address "{address}"?{reason ? ` ${reason}` : ''}
        </Text>
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs">
          <Text size="sm">
            {inOrderLog
              ? "This activity is recorded in the order's log with your name."
              : 'This activity is recorded with your name.'}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="lg">
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClose}>
            Close
          </Anchor>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Confirm Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
