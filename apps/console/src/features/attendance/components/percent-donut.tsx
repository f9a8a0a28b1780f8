import { EMPTY } from '@dastak/core/messages';
import { formatPercent } from '@dastak/core/rules/on-time';
import { RingProgress, Text } from '@mantine/core';

/**
 * On-time and online percentages as small donuts (spec §2.11), the value written inside with 2
 * decimals (spec §9); no value (a shift with no ping yet) is an empty ring reading N/A (§8).
 * Mantine's ring: no chart library for a single arc.
 */
export function PercentDonut({ label, value }: { label: string; value: number | null }) {
  const pct = value === null ? null : Math.min(100, Math.max(0, value));
  const text = pct === null ? EMPTY.NA : `${formatPercent(pct)}%`;
  const color = pct === null ? 'gray' : pct >= 80 ? 'teal' : pct >= 50 ? 'yellow' : 'red';
  return (
    <RingProgress
      role="img"
      aria-label={`${label} ${text}`}
      size={62}
      thickness={5}
      roundCaps
      // A zero-length arc with round caps would still draw a dot.
      sections={pct !== null && pct > 0 ? [{ value: pct, color }] : []}
      rootColor="gray.2"
      label={
        <Text ta="center" fz={10} fw={700} c={pct === null ? 'dimmed' : undefined} aria-hidden>
          {text}
        </Text>
      }
    />
  );
}
