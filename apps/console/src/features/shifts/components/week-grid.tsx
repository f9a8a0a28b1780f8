import type { ShiftDemand, ShiftSchedule } from '@dastak/core/entities/shifts';
import { WEEKDAYS } from '@dastak/core/states';
import { ActionIcon, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { layOutLanes } from '../shift-lanes';
import { isRunning } from '../shift-time';
import { DemandRail } from './demand-rail';
import { HOUR_PX, ShiftBlock } from './shift-block';

const GUTTER_PX = 52;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const columns = `${GUTTER_PX}px repeat(7, minmax(0, 1fr))`;

/** 'yyyy-MM-dd' -> '25 Nov'. */
function shortDate(date: string | undefined): string {
  if (!date) return '';
  const [, month, day] = date.split('-').map(Number);
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${String(day).padStart(2, '0')} ${names[(month ?? 1) - 1]}`;
}

/**
 * The weekly grid of spec §2.11: seven day columns, Monday to Sunday, each shift placed by its
 * times; today's column and the running shift highlighted, and now marked on today's column.
 */
export function WeekGrid({
  shifts,
  demand,
  position,
  canChange,
  onAdd,
  onCopy,
  onDelete,
}: {
  shifts: readonly ShiftSchedule[];
  demand: ShiftDemand | undefined;
  position: { weekday: number; minutes: number };
  canChange: boolean;
  onAdd: (weekday: number) => void;
  onCopy: (shift: ShiftSchedule) => void;
  onDelete: (shift: ShiftSchedule) => void;
}) {
  const byDay = WEEKDAYS.map((_, weekday) =>
    layOutLanes(shifts.filter((s) => s.weekday === weekday)),
  );
  const todayBg = 'var(--mantine-color-blue-0)';
  const line = '1px solid var(--mantine-color-gray-3)';
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Box style={{ display: 'grid', gridTemplateColumns: columns, borderBottom: line }}>
        <Box />
        {WEEKDAYS.map((name, weekday) => {
          const today = weekday === position.weekday;
          const day = demand?.days.find((d) => d.weekday === weekday);
          return (
            <Group
              key={name}
              aria-current={today ? 'date' : undefined}
              data-day-header={weekday}
              justify="space-between"
              wrap="nowrap"
              gap={4}
              px={8}
              py={6}
              style={{
                borderLeft: line,
                background: today ? 'var(--mantine-color-blue-1)' : undefined,
                borderTop: today
                  ? '3px solid var(--mantine-color-blue-6)'
                  : '3px solid transparent',
              }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={700} truncate>
                  {name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {today && (
                    <Badge size="xs" variant="filled">
                      Today
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" truncate>
                    {[shortDate(day?.date), today ? '' : `${byDay[weekday]?.length ?? 0} shifts`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
              </Stack>
              {canChange && (
                <ActionIcon
                  variant="light"
                  size="sm"
                  aria-label={`Add shift on ${name}`}
                  title={`New shift on ${name}`}
                  onClick={() => onAdd(weekday)}
                >
                  <IconPlus size={14} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </Box>
      <Box style={{ display: 'grid', gridTemplateColumns: columns }}>
        <Box style={{ position: 'relative', height: 24 * HOUR_PX }}>
          {HOURS.map((h) => (
            <Text
              key={h}
              size="10px"
              c="dimmed"
              ta="right"
              pr={6}
              style={{ position: 'absolute', top: h * HOUR_PX - 6, right: 0, left: 0 }}
            >
              {h === 0 ? '' : `${String(h).padStart(2, '0')}:00`}
            </Text>
          ))}
        </Box>
        {WEEKDAYS.map((name, weekday) => {
          const today = weekday === position.weekday;
          const hours = demand?.days.find((d) => d.weekday === weekday)?.hours ?? [];
          return (
            <Box
              key={name}
              aria-label={`${name} shifts`}
              role="group"
              data-weekday={weekday}
              data-today={today || undefined}
              style={{
                position: 'relative',
                height: 24 * HOUR_PX,
                borderLeft: line,
                backgroundColor: today ? todayBg : 'white',
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${HOUR_PX - 1}px, var(--mantine-color-gray-2) ${HOUR_PX - 1}px ${HOUR_PX}px)`,
              }}
            >
              <DemandRail hours={hours} weekday={name} />
              {byDay[weekday]?.map(({ item, lane, lanes }) => (
                <ShiftBlock
                  key={item.id}
                  shift={item}
                  lane={lane}
                  lanes={lanes}
                  running={isRunning(item, position)}
                  canChange={canChange}
                  onCopy={() => onCopy(item)}
                  onDelete={() => onDelete(item)}
                />
              ))}
              {today && (
                <Box
                  aria-hidden
                  title="Now"
                  style={{
                    position: 'absolute',
                    top: (position.minutes / 60) * HOUR_PX,
                    left: 0,
                    right: 0,
                    height: 2,
                    zIndex: 5,
                    background: 'var(--mantine-color-red-7)',
                    pointerEvents: 'none',
                  }}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
