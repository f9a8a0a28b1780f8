import { EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ConflictFields, conflictText, type EditConflict } from '../lib/edit-conflict';

/**
 * Shown in a form whose save found the record changed by someone else (409, ADR 0056): who
 * changed which of the form's fields since it was opened, and Reload, which puts the record as it
 * is now into the form. The form stays open with its own values until then.
 */
export function ConflictAlert<T>({
  loaded,
  conflict,
  fields,
  whole,
  onReload,
}: {
  /** The record the form was opened with. */
  loaded: T;
  conflict: EditConflict<T> | null;
  fields: ConflictFields<T>;
  /** What changed when none of the fields did: 'this order'; default 'this record'. */
  whole?: string;
  onReload: (current: T) => void;
}) {
  if (!conflict) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      // Dark text: orange on pale orange falls short of AA contrast (axe checks it in e2e).
      title={
        <Text span fw={700} size="sm" c="dark.7">
          {EDIT_CONFLICT.TITLE}
        </Text>
      }
      icon={<IconAlertTriangle size={18} />}
      data-testid="edit-conflict"
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dark.7">
          {conflictText(loaded, conflict, fields, whole)}
        </Text>
        <Button size="xs" variant="default" onClick={() => onReload(conflict.current)}>
          {EDIT_CONFLICT.RELOAD}
        </Button>
      </Group>
    </Alert>
  );
}
