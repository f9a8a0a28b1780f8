import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every dashboard panel shares: a titled, bordered card (a labelled region). */
export function PanelCard({
  title,
  action,
  children,
  label,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  /** Accessible name of the region when it differs from the visible title. */
  label?: string;
}) {
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-label={label ?? title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="sm" fw={700}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
