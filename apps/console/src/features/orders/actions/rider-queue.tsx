import { EMPTY } from '@dastak/core/messages';
import { formatTime12 } from '@dastak/core/rules/format';
import { RIDER_TASK_TYPES, type Vertical } from '@dastak/core/states';
import { Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SampleCountdown } from '../../../components/sample-countdown';
import { useRiderTasksQuery } from '../api/get-rider-tasks';

const TASK_LABELS: Record<number, string> = {
  [RIDER_TASK_TYPES.PICKUP]: 'Pickup',
  [RIDER_TASK_TYPES.DELIVERY]: 'Delivery',
  [RIDER_TASK_TYPES.BREAK]: 'Break',
};
const TASK_COLORS: Record<number, string> = {
  [RIDER_TASK_TYPES.PICKUP]: 'blue',
  [RIDER_TASK_TYPES.DELIVERY]: 'teal',
  [RIDER_TASK_TYPES.BREAK]: 'gray',
};

/** Rider task queue (spec §2.7): 'Tasks in queue' or 'No Tasks'. */
export function RiderQueue({
  vertical,
  riderId,
  riderName,
}: {
  vertical: Vertical;
  riderId: number;
  riderName: string;
}) {
  const tasks = useRiderTasksQuery(vertical, riderId, false);
  const list = tasks.data ?? [];
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Queue of ${riderName}`} component="section">
      {tasks.isPending ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading tasks" />
        </Center>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          {EMPTY.NO_TASKS}
        </Text>
      ) : (
        <Stack gap={6}>
          <Title order={4} fz="sm">
            Tasks in queue
          </Title>
          {list.map((task, index) => (
            <Group key={task.id} gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" w={18}>
                {index + 1}.
              </Text>
              <Badge size="sm" variant="light" color={TASK_COLORS[task.type]}>
                {TASK_LABELS[task.type]}
              </Badge>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" lineClamp={1}>
                  {task.order
                    ? `${task.order.number} · ${task.order.address}`
                    : (task.collectionCenter?.name ?? '---')}
                </Text>
                {task.order?.sampleExpiresAt && (
                  <SampleCountdown expiresAt={task.order.sampleExpiresAt} />
                )}
              </Stack>
              <Text size="sm" c="dimmed">
                by {formatTime12(task.deadline)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
