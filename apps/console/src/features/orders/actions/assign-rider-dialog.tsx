import { ORDER_SUCCESS } from '@dastak/core/messages';
import { staffActionBlocker } from '@dastak/core/rules/order-guards';
import { REASSIGNABLE_STATES, type Vertical } from '@dastak/core/states';
import {
  Alert,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useSessionUser } from '../../../lib/use-session';
import { useOrderQuery } from '../api/get-order';
import { useAssignOrderMutation } from './api/assign-order';
import { useSuggestedRidersQuery } from './api/get-suggested-riders';
import { useReassignOrderMutation } from './api/reassign-order';
import { actionSubject } from './order-action-gates';
import { type ReassignReason, ReassignReasonDialog } from './reassign-reason-dialog';
import {
  findSuggestedRider,
  matchesRiderSearch,
  RIDER_TABS,
  type RiderGroup,
  suggestedRiderName,
} from './rider-groups';
import { RiderQueue } from './rider-queue';
import { SuggestedRidersTable } from './suggested-riders-table';

const AssignMap = lazy(() => import('./assign-map'));

const MAP_FALLBACK = (
  <Center h={360}>
    <Loader size="sm" aria-label="Loading map" />
  </Center>
);

type Props = { opened: boolean; onClose: () => void; vertical: Vertical; orderId: number };

/**
 * Assign or re-assign a rider (spec §2.7): the order and rider pins on a map, a rider search,
 * the six tabs of suggested riders, the picked rider's queue, and Assign Order or Re-assign
 * Order (which asks for a reason first). Reads the order itself, so a list row can open it with
 * an id alone; its state decides between assign and re-assign.
 */
export function AssignRiderDialog({ opened, onClose, vertical, orderId }: Props) {
  useReturnFocus(opened);
  const order = useOrderQuery(vertical, opened ? orderId : 0);
  const reassign = !!order.data && REASSIGNABLE_STATES.includes(order.data.state);
  const title = order.data
    ? `${reassign ? 'Re-assign' : 'Assign'} Rider · ${order.data.number}`
    : 'Assign Rider';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={1120} centered>
      {order.data ? (
        <AssignRiderContent
          key={order.data.id}
          vertical={vertical}
          order={order.data}
          mode={reassign ? 'reassign' : 'assign'}
          onDone={onClose}
        />
      ) : (
        <Center h={420}>
          {order.isError ? (
            <Text c="dimmed">The order could not be loaded.</Text>
          ) : (
            <Loader aria-label="Loading order" />
          )}
        </Center>
      )}
    </Modal>
  );
}

export default AssignRiderDialog;

type OrderData = NonNullable<ReturnType<typeof useOrderQuery>['data']>;

function AssignRiderContent({
  vertical,
  order,
  mode,
  onDone,
}: {
  vertical: Vertical;
  order: OrderData;
  mode: 'assign' | 'reassign';
  onDone: () => void;
}) {
  const user = useSessionUser();
  const suggestions = useSuggestedRidersQuery(vertical, order.id, true);
  const assign = useAssignOrderMutation(vertical, order.id);
  const reassign = useReassignOrderMutation(vertical, order.id);
  const [tab, setTab] = useState<RiderGroup>('availableRiders');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [askingReason, setAskingReason] = useState(false);

  const blocker = staffActionBlocker(
    mode,
    actionSubject(order, new Date()),
    user?.userPermissions.map((p) => p.name) ?? [],
  );
  const selected = findSuggestedRider(suggestions.data, selectedId);
  const filtered = (group: RiderGroup) =>
    (suggestions.data?.[group] ?? []).filter((entry) => matchesRiderSearch(entry, search));
  const tabRiders = filtered(tab);
  // The picked rider stays on the map after switching to another tab.
  const mapRiders =
    selected && !tabRiders.some((e) => e.rider.id === selected.rider.id)
      ? [...tabRiders, selected]
      : tabRiders;

  const confirm = () => {
    // Spec §5: nothing happens until a rider is picked.
    if (!selected) return;
    if (mode === 'reassign') {
      setAskingReason(true);
      return;
    }
    assign.mutate(selected.rider.id, {
      onSuccess: (data) => {
        showSuccessToast(data?.detail || ORDER_SUCCESS.ASSIGNED);
        onDone();
      },
    });
  };

  const confirmReassign = (reason: ReassignReason) => {
    if (!selected) return;
    reassign.mutate(
      { riderIds: [selected.rider.id], ...reason },
      {
        onSuccess: (data) => {
          showSuccessToast(data?.detail || ORDER_SUCCESS.REASSIGNED);
          setAskingReason(false);
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {blocker && (
        <Alert color="yellow" variant="light">
          {blocker}
        </Alert>
      )}
      {mode === 'reassign' && order.assignedRider && (
        <Text size="sm" c="dimmed">
          Currently assigned to {order.assignedRider.name}
        </Text>
      )}
      <Grid gutter="md">
        <Grid.Col span={5}>
          <Stack gap="sm">
            <Suspense fallback={MAP_FALLBACK}>
              <AssignMap order={order} riders={mapRiders} selectedId={selectedId} />
            </Suspense>
            {selected ? (
              <RiderQueue
                vertical={vertical}
                riderId={selected.rider.id}
                riderName={suggestedRiderName(selected)}
              />
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                Pick a rider to see their queue.
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={7}>
          <Stack gap="xs">
            <TextInput
              type="search"
              aria-label="Search riders"
              placeholder="Rider Name or Phone"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            {suggestions.isPending ? (
              <Center h={360}>
                <Loader size="sm" aria-label="Loading riders" />
              </Center>
            ) : (
              <Tabs value={tab} onChange={(v) => v && setTab(v as RiderGroup)} keepMounted={false}>
                <Tabs.List>
                  {RIDER_TABS.map(({ group, label }) => (
                    <Tabs.Tab
                      key={group}
                      value={group}
                      px={10}
                      rightSection={
                        <Badge size="xs" variant="light" color="gray" circle={false}>
                          {filtered(group).length}
                        </Badge>
                      }
                    >
                      {label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {RIDER_TABS.map(({ group, label }) => (
                  <Tabs.Panel key={group} value={group} pt="xs">
                    <ScrollArea h={330} type="auto">
                      <SuggestedRidersTable
                        label={label}
                        riders={filtered(group)}
                        selectedId={selectedId}
                        onSelect={setSelectedId}
                      />
                    </ScrollArea>
                  </Tabs.Panel>
                ))}
              </Tabs>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="xs">
        <Text size="sm" c={selected ? undefined : 'dimmed'}>
          {selected ? `Selected: ${suggestedRiderName(selected)}` : 'No rider selected'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button
            onClick={confirm}
            loading={assign.isPending}
            disabled={!!blocker}
            aria-disabled={!selected}
          >
            {mode === 'reassign' ? 'Re-assign Order' : 'Assign Order'}
          </Button>
        </Group>
      </Group>
      <ReassignReasonDialog
        opened={askingReason}
        onClose={() => setAskingReason(false)}
        vertical={vertical}
        riderName={selected ? suggestedRiderName(selected) : ''}
        loading={reassign.isPending}
        onConfirm={confirmReassign}
      />
    </Stack>
  );
}
