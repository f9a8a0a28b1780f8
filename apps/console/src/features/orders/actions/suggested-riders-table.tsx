import { EMPTY } from '@dastak/core/messages';
import {
  formatLateness,
  formatMinutes,
  formatScore,
  formatScoreBreakdown,
} from '@dastak/core/messages/dispatch';
import { formatKm } from '@dastak/core/rules/format';
import { Radio, Table, Text, Tooltip } from '@mantine/core';
import type { SuggestedRider } from './api/get-suggested-riders';
import { suggestedRiderName } from './rider-groups';

/**
 * Where a score comes from (docs/decisions/0009-dispatch.md), for the dispatcher who wonders;
 * worded and rounded as the auto-assignment's explanation in the activity log.
 */
function breakdownText({ breakdown, onRoadTime, lateMinutes }: SuggestedRider): string {
  const parts = formatScoreBreakdown(breakdown);
  return onRoadTime == null ? parts : `${parts} · ${formatLateness(lateMinutes)}`;
}

/** One tab of the assign dialog: riders with score, distance in km and time on the road. */
export function SuggestedRidersTable({
  label,
  riders,
  selectedId,
  onSelect,
}: {
  label: string;
  riders: SuggestedRider[];
  selectedId: number | null;
  onSelect: (riderId: number) => void;
}) {
  if (riders.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" size="sm">
        {EMPTY.NO_RIDERS}
      </Text>
    );
  }
  return (
    <Radio.Group
      value={selectedId === null ? null : String(selectedId)}
      onChange={(value) => onSelect(Number(value))}
      aria-label={`${label} riders`}
    >
      <Table highlightOnHover verticalSpacing={6} aria-label={`${label} riders`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rider</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th ta="right">Distance</Table.Th>
            <Table.Th ta="right">On Road</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {riders.map((entry) => {
            const selected = entry.rider.id === selectedId;
            return (
              <Table.Tr
                key={entry.rider.id}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(entry.rider.id)}
              >
                <Table.Td>
                  <Radio
                    value={String(entry.rider.id)}
                    label={suggestedRiderName(entry)}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.rider.phone}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label={breakdownText(entry)} withinPortal>
                    <Text size="sm" fw={600} span>
                      {formatScore(entry.totalScore)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatKm(entry.roadDistance)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatMinutes(entry.onRoadTime)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Radio.Group>
  );
}
