import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { PERMISSIONS } from '@dastak/core/permissions';
import { VERTICAL_LABELS } from '@dastak/core/states';
import { ActionIcon, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useHasPermission } from '../../../lib/use-session';
import { useComingDemandQuery } from '../api/get-shift-demand';
import { useShiftSchedulesQuery } from '../api/get-shift-schedules';
import { useSelectedShiftRegion } from '../selected-shift-region';
import { karachiWeekPosition, karachiWeekStart } from '../shift-time';
import { useMinuteClock } from '../use-minute-clock';
import { DemandLegend } from './demand-legend';
import { WeekGrid } from './week-grid';

// The forms (and the schemas that check them) load when a dialog first opens.
const NewShiftDialog = lazy(() => import('./new-shift-dialog'));
const CopyShiftDialog = lazy(() => import('./copy-shift-dialog'));
const DeleteShiftDialog = lazy(() => import('./delete-shift-dialog'));

/** /shifts (spec §2.11): the region's weekly schedule, with demand against it per hour. */
export function ShiftsPage() {
  useDocumentTitle('Shifts · Dastak');
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_SHIFT_SCHEDULE);
  const { regions, region, select } = useSelectedShiftRegion();
  const now = useMinuteClock();
  const position = karachiWeekPosition(now);
  const weekStart = karachiWeekStart(now);
  const regionId = region?.id ?? null;
  const schedules = useShiftSchedulesQuery(regionId);
  const demand = useComingDemandQuery(regionId, weekStart, position.weekday);
  const [newOn, setNewOn] = useState<number | null>(null);
  const [copying, setCopying] = useState<ShiftSchedule | null>(null);
  const [deleting, setDeleting] = useState<ShiftSchedule | null>(null);

  // Regions under their vertical, so regions of the same name in both can be told apart.
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const r of regions) {
    const label = r.vertical ? VERTICAL_LABELS[r.vertical] : 'OTHER';
    groups.set(label, [...(groups.get(label) ?? []), { value: String(r.id), label: r.name }]);
  }
  const regionOptions = [...groups].map(([group, items]) => ({ group, items }));

  return (
    <Stack gap="sm" p="lg">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={1} fz="h2">
            Shifts
          </Title>
          <Select
            aria-label="Region"
            placeholder="loading..."
            data={regionOptions}
            value={regionId === null ? null : String(regionId)}
            onChange={(value) => value && select(Number(value))}
            allowDeselect={false}
            searchable
            w={320}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Refresh"
          title="Refresh"
          loading={schedules.isFetching || demand.isFetching}
          onClick={() => {
            void schedules.refetch();
            void demand.refetch();
          }}
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
      <DemandLegend
        note={
          demand.isError
            ? 'Bookings against shifts could not be loaded; the schedule is shown without them.'
            : undefined
        }
      />
      {schedules.isError ? (
        <Text c="red" py="xl" ta="center">
          The schedule could not be loaded. Try the refresh button in a moment.
        </Text>
      ) : !schedules.data ? (
        <Center mih={400}>
          <Loader aria-label="Loading shifts" />
        </Center>
      ) : (
        <WeekGrid
          shifts={schedules.data}
          demand={demand.data}
          position={position}
          canChange={canChange}
          onAdd={setNewOn}
          onCopy={setCopying}
          onDelete={setDeleting}
        />
      )}
      {canChange && regionId !== null && (
        <Suspense fallback={null}>
          {newOn !== null && (
            <NewShiftDialog region={regionId} weekday={newOn} onClose={() => setNewOn(null)} />
          )}
          {copying && <CopyShiftDialog shift={copying} onClose={() => setCopying(null)} />}
          {deleting && <DeleteShiftDialog shift={deleting} onClose={() => setDeleting(null)} />}
        </Suspense>
      )}
    </Stack>
  );
}
