import { Group, type GroupProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title, a line on what the page is for, and its main action at the right. */
export function PageHeader({
  title,
  description,
  action,
  align = 'flex-end',
}: {
  title: ReactNode;
  description: ReactNode;
  action: ReactNode;
  align?: GroupProps['align'];
}) {
  return (
    <Group justify="space-between" align={align}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
