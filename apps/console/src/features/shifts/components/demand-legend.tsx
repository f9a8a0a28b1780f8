import { Box, Group, Text } from '@mantine/core';

const Swatch = ({ color, striped }: { color: string; striped?: boolean }) => (
  <Box
    aria-hidden
    w={striped ? 22 : 6}
    h={14}
    style={{
      borderRadius: 2,
      background: striped
        ? 'repeating-linear-gradient(135deg, rgba(250,82,82,0.3) 0 6px, rgba(250,82,82,0.12) 6px 12px)'
        : color,
    }}
  />
);

/** What the demand marks mean, next to the grid they mark. */
export function DemandLegend({ note }: { note?: string }) {
  return (
    <Group gap="lg" wrap="wrap" aria-label="Legend" role="group">
      <Group gap={6}>
        <Swatch color="var(--mantine-color-red-6)" />
        <Swatch color="" striped />
        <Text size="xs">Orders booked exceed what the riders on shift can collect that hour</Text>
      </Group>
      <Group gap={6}>
        <Swatch color="var(--mantine-color-teal-5)" />
        <Text size="xs">Bookings covered by the riders on shift</Text>
      </Group>
      <Group gap={6}>
        <Box
          aria-hidden
          w={22}
          h={12}
          style={{
            borderRadius: 2,
            background: 'var(--mantine-color-orange-1)',
            borderLeft: '4px solid var(--mantine-color-orange-6)',
          }}
        />
        <Text size="xs">Running now</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {note ?? 'Hover a mark for the figures of that hour.'}
      </Text>
    </Group>
  );
}
