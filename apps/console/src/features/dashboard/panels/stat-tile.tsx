import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * One count of the orders or riders panel. With `to`, the number is a link to the list that
 * shows what it counted. `value` undefined while loading.
 */
export function StatTile({
  label,
  value,
  to,
  color,
}: {
  label: string;
  value: number | undefined;
  to?: string;
  color?: string;
}) {
  const number =
    value === undefined ? (
      <Skeleton h={24} w={40} />
    ) : to ? (
      <Anchor component={Link} to={to} fz="xl" fw={700} c={color} aria-label={`${label}: ${value}`}>
        {value}
      </Anchor>
    ) : (
      <Text fz="xl" fw={700} c={color}>
        {value}
      </Text>
    );
  return (
    <Stack gap={0} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {number}
    </Stack>
  );
}
