import { COUNTDOWN_ANIMATION_MS } from '@dastak/core/constants';
import type { Order } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { formatDelay, formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { parseKarachi } from '@dastak/core/rules/karachi-time';
import { lateMinutes, pickupCountdown } from '@dastak/core/rules/pickup-lateness';
import { Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { SampleCountdown } from '../../../components/sample-countdown';
import { DetailCard, DetailField } from './detail-card';
import { COUNTDOWN_HIDDEN_STATES } from './order-editing';
import { orderStateLabel, orderStateStyle } from './order-state-display';

const PIE_SIZE = 72;

/** Re-renders every 30 s so the countdown moves without a reload. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });
  return now;
}

const PIE_COLORS = {
  late: 'var(--mantine-color-red-7)',
  soon: 'var(--mantine-color-orange-6)',
  ok: 'var(--mantine-color-teal-7)',
};

/**
 * A filled pie: one circle whose stroke is as wide as its diameter, dashed to the share still to
 * go. Starts empty and grows to its value, so the 500 ms animation shows on arrival (spec §9).
 */
function PickupPie({ pickup, now }: { pickup: Date; now: Date }) {
  const countdown = pickupCountdown(pickup, now);
  const [shown, setShown] = useState(0);
  useEffect(() => setShown(countdown.percent), [countdown.percent]);
  const color = countdown.late
    ? PIE_COLORS.late
    : countdown.minutesLeft <= 15
      ? PIE_COLORS.soon
      : PIE_COLORS.ok;
  const radius = PIE_SIZE / 4;
  const circumference = 2 * Math.PI * radius;
  return (
    <Group gap="sm" wrap="nowrap" aria-label={`Pickup countdown: ${countdown.label}`} role="img">
      <svg width={PIE_SIZE} height={PIE_SIZE} viewBox={`0 0 ${PIE_SIZE} ${PIE_SIZE}`} aria-hidden>
        <circle
          cx={PIE_SIZE / 2}
          cy={PIE_SIZE / 2}
          r={PIE_SIZE / 2}
          fill={countdown.late ? 'var(--mantine-color-red-1)' : 'var(--mantine-color-gray-2)'}
        />
        <circle
          cx={PIE_SIZE / 2}
          cy={PIE_SIZE / 2}
          r={radius}
          fill="none"
          stroke={color}
          strokeWidth={PIE_SIZE / 2}
          strokeDasharray={`${(shown / 100) * circumference} ${circumference}`}
          transform={`rotate(-90 ${PIE_SIZE / 2} ${PIE_SIZE / 2})`}
          style={{ transition: `stroke-dasharray ${COUNTDOWN_ANIMATION_MS}ms ease-out` }}
        />
      </svg>
      <Text size="sm" fw={600} c={countdown.late ? 'red.8' : undefined}>
        {countdown.label}
      </Text>
    </Group>
  );
}

function reasonOf(order: Order): string | null {
  if (order.state === 'problem') {
    return [order.problemString?.name, order.problemReason].filter(Boolean).join(': ') || null;
  }
  if (order.state === 'cancelled') {
    return (
      [order.cancellationString?.name, order.cancellationReason].filter(Boolean).join(': ') || null
    );
  }
  if (order.state === 'delivered' && order.collectionCenter) {
    return `At ${order.collectionCenter.name}`;
  }
  return null;
}

/**
 * Status with its icon, pickup date, time slot and the countdown pie (spec §2.6); once collected,
 * the sample's stability countdown instead (ADR 0048).
 */
export function StatusBlock({ order }: { order: Order }) {
  const style = orderStateStyle(order.state);
  const Icon = style.icon;
  const pickup = parseKarachi(order.pickup);
  const slotEnd = pickup ? new Date(pickup.getTime() + order.timeSlotMinutes * 60_000) : null;
  const reason = reasonOf(order);
  // One clock reading for both the 'Delayed by' text and the countdown, through one core rule,
  // so the two numbers always agree (the API's lateTimedelta is as old as the fetch).
  const now = useNow();
  const late = pickup
    ? lateMinutes({ state: order.state, pickup, collectedAt: parseKarachi(order.collectedAt) }, now)
    : null;
  const showPie = pickup !== null && !COUNTDOWN_HIDDEN_STATES.includes(order.state);
  // Once collected the clock that matters is the sample's, until the centre receives it.
  const sampleExpiresAt = order.state === 'collected' ? order.sampleExpiresAt : null;
  return (
    <DetailCard title="Status">
      <SimpleGrid cols={2} spacing="md">
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light" color={style.color} aria-hidden>
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700} data-testid="order-state">
                {orderStateLabel(order.state)}
              </Text>
              {late !== null && (
                <Text size="xs" c="red.8" data-testid="order-delay">
                  {formatDelay(late)}
                </Text>
              )}
            </Stack>
          </Group>
          {reason && (
            <Text size="sm" c="dimmed">
              {reason}
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <DetailField label="Pickup time">
            <span data-testid="pickup-time">
              {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)}
            </span>
          </DetailField>
          <DetailField label="Time slot">
            {slotEnd ? `${formatTime12(order.pickup)} - ${formatTime12(slotEnd)}` : EMPTY.DASHES}
          </DetailField>
        </Stack>
      </SimpleGrid>
      {showPie && pickup && (
        <Stack mt="sm" gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Time to pickup
          </Text>
          <PickupPie pickup={pickup} now={now} />
        </Stack>
      )}
      {sampleExpiresAt && (
        <Stack mt="sm" gap={4} align="flex-start">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Sample stability
          </Text>
          <SampleCountdown expiresAt={sampleExpiresAt} size="lg" />
        </Stack>
      )}
    </DetailCard>
  );
}
