import { Box, Group, Kbd, Loader, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import {
  IconBolt,
  IconClipboardList,
  IconClock,
  IconMotorbike,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../lib/session-user';
import { type PaletteItem, useRecentItems } from './recent-items';
import { usePaletteResults } from './use-palette-results';

const KIND_ICONS = {
  order: IconClipboardList,
  customer: IconUser,
  rider: IconMotorbike,
  action: IconBolt,
} as const;

/**
 * The palette's dialog, loaded on demand by command-palette.tsx: mounted while open, so each
 * opening starts empty and re-reads the recent items.
 */
export default function PaletteDialog({
  user,
  onClose,
}: {
  user: SessionUser;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Go to"
      size="lg"
      yOffset="10vh"
      padding="md"
      transitionProps={{ duration: 0 }}
    >
      <PaletteBody user={user} onDone={onClose} />
    </Modal>
  );
}

function PaletteBody({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState(0);
  // Enter pressed while a search is pending opens the top result once it arrives, never a
  // result of the text as it was before the last keystrokes.
  const [enterPending, setEnterPending] = useState(false);
  const recent = useRecentItems(user.id);
  const { sections, searching } = usePaletteResults(user, text, recent.items);
  const options = useMemo(() => sections.flatMap((s) => s.items), [sections]);
  const active = Math.min(selected, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const open = (item: PaletteItem) => {
    // Actions are always listed; the recent list is for the records a user comes back to.
    if (item.kind !== 'action') recent.remember(item);
    onDone();
    navigate(item.href);
  };

  useEffect(() => {
    if (!enterPending || searching) return;
    setEnterPending(false);
    const item = options[active];
    if (item) open(item);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (searching) return setEnterPending(true);
      const item = options[active];
      if (item) open(item);
    }
  };

  let index = -1;
  return (
    <>
      <TextInput
        data-autofocus
        label="Search orders, customers and riders"
        placeholder="Order number, phone or name"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setSelected(0);
          setEnterPending(false);
        }}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size="xs" /> : null}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
      />
      <Box
        role="listbox"
        id={listId}
        aria-label="Results"
        mt="sm"
        mah="55vh"
        style={{ overflowY: 'auto' }}
      >
        {sections.map((section) => (
          <Box key={section.key} role="group" aria-labelledby={`${listId}-${section.key}`} mb="xs">
            <Text id={`${listId}-${section.key}`} size="xs" fw={600} c="dimmed" px="sm" py={4}>
              {section.title}
            </Text>
            {section.items.map((item) => {
              index += 1;
              const i = index;
              const isActive = i === active;
              const Icon = section.key === 'recent' ? IconClock : KIND_ICONS[item.kind];
              return (
                <UnstyledButton
                  key={item.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={isActive}
                  tabIndex={-1}
                  display="block"
                  w="100%"
                  px="sm"
                  py={6}
                  bg={isActive ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  onMouseMove={() => setSelected(i)}
                  // Keeps focus in the input, so the keys keep working after a click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => open(item)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Icon size={16} />
                    <Text size="sm" fw={500} truncate>
                      {item.label}
                    </Text>
                    {item.detail && (
                      <Text size="xs" c="dimmed" truncate>
                        {item.detail}
                      </Text>
                    )}
                  </Group>
                </UnstyledButton>
              );
            })}
          </Box>
        ))}
        {text.trim() !== '' && !searching && options.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            Nothing found
          </Text>
        )}
      </Box>
      <Group gap="md" mt="xs" c="dimmed">
        <Text size="xs">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move
        </Text>
        <Text size="xs">
          <Kbd size="xs">Enter</Kbd> to open
        </Text>
        <Text size="xs">
          <Kbd size="xs">Esc</Kbd> to close
        </Text>
      </Group>
    </>
  );
}
