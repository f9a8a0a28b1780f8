import type { ReportRange } from '@dastak/core/rules/report-range';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/**
 * From and To of a custom range. Its own chunk (report-filter-bar.tsx loads it when 'Custom' is
 * chosen): the date pickers are most of a filter bar's weight, and the presets need none.
 */
export default function CustomRangeInputs({
  range,
  error,
  onChange,
}: {
  range: ReportRange;
  error: string | undefined;
  onChange: (dates: Partial<ReportRange>) => void;
}) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <DatePickerInput
        label="From"
        w={150}
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={range.dateFrom}
        error={error ? true : undefined}
        onChange={(value) => value && onChange({ dateFrom: value })}
      />
      <DatePickerInput
        label="To"
        w={150}
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={range.dateTo}
        error={error}
        onChange={(value) => value && onChange({ dateTo: value })}
      />
    </Group>
  );
}
