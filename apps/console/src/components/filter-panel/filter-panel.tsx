import { Button, Drawer, Group, ScrollArea, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The list screens' filter side panel (spec §2.3): the filters are edited here as a draft and
 * only reach the list (and its query string) on Apply Filters.
 */
export function FilterPanel({
  opened,
  onClose,
  onApply,
  onReset,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  onApply: () => void;
  /** Clears the draft back to no filters. */
  onReset?: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={360}
      title="Filters"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <Stack gap="lg">
          {children}
          <Group justify="space-between" mt="sm">
            {onReset ? (
              <Button variant="subtle" color="gray" onClick={onReset}>
                Clear
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit">Apply Filters</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
