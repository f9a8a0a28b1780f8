import type { ShiftOption } from '@dastak/core/entities/shifts';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import { VERTICAL_LABELS, WEEKDAYS } from '@dastak/core/states';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useAttendanceRegionsQuery } from '../api/get-attendance-regions';
import { useRegionRidersQuery } from '../api/get-region-riders';
import { useShiftOptionsQuery } from '../api/get-shift-options';
import type { AttendanceFilterSet } from '../attendance-filters';

const hhmm = (time: string) => time.slice(0, 5);

/** 'Mon 07:00 - 15:00' */
export const shiftOptionLabel = (s: ShiftOption) =>
  `${(WEEKDAYS[s.weekday] ?? '').slice(0, 3)} ${hhmm(s.startTime)} - ${hhmm(s.endTime)}`;

/** The Karachi calendar date of an ISO date-time, for the date pickers. */
const dateOf = (iso: string) => {
  const date = parseKarachi(iso);
  return date ? karachiDateString(date) : null;
};
const dayStart = (date: string) => `${date}T00:00:00+05:00`;
const dayEnd = (date: string) => `${date}T23:59:59.999+05:00`;

/**
 * The attendance filters (spec §2.11): region, start and end date, shift and rider, applied as
 * they change. Shift and rider belong to a region, so a new region clears them.
 */
export function AttendanceFilterBar({
  filters,
  onChange,
}: {
  filters: AttendanceFilterSet;
  onChange: (next: AttendanceFilterSet) => void;
}) {
  const regions = useAttendanceRegionsQuery();
  const shifts = useShiftOptionsQuery(filters.region);
  const riders = useRegionRidersQuery(filters.region);

  const regionData = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const region of regions.data?.results ?? []) {
      const label = region.vertical ? VERTICAL_LABELS[region.vertical] : 'OTHER';
      groups.set(label, [
        ...(groups.get(label) ?? []),
        { value: String(region.id), label: region.name },
      ]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [regions.data]);
  const shiftData = useMemo(
    () => (shifts.data ?? []).map((s) => ({ value: String(s.id), label: shiftOptionLabel(s) })),
    [shifts.data],
  );
  const riderData = useMemo(
    () =>
      (riders.data ?? []).map((r) => ({
        value: String(r.id),
        label: `${r.firstName} ${r.lastName} (${r.phone})`,
      })),
    [riders.data],
  );

  const startDate = dateOf(filters.startDatetime);
  const endDate = dateOf(filters.endDatetime);
  const toId = (value: string | null) => (value ? Number(value) : null);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Region"
        placeholder="All regions"
        w={200}
        data={regionData}
        value={filters.region === null ? null : String(filters.region)}
        searchable
        clearable
        nothingFoundMessage="No region"
        onChange={(value) =>
          onChange({ ...filters, region: toId(value), shift: null, rider: null })
        }
      />
      <DatePickerInput
        label="Start date"
        w={150}
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        value={startDate}
        onChange={(value) => {
          if (!value) return;
          const end = endDate && endDate < value ? dayEnd(value) : filters.endDatetime;
          onChange({ ...filters, startDatetime: dayStart(value), endDatetime: end });
        }}
      />
      <DatePickerInput
        label="End date"
        w={150}
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        value={endDate}
        minDate={startDate ?? undefined}
        onChange={(value) => {
          if (value) onChange({ ...filters, endDatetime: dayEnd(value) });
        }}
      />
      <Select
        label="Shift"
        placeholder={filters.region === null ? 'Select a region first' : 'All shifts'}
        w={220}
        data={shiftData}
        value={filters.shift === null ? null : String(filters.shift)}
        disabled={filters.region === null}
        clearable
        nothingFoundMessage="No shifts in this region"
        onChange={(value) => onChange({ ...filters, shift: toId(value) })}
      />
      <Select
        label="Rider"
        placeholder={filters.region === null ? 'Select a region first' : 'All riders'}
        w={260}
        data={riderData}
        value={filters.rider === null ? null : String(filters.rider)}
        disabled={filters.region === null}
        searchable
        clearable
        limit={50}
        nothingFoundMessage="No riders"
        onChange={(value) => onChange({ ...filters, rider: toId(value) })}
      />
    </Group>
  );
}
