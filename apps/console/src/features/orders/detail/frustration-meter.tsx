import { FRUSTRATION_FOLLOW_UP_THRESHOLD, FRUSTRATION_METER_BARS } from '@dastak/core/constants';
import { Box, Group, Stack, Text } from '@mantine/core';
import { IconMoodAngry, IconMoodHappy } from '@tabler/icons-react';

const ANGRY = 'var(--mantine-color-red-7)';
const HAPPY = 'var(--mantine-color-teal-6)';
const EMPTY_BAR = 'var(--mantine-color-gray-3)';

/**
 * One bar per follow-up, up to FRUSTRATION_METER_BARS; the filled bars turn angry once the
 * follow-ups reach the threshold (docs/decisions/0004-unshown-constants.md).
 */
export function FrustrationMeter({ totalFollowUps }: { totalFollowUps: number }) {
  const angry = totalFollowUps >= FRUSTRATION_FOLLOW_UP_THRESHOLD;
  const filled = Math.min(totalFollowUps, FRUSTRATION_METER_BARS);
  const mood = angry ? 'angry' : 'happy';
  const Icon = angry ? IconMoodAngry : IconMoodHappy;
  return (
    <Stack gap={6}>
      <Group
        gap={4}
        wrap="nowrap"
        role="meter"
        aria-label="Frustration meter"
        aria-valuemin={0}
        aria-valuemax={FRUSTRATION_METER_BARS}
        aria-valuenow={filled}
        aria-valuetext={`${totalFollowUps} follow ups, ${mood}`}
        data-mood={mood}
      >
        <Icon size={22} color={angry ? ANGRY : HAPPY} aria-hidden />
        {Array.from({ length: FRUSTRATION_METER_BARS }, (_, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: bars are positions, not items.
            key={i}
            w={18}
            h={10 + i * 4}
            style={{
              alignSelf: 'flex-end',
              borderRadius: 3,
              background: i < filled ? (angry ? ANGRY : HAPPY) : EMPTY_BAR,
            }}
            data-filled={i < filled}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {totalFollowUps === 0
          ? 'No follow ups'
          : `${totalFollowUps} follow up${totalFollowUps === 1 ? '' : 's'}`}
      </Text>
    </Stack>
  );
}
