import type { DashboardStats } from '@dastak/core/entities/lookups';
import { formatPercent, offTimePercent } from '@dastak/core/rules/on-time';
import { Table } from '@mantine/core';

/**
 * Reached and Collected x On Time and Off Time, in percent with 2 decimals; Off Time is 100 minus
 * on time, or 100 when on time is 0 or less (spec §9, core's offTimePercent).
 */
export function OnTimeTable({ stats }: { stats: DashboardStats | undefined }) {
  const cell = (value: number | undefined) => (stats ? `${formatPercent(value)}%` : '…');
  return (
    <Table withTableBorder withColumnBorders fz="sm" aria-label="On-time percentages">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>Reached</Table.Th>
          <Table.Th>Collected</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">On Time</Table.Th>
          <Table.Td>{cell(stats?.onTimeReachedPercentage)}</Table.Td>
          <Table.Td>{cell(stats?.onTimeCollectedPercentage)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Off Time</Table.Th>
          <Table.Td>{cell(stats && offTimePercent(stats.onTimeReachedPercentage))}</Table.Td>
          <Table.Td>{cell(stats && offTimePercent(stats.onTimeCollectedPercentage))}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
