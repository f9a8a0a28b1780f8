import { COMMENT_MAX } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { EMPTY, FORM_VALIDATION, SUCCESS } from '@dastak/core/messages';
import { EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Anchor, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConflictAlert } from '../../../components/conflict-alert';
import { type ConflictFields, useEditConflict } from '../../../lib/edit-conflict';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { orderKeys } from '../api/order-keys';
import { useUpdateOrderMutation } from '../api/update-order';
import { DetailCard } from './detail-card';
import { canEditBeforeCollection } from './order-editing';

/** The dialog's one field, as it labels it, for 'Sara Khan changed Notes since ...'. */
const CONFLICT_FIELDS: ConflictFields<Order> = { Notes: (o) => o.additionalNotes };

/**
 * 'Additional Comments' (spec §2.7): a textarea of at most 250 characters and Save. It saves on
 * the version of the order it was opened with (If-Match, ADR 0056): the order changing on the
 * page meanwhile (live updates) leaves the text being written alone, and a save after someone
 * else's change says who changed what, with Reload.
 */
function EditNotesDialog({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState(order);
  const [text, setText] = useState(order.additionalNotes);
  const [touched, setTouched] = useState(false);
  const update = useUpdateOrderMutation(order.id);
  const conflict = useEditConflict<Order>();
  const queryClient = useQueryClient();
  const start = (from: Order) => {
    setLoaded(from);
    setText(from.additionalNotes);
    // A note written at create may hold up to 1000 characters: say at once that this box
    // keeps 250, rather than only after Save.
    setTouched(from.additionalNotes.length > COMMENT_MAX);
  };
  // Each opening starts from the order as it is then; later changes of the order do not reach in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening takes the order.
  useEffect(() => {
    if (opened) {
      start(order);
      conflict.clear();
    }
  }, [opened]);
  const tooLong = text.length > COMMENT_MAX;
  const submit = () => {
    setTouched(true);
    if (tooLong) return;
    update.mutate(
      { data: { additionalNotes: text.trim() }, version: loaded.version },
      {
        onSuccess: (reply) => {
          showSuccessToast(reply.detail || SUCCESS.NOTES_SAVED);
          onClose();
        },
        onError: conflict.seen,
      },
    );
  };
  const reload = (current: Order) => {
    queryClient.setQueryData(orderKeys.detail(current.vertical, current.id), current);
    start(current);
    conflict.clear();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Additional Comments" centered>
      <Stack gap="md">
        <ConflictAlert
          loaded={loaded}
          conflict={conflict.conflict}
          fields={CONFLICT_FIELDS}
          whole={EDIT_CONFLICT.THIS_ORDER}
          onReload={reload}
        />
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
      {/* Kept while open: an order cancelled elsewhere meanwhile is told by the save, not by
          the dialog vanishing under the text being written. */}
      {(showEdit || opened) && (
        <EditNotesDialog order={order} opened={opened} onClose={dialog.close} />
      )}
    </DetailCard>
  );
}
