import { VALIDATION } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useHearAboutUsQuery } from '../api/get-lookups';

/** Asked before submit when the customer has not answered it yet (spec §5 Hear about us). */
export function HearAboutDialog({
  opened,
  vertical,
  submitting,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  vertical: Vertical;
  submitting: boolean;
  onClose: () => void;
  onConfirm: (hearAboutId: number) => void;
}) {
  const options = useHearAboutUsQuery(vertical);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An option chosen by the same Ctrl+Enter (the combobox takes the Enter first) is not in
  // `value` until the next render; this is.
  const chosen = useRef<string | null>(null);
  const confirm = () => {
    if (submitting) return;
    if (!chosen.current) {
      setError(VALIDATION.SELECT_HEAR_ABOUT_US);
      return;
    }
    onConfirm(Number(chosen.current));
  };
  return (
    <Modal opened={opened} onClose={onClose} title="How did you hear about us?" centered>
      <Stack
        gap="lg"
        // Ctrl+Enter (Cmd+Enter) confirms, as it submits the page behind (ADR 0058).
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.repeat) return;
          event.preventDefault();
          confirm();
        }}
      >
        <Select
          label="How did you hear about us"
          // The dialog opens from the keyboard too (Ctrl+Enter): focus lands on the one choice.
          data-autofocus
          placeholder="Select"
          data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.text }))}
          value={value}
          onChange={(v) => {
            chosen.current = v;
            setValue(v);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            Ctrl+Enter to confirm
          </Text>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={confirm}>
            Confirm Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
