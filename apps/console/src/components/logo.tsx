import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';

/** Wordmark: "Dastak" is a knock at the door. */
export function Logo({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const iconSize = { sm: 26, md: 32, lg: 40 }[size];
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={iconSize} radius="md" variant="filled" aria-hidden>
        <IconDoorEnter size={iconSize * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 24 : 19} lh={1} c="dark.7" style={{ letterSpacing: -0.3 }}>
        Dastak
      </Text>
    </Group>
  );
}
