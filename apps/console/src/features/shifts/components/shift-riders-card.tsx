import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { truncateRiderName } from '@dastak/core/rules/truncate';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useAddShiftRiderMutation } from '../api/add-shift-rider';
import { useRegionHotspotsQuery } from '../api/get-region-hotspots';
import { useRegionRidersQuery } from '../api/get-region-riders';
import { useRemoveShiftRiderMutation } from '../api/remove-shift-rider';
import { useUpdateShiftRiderMutation } from '../api/update-shift-rider';
import type { ShiftRiderRow, useShiftRiderRows } from '../shift-rider-rows';
import { showWarningToast } from '../warning-toast';

const fullName = (r: { firstName: string; lastName: string }) =>
  `${r.firstName} ${r.lastName}`.trim();

/**
 * The shift's riders (spec §2.11): a picker of the region's riders and a row per rider with its
 * hotspot and whether it may be given a break (the attendance screen's Break button follows it).
 */
export function ShiftRidersCard({
  shift,
  table,
  canChange,
}: {
  shift: ShiftSchedule;
  table: ReturnType<typeof useShiftRiderRows>;
  canChange: boolean;
}) {
  const riders = useRegionRidersQuery(canChange ? shift.region : undefined);
  const hotspots = useRegionHotspotsQuery(shift.region);
  const addRider = useAddShiftRiderMutation();
  const updateRider = useUpdateShiftRiderMutation();
  const removeRider = useRemoveShiftRiderMutation();
  const [missingHotspot, setMissingHotspot] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  const hotspotOptions = (hotspots.data?.results ?? []).map((h) => ({
    value: String(h.id),
    label: h.name,
  }));
  const riderOptions = (riders.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${fullName(r)} (${r.phone})`,
  }));

  const pick = (value: string | null) => {
    const rider = riders.data?.find((r) => String(r.id) === value);
    if (!rider) return;
    if (table.has(rider.id)) {
      showWarningToast(VALIDATION.RIDER_ALREADY_ADDED);
      return;
    }
    table.add({
      id: rider.id,
      firstName: rider.firstName,
      lastName: rider.lastName,
      phone: rider.phone,
    });
    showWarningToast(VALIDATION.SET_SHIFT_HOTSPOT);
  };

  const markMissing = (key: string, missing: boolean) =>
    setMissingHotspot((set) => {
      const next = new Set(set);
      if (missing) next.add(key);
      else next.delete(key);
      return next;
    });

  const save = (row: ShiftRiderRow) => {
    if (row.hotspot === null) {
      markMissing(row.key, true);
      showWarningToast(VALIDATION.SELECT_HOTSPOT);
      return;
    }
    const hotspot = row.hotspot;
    setBusy(row.key);
    const done = { onSettled: () => setBusy(null) };
    if (row.assignmentId === null) {
      addRider.mutate(
        { shiftSchedule: shift.id, rider: row.rider.id, hotspot, allowBreak: row.allowBreak },
        {
          ...done,
          onSuccess: () => {
            table.settle(row);
            showSuccessToast(SUCCESS.RIDER_ADDED_TO_SHIFT);
          },
        },
      );
    } else {
      updateRider.mutate(
        { id: row.assignmentId, hotspot, allowBreak: row.allowBreak },
        {
          ...done,
          onSuccess: () => {
            table.settle(row);
            showSuccessToast(SUCCESS.RIDER_SHIFT_UPDATED);
          },
        },
      );
    }
  };

  const remove = (row: ShiftRiderRow) => {
    markMissing(row.key, false);
    if (row.assignmentId === null) {
      table.settle(row);
      return;
    }
    setBusy(row.key);
    removeRider.mutate(row.assignmentId, {
      onSuccess: () => {
        table.settle(row);
        showSuccessToast(SUCCESS.RIDER_REMOVED_FROM_SHIFT);
      },
      onSettled: () => setBusy(null),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="h4">
          Riders
        </Title>
        {canChange && (
          <Select
            aria-label="Add rider"
            placeholder={riders.isPending ? 'loading...' : 'Add rider of this region'}
            data={riderOptions}
            value={null}
            onChange={pick}
            searchable
            clearable={false}
            nothingFoundMessage="No riders"
            w={340}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      {table.rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No riders on this shift yet.
        </Text>
      ) : (
        <Table aria-label="Shift riders" verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th w={260}>Hotspot</Table.Th>
              <Table.Th w={150}>Breaks</Table.Th>
              {canChange && <Table.Th w={150}>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row) => {
              const name = fullName(row.rider);
              return (
                <Table.Tr key={row.key} data-unsaved={row.unsaved || undefined}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" title={name}>
                        {truncateRiderName(name)}
                      </Text>
                      {row.unsaved && (
                        <Badge size="xs" color="yellow" variant="light">
                          Unsaved
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.rider.phone}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Hotspot for ${name}`}
                      placeholder="Select hotspot"
                      data={hotspotOptions}
                      value={row.hotspot === null ? null : String(row.hotspot)}
                      onChange={(value) => {
                        markMissing(row.key, false);
                        table.setHotspot(row, value ? Number(value) : null);
                      }}
                      error={missingHotspot.has(row.key) ? VALIDATION.SELECT_HOTSPOT : undefined}
                      readOnly={!canChange}
                      size="xs"
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Breaks allowed for ${name}`}
                      label={row.allowBreak ? 'Allowed' : 'Not allowed'}
                      checked={row.allowBreak}
                      disabled={!canChange}
                      onChange={(event) => table.setAllowBreak(row, event.currentTarget.checked)}
                      size="sm"
                    />
                  </Table.Td>
                  {canChange && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant={row.unsaved ? 'filled' : 'light'}
                          aria-label={`Save ${name}`}
                          loading={busy === row.key && !removeRider.isPending}
                          onClick={() => save(row)}
                        >
                          Save
                        </Button>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${name}`}
                          title="Remove from shift"
                          loading={busy === row.key && removeRider.isPending}
                          onClick={() => remove(row)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
