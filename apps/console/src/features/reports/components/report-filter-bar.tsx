import { REPORT_PRESETS } from '@dastak/core/entities/reports';
import { REPORT_PRESET_LABELS, type ReportRange } from '@dastak/core/rules/report-range';
import { VERTICAL_LABELS, VERTICALS, type Vertical } from '@dastak/core/states';
import { Group, Loader, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useRegionsQuery } from '../../locations/public';
import type { ReportFilterSet, ReportRangeChoice } from '../report-filters';
import { longDay } from '../report-format';

const CustomRangeInputs = lazy(() => import('./custom-range-inputs'));

const RANGE_OPTIONS = [
  ...REPORT_PRESETS.map((p) => ({ value: p, label: REPORT_PRESET_LABELS[p] })),
  { value: 'custom', label: 'Custom' },
];

/**
 * The reporting dashboard's filters (ADR 0040): vertical, its regions (none picked: all of
 * them), and a preset range or custom From/To days. Applied as they change; a new vertical
 * clears the regions, which belong to one vertical.
 */
export function ReportFilterBar({
  filters,
  range,
  rangeError,
  onChange,
}: {
  filters: ReportFilterSet;
  /** The days the filters cover now (a preset's worked out from today). */
  range: ReportRange;
  rangeError: string | undefined;
  onChange: (next: ReportFilterSet) => void;
}) {
  const regions = useRegionsQuery(filters.vertical);
  const regionData = useMemo(
    () => (regions.data?.results ?? []).map((r) => ({ value: String(r.id), label: r.name })),
    [regions.data],
  );
  const custom = (dates: Partial<ReportRange>) =>
    onChange({
      ...filters,
      range: 'custom',
      dateFrom: dates.dateFrom ?? range.dateFrom,
      dateTo: dates.dateTo ?? range.dateTo,
    });

  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="report-vertical-label">
          Vertical
        </Text>
        <SegmentedControl
          aria-labelledby="report-vertical-label"
          value={filters.vertical}
          data={VERTICALS.map((v) => ({ value: v, label: VERTICAL_LABELS[v] }))}
          onChange={(value) => onChange({ ...filters, vertical: value as Vertical, regions: [] })}
        />
      </Stack>
      <MultiSelect
        label="Regions"
        placeholder={filters.regions.length === 0 ? 'All regions' : undefined}
        w={300}
        data={regionData}
        value={filters.regions.map(String)}
        searchable
        clearable
        nothingFoundMessage="No region"
        onChange={(values) => onChange({ ...filters, regions: values.map(Number) })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="report-range-label">
          Dates
        </Text>
        <SegmentedControl
          aria-labelledby="report-range-label"
          value={filters.range}
          data={RANGE_OPTIONS}
          onChange={(value) =>
            value === 'custom'
              ? custom({})
              : onChange({
                  ...filters,
                  range: value as ReportRangeChoice,
                  dateFrom: null,
                  dateTo: null,
                })
          }
        />
      </Stack>
      {filters.range === 'custom' ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the date pickers" />}>
          <CustomRangeInputs range={range} error={rangeError} onChange={custom} />
        </Suspense>
      ) : (
        <Text size="sm" c="dimmed" pb={8} data-testid="report-range">
          {longDay(range.dateFrom)} – {longDay(range.dateTo)}
        </Text>
      )}
    </Group>
  );
}
