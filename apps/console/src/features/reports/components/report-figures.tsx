import { Group, Paper, Text } from '@mantine/core';

/** A few headline numbers above a chart (medians, totals, averages). */
export function ReportFigures({
  figures,
}: {
  figures: readonly { label: string; value: string }[];
}) {
  return (
    <Group gap="sm" wrap="wrap">
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="sm" px="sm" py={6} miw={150} bg="gray.0">
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} size="lg" data-figure={f.label}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
