import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES,
  AUDIT_TYPE_LABELS,
} from '@dastak/core/messages/audit';
import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { listTitle } from '../../../components/list-toolbar/list-title';
import {
  listLoadErrorText,
  listLoadProps,
  useUrlFilters,
} from '../../../components/list-toolbar/url-list-state';
import { useStaffOptionsQuery } from '../../orders/public';
import { useAuditEventsQuery } from '../api/get-audit-events';
import { auditFiltersFromQuery, auditFiltersToQuery } from '../audit-filters';
import { AuditEventsTable } from './audit-events-table';

/** One of a label table's keys, or none (cleared). */
function LabelSelect<K extends string>(props: {
  label: string;
  placeholder: string;
  w: number;
  labels: Record<K, string>;
  value: K | null;
  onChange: (value: K | null) => void;
}) {
  const data = Object.entries<string>(props.labels).map(([value, label]) => ({ value, label }));
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      w={props.w}
      data={data}
      value={props.value}
      onChange={(v) => props.onChange(v as K | null)}
      clearable
    />
  );
}

/** A Karachi calendar day (YYYY-MM-DD), or '' for any. */
function DayInput(props: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <DatePickerInput
      label={props.label}
      w={150}
      valueFormat="DD MMM YYYY"
      placeholder="Any day"
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      clearable
    />
  );
}

/**
 * /audit-trail (ADR 0054): who saw what, newest first, for 'Can view audit trail'. Every filter
 * lives in the query string, so a link reproduces the view.
 */
export function AuditTrailPage() {
  useDocumentTitle(`${AUDIT_MESSAGES.TITLE} · Dastak`);
  const { filters, update: set } = useUrlFilters(auditFiltersFromQuery, auditFiltersToQuery);
  const staff = useStaffOptionsQuery(true);
  const staffOptions = useMemo(
    () =>
      (staff.data ?? []).map((u) => ({ value: String(u.id), label: u.fullName || String(u.id) })),
    [staff.data],
  );
  const [entityId, setEntityId] = useState(filters.entityId);

  const events = useAuditEventsQuery(filters);
  const rows = useMemo(() => events.data?.pages.flatMap((p) => p.results) ?? [], [events.data]);
  const firstPage = events.data?.pages[0];

  return (
    <Stack gap="md" p="lg">
      <Title order={1} fz="h2">
        {listTitle(AUDIT_MESSAGES.TITLE, firstPage?.count)}
      </Title>
      <Group gap="sm" align="flex-end">
        <Select
          label="Who"
          placeholder="Anyone"
          w={220}
          data={staffOptions}
          value={filters.actor ? String(filters.actor) : null}
          onChange={(v) => set({ actor: v ? Number(v) : null })}
          searchable
          clearable
        />
        <LabelSelect
          label="Event"
          placeholder="Any event"
          w={200}
          labels={AUDIT_TYPE_LABELS}
          value={filters.type}
          onChange={(type) => set({ type })}
        />
        <LabelSelect
          label="Action"
          placeholder="Any action"
          w={140}
          labels={AUDIT_ACTION_LABELS}
          value={filters.action}
          onChange={(action) => set({ action })}
        />
        <LabelSelect
          label="Record"
          placeholder="Any record"
          w={150}
          labels={AUDIT_ENTITY_LABELS}
          value={filters.entityType}
          onChange={(entityType) => set({ entityType })}
        />
        <TextInput
          label="Record id"
          placeholder="Any"
          w={110}
          value={entityId}
          onChange={(e) => setEntityId(e.currentTarget.value)}
          onBlur={() => entityId.trim() !== filters.entityId && set({ entityId })}
          onKeyDown={(e) => e.key === 'Enter' && set({ entityId })}
        />
        <DayInput
          label="From"
          value={filters.dateFrom}
          onChange={(dateFrom) => set({ dateFrom })}
        />
        <DayInput label="To" value={filters.dateTo} onChange={(dateTo) => set({ dateTo })} />
      </Group>
      <AuditEventsTable
        events={rows}
        {...listLoadProps(
          events,
          listLoadErrorText(events.error, 'audit events', 'Reload the page to try again.'),
        )}
      />
    </Stack>
  );
}
