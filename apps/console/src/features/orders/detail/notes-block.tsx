import { COMMENT_MAX } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { EMPTY, FORM_VALIDATION, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Anchor, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../auth/hooks/use-session';
import { useUpdateOrderMutation } from '../api/update-order';
import { DetailCard } from './detail-card';
import { canEditBeforeCollection } from './order-editing';

/** 'Additional Comments' (spec §2.7): a textarea of at most 250 characters and Save. */
function EditNotesDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState(order.additionalNotes);
  const [touched, setTouched] = useState(false);
  const update = useUpdateOrderMutation(order.id);
  useEffect(() => {
    if (opened) {
      setText(order.additionalNotes);
      // A note written at create may hold up to 1000 characters: say at once that this box
      // keeps 250, rather than only after Save.
      setTouched(order.additionalNotes.length > COMMENT_MAX);
    }
  }, [opened, order.additionalNotes]);
  const tooLong = text.length > COMMENT_MAX;
  const submit = () => {
    setTouched(true);
    if (tooLong) return;
    update.mutate(
      { additionalNotes: text.trim() },
      {
        onSuccess: (reply) => {
          showSuccessToast(reply.detail || SUCCESS.NOTES_SAVED);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Additional Comments" centered>
      <Stack gap="md">
        <Textarea
          label="Additional notes"
          autosize
          minRows={4}
          maxRows={10}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setTouched(true);
          }}
          error={touched && tooLong ? FORM_VALIDATION.COMMENT_MAX : undefined}
          description={`${text.length}/${COMMENT_MAX}`}
          data-autofocus
        />
        <Group justify="flex-end" gap="lg">
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onClose}>
            Close
          </Anchor>
          {/* A link, as spec §2.7 draws the Additional Comments dialog. */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={submit}
            disabled={update.isPending}
          >
            Save
          </Anchor>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Notes of the order, editable until collection (spec §2.6, §4). */
export function NotesBlock({ order }: { order: Order }) {
  const [opened, dialog] = useDisclosure(false);
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_ORDER);
  const showEdit = canChange && canEditBeforeCollection(order);
  return (
    <DetailCard
      title="Notes"
      actions={
        showEdit && (
          <Anchor component="button" type="button" size="sm" onClick={dialog.open}>
            Edit Notes
          </Anchor>
        )
      }
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-notes">
        {order.additionalNotes || EMPTY.DASHES}
      </Text>
      {showEdit && <EditNotesDialog order={order} opened={opened} onClose={dialog.close} />}
    </DetailCard>
  );
}
