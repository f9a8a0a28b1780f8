import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Title, the region (or city) selector, the mode toggle and refresh (spec §2.5). */
export function DashboardToolbar({
  title,
  selector,
  detailMode,
  onToggleDetailMode,
  onRefresh,
  refreshing,
}: {
  title: string;
  selector: ReactNode;
  detailMode?: boolean;
  onToggleDetailMode?: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Title order={2}>{title}</Title>
        {selector}
      </Group>
      <Group gap="xs">
        {onToggleDetailMode && (
          <Button variant="light" size="sm" onClick={onToggleDetailMode}>
            {detailMode ? 'Switch to Basic Mode' : 'Switch to Detail Mode'}
          </Button>
        )}
        {/* A title, not Mantine's Tooltip: the map's budget has no room for it. */}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Refresh"
          title="Refresh"
          onClick={onRefresh}
          loading={refreshing}
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
