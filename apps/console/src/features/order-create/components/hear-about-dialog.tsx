import { VALIDATION } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
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
  return (
    <Modal opened={opened} onClose={onClose} title="How did you hear about us?" centered>
      <Stack gap="lg">
        <Select
          label="How did you hear about us"
          // The dialog opens from the keyboard too (Ctrl+Enter): focus lands on the one choice.
          data-autofocus
          placeholder="Select"
          data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.text }))}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={submitting}
            onClick={() => {
              if (!value) {
                setError(VALIDATION.SELECT_HEAR_ABOUT_US);
                return;
              }
              onConfirm(Number(value));
            }}
          >
            Confirm Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
