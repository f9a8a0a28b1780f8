import type { Rider } from '@dastak/core/entities/riders';
import { EMPTY } from '@dastak/core/messages';
import { truncateRiderName } from '@dastak/core/rules/truncate';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import type { ListLoadProps } from '../../../components/data-table/list-footer';
import { isRiderStateRed, riderFullName } from '../rider-display';
import { RiderStateTag, RiderStatusTag } from './rider-state-tag';

export const riderDetailPath = (id: number) => `/riders/detail/${id}`;

const columns: DataColumn<Rider>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (rider) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={riderDetailPath(rider.id)}
          fw={600}
          size="sm"
          c={isRiderStateRed(rider.state) ? 'red.9' : 'dark'}
          onClick={(event) => event.stopPropagation()}
        >
          {truncateRiderName(riderFullName(rider))}
        </Anchor>
        <Text size="xs" c="dimmed">
          {rider.phone}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'region',
    header: 'Region',
    render: (rider) => <Text size="sm">{rider.profile.region?.name ?? EMPTY.NA}</Text>,
  },
  {
    key: 'state',
    header: 'State',
    width: 220,
    render: (rider) => <RiderStateTag state={rider.state} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 140,
    render: (rider) => <RiderStatusTag isOnline={rider.isOnline} />,
  },
];

export function RidersTable({ riders, ...load }: { riders: Rider[] } & ListLoadProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Riders"
      columns={columns}
      rows={riders}
      rowKey={(rider) => rider.id}
      onRowClick={(rider) => navigate(riderDetailPath(rider.id))}
      emptyText={EMPTY.NO_RIDERS}
      {...load}
    />
  );
}
