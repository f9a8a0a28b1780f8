import type { AuditEvent } from '@dastak/core/entities/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES,
  AUDIT_OUTCOME_LABELS,
  AUDIT_TYPE_LABELS,
} from '@dastak/core/messages/audit';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { ListLoadProps } from '../../../components/data-table/list-footer';

/** Where a record opens in the console, when it has a page. */
function entityHref(event: AuditEvent): string | undefined {
  const { entity, detail } = event;
  if (!entity?.id) return undefined;
  if (entity.type === 'Customer') return `/customers/detail/${entity.id}`;
  if (entity.type === 'Patient' && typeof detail?.order === 'number')
    return `/orders/detail/${detail.order}`;
  return undefined;
}

/** The filter an export was asked with, as `key=value` pairs. */
const filterText = (query: Record<string, unknown> | null) =>
  Object.entries(query ?? {})
    .filter(([, v]) => v !== '' && v != null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');

function detailText(event: AuditEvent): string {
  const d = event.detail ?? {};
  const parts: string[] = [];
  if (typeof d.rows === 'number')
    parts.push(`${d.rows} ${d.rows === 1 ? 'row' : 'rows'} (${d.format})`);
  const filter = filterText(event.query);
  if (filter) parts.push(`filter: ${filter}`);
  if (typeof d.email === 'string' && event.type !== 'user-change') parts.push(`email: ${d.email}`);
  if (Array.isArray(d.permissions))
    parts.push(`permissions: ${d.permissions.join(', ') || 'none'}`);
  if (Array.isArray(d.grant) && d.grant.length) parts.push(`granted: ${d.grant.join(', ')}`);
  if (Array.isArray(d.revoke) && d.revoke.length) parts.push(`revoked: ${d.revoke.join(', ')}`);
  if (typeof d.order === 'number') parts.push(`order #${d.order}`);
  if (event.outcomeDesc) parts.push(event.outcomeDesc);
  return parts.join(' · ');
}

const columns: DataColumn<AuditEvent>[] = [
  {
    key: 'recorded',
    header: 'When',
    width: 130,
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm">{formatDisplayDate(e.recorded)}</Text>
        <Text size="xs" c="dimmed">
          {formatTime12(e.recorded)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'agent',
    header: 'Who',
    width: 240,
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} truncate="end">
          {e.agent.name ?? 'Not signed in'}
        </Text>
        <Text size="xs" c="dimmed">
          {e.agent.address ?? ''}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'event',
    header: 'Event',
    width: 190,
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm">{AUDIT_TYPE_LABELS[e.type]}</Text>
        <Text size="xs" c="dimmed">
          {AUDIT_ACTION_LABELS[e.action]}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'entity',
    header: 'Record',
    width: 150,
    render: (e) => {
      if (!e.entity) return <Text size="sm">—</Text>;
      const label = `${AUDIT_ENTITY_LABELS[e.entity.type]}${e.entity.id ? ` ${e.entity.id}` : ''}`;
      const href = entityHref(e);
      return href ? (
        <Anchor component={Link} to={href} size="sm">
          {label}
        </Anchor>
      ) : (
        <Text size="sm">{label}</Text>
      );
    },
  },
  {
    key: 'outcome',
    header: 'Outcome',
    width: 130,
    render: (e) => (
      <Badge color={e.outcome === '0' ? 'green' : 'red'} variant="light">
        {AUDIT_OUTCOME_LABELS[e.outcome]}
      </Badge>
    ),
  },
  {
    key: 'detail',
    header: 'Details',
    render: (e) => (
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {detailText(e)}
      </Text>
    ),
  },
];

export function AuditEventsTable({ events, ...load }: { events: AuditEvent[] } & ListLoadProps) {
  return (
    <DataTable
      label="Audit events"
      columns={columns}
      rows={events}
      rowKey={(e) => e.id}
      emptyText={AUDIT_MESSAGES.EMPTY}
      {...load}
    />
  );
}
