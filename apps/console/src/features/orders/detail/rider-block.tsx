import { RIDER_LOCATION_POLL_MS } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import type { RiderTask } from '@dastak/core/entities/riders';
import { EMPTY } from '@dastak/core/messages';
import { formatTime12 } from '@dastak/core/rules/format';
import { truncateAddress } from '@dastak/core/rules/truncate';
import { RIDER_TASK_TYPES, type RiderTaskType } from '@dastak/core/states';
import { Anchor, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { SampleCountdown } from '../../../components/sample-countdown';
import { Tag, type TagColor } from '../../../components/tag';
import { useRiderTasksQuery } from '../api/get-rider-tasks';
import { DetailCard, DetailField } from './detail-card';
import { orderRiderId, shouldPollRider } from './order-editing';

const TASK_TYPES: Record<RiderTaskType, { label: string; color: TagColor }> = {
  [RIDER_TASK_TYPES.PICKUP]: { label: 'Pickup', color: 'teal' },
  [RIDER_TASK_TYPES.DELIVERY]: { label: 'Delivery', color: 'violet' },
  [RIDER_TASK_TYPES.BREAK]: { label: 'Break', color: 'gray' },
};

function TaskRow({ task, currentOrderId }: { task: RiderTask; currentOrderId: number }) {
  const type = TASK_TYPES[task.type] ?? TASK_TYPES[RIDER_TASK_TYPES.PICKUP];
  const isThisOrder = task.order?.id === currentOrderId;
  return (
    <List.Item>
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <Tag size="sm" color={type.color}>
            {type.label}
          </Tag>
          {task.order && (
            <Text size="sm" fw={isThisOrder ? 700 : 500}>
              {task.order.number}
              {isThisOrder ? ' (this order)' : ''}
            </Text>
          )}
          <Text size="xs" c="dimmed" ml="auto">
            by {formatTime12(task.deadline)}
          </Text>
        </Group>
        {task.type === RIDER_TASK_TYPES.DELIVERY && task.collectionCenter && (
          <Text size="xs" c="dimmed">
            {task.collectionCenter.name}
          </Text>
        )}
        {task.order?.sampleExpiresAt && <SampleCountdown expiresAt={task.order.sampleExpiresAt} />}
        {task.order && task.type === RIDER_TASK_TYPES.PICKUP && (
          <Text size="xs" c="dimmed" title={task.order.address}>
            {truncateAddress(task.order.address)}
          </Text>
        )}
      </Stack>
    </List.Item>
  );
}

/** 'Tasks in queue' with the tasks, or 'No Tasks' (spec §2.7 rider task queue). */
function TaskQueue({
  tasks,
  currentOrderId,
}: {
  tasks: { isPending: boolean; data?: RiderTask[] };
  currentOrderId: number;
}) {
  if (tasks.isPending) return <Loader size="xs" aria-label="Loading tasks" />;
  if (!tasks.data?.length) {
    return (
      <Text size="sm" c="dimmed">
        {EMPTY.NO_TASKS}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Tasks in queue
      </Text>
      <List listStyleType="none" spacing={8} data-testid="rider-tasks">
        {tasks.data.map((task) => (
          <TaskRow key={task.id} task={task} currentOrderId={currentOrderId} />
        ))}
      </List>
    </Stack>
  );
}

/**
 * The rider tasks modal (spec §2.6): the rider's queue read once, for an order whose rider is
 * not being polled (delivered, cancelled, in problem), so a dispatcher still sees where they are.
 */
function RiderTasksDialog({ order, riderId }: { order: Order; riderId: number }) {
  const [opened, dialog] = useDisclosure(false);
  const tasks = useRiderTasksQuery(order.vertical, opened ? riderId : null, false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={dialog.open}>
        View Tasks
      </Anchor>
      <Modal opened={opened} onClose={dialog.close} title="Rider Tasks" centered>
        <section aria-label="Rider tasks">
          <TaskQueue tasks={tasks} currentOrderId={order.id} />
        </section>
      </Modal>
    </>
  );
}

/**
 * 'Assigned to' or, once delivered, 'Delivered by', linking to the rider; and the rider's task
 * queue ('Tasks in queue' or 'No Tasks', spec §2.7), polled while the rider is out on the order,
 * else behind View Tasks.
 */
export function RiderBlock({ order }: { order: Order }) {
  const riderId = orderRiderId(order);
  const polling = shouldPollRider(order);
  const tasks = useRiderTasksQuery(
    order.vertical,
    polling ? riderId : null,
    RIDER_LOCATION_POLL_MS,
  );
  const label = order.state === 'delivered' ? 'Delivered by' : 'Assigned to';
  return (
    <DetailCard
      title="Rider"
      actions={riderId !== null && !polling && <RiderTasksDialog order={order} riderId={riderId} />}
    >
      <Stack gap="sm">
        <DetailField label={label}>
          {order.assignedRider ? (
            <Anchor component={Link} to={`/riders/detail/${order.assignedRider.id}`} size="sm">
              {order.assignedRider.name}
            </Anchor>
          ) : (
            EMPTY.DASHES
          )}
        </DetailField>
        {polling && (
          <section aria-label="Rider tasks">
            <TaskQueue tasks={tasks} currentOrderId={order.id} />
          </section>
        )}
      </Stack>
    </DetailCard>
  );
}
