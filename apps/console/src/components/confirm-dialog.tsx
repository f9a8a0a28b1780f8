import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';

/** The generic confirm dialog of spec §2.7: text, a Confirm button and a close link. */
export function ConfirmDialog({
  opened,
  title = 'Are you sure?',
  text,
  confirmLabel = 'Confirm',
  loading = false,
  color,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title?: string;
  text: string;
  confirmLabel?: string;
  loading?: boolean;
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Stack gap="lg">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="lg">
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClose}>
            Close
          </Anchor>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
