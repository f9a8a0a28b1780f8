import type { OrderActivity } from '@dastak/core/entities/orders';
import { type ActivityTint, activityTint } from '@dastak/core/order-transitions';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Box, Group, Stack, Text } from '@mantine/core';

/** Tints of spec §2.7: problems, failed assignment and follow-ups are issues; delivered completes. */
const TINTS: Record<ActivityTint, { background?: string; border: string }> = {
  issue: { background: 'var(--mantine-color-red-0)', border: 'var(--mantine-color-red-6)' },
  completed: { background: 'var(--mantine-color-green-0)', border: 'var(--mantine-color-green-7)' },
  default: { border: 'var(--mantine-color-gray-3)' },
};

/** Rows of the order activity log, newest first. */
export function ActivityList({ activities }: { activities: OrderActivity[] }) {
  return (
    <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {activities.map((activity) => {
        const tint = activityTint(activity.verb);
        const style = TINTS[tint];
        return (
          <Box
            component="li"
            key={activity.id}
            data-tint={tint}
            data-verb={activity.verb}
            px="sm"
            py={6}
            style={{
              background: style.background,
              borderLeft: `3px solid ${style.border}`,
              borderRadius: 4,
            }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm">{activity.description}</Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDisplayDate(activity.created)} {formatTime12(activity.created)}
              </Text>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
