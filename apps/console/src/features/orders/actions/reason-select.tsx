import type { Vertical } from '@dastak/core/states';
import { Select } from '@mantine/core';
import { type ReasonKind, useReasonStringsQuery } from './api/get-reason-strings';

/** The reason select of the cancel, re-assign and reschedule dialogs: a list from the server. */
export function ReasonSelect({
  kind,
  vertical,
  value,
  onChange,
  onBlur,
  error,
}: {
  kind: ReasonKind;
  vertical: Vertical;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const reasons = useReasonStringsQuery(kind, vertical);
  return (
    <Select
      label="Reason"
      withAsterisk
      placeholder={reasons.isPending ? 'Loading reasons...' : 'Select a reason'}
      searchable
      data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.text }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      onBlur={onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
