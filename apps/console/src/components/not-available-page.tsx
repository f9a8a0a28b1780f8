import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHourglassEmpty } from '@tabler/icons-react';

/**
 * Stands in for a screen that a later issue builds. It says so plainly and offers no controls,
 * so nothing looks like it works when it does not.
 */
export function NotAvailablePage({ title }: { title: string }) {
  useDocumentTitle(`${title} · Dastak`);
  return (
    <Stack gap="lg" p="xl" maw={720}>
      <Group gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Badge variant="light" color="gray">
          Not available yet
        </Badge>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="gray" size="lg" aria-hidden>
            <IconHourglassEmpty size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>This screen is not available yet.</Text>
            <Text c="dimmed" size="sm">
              It arrives in a later release of Dastak. Nothing on this page works yet, and no data
              has been loaded or changed.
            </Text>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
