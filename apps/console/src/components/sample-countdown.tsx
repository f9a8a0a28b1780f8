import { type SampleTone, sampleCountdown } from '@dastak/core/rules/sample-stability';
import { useSharedNow } from '../lib/shared-clock';
import { Tag, type TagColor } from './tag';

/** Half a minute: the label counts whole minutes, so it is never more than that behind. */
const TICK_MS = 30_000;

const TONE_COLORS: Record<SampleTone, TagColor> = {
  ok: 'teal',
  atRisk: 'orange',
  expired: 'red',
};

/**
 * A collected sample's countdown (docs/decisions/0048-sample-stability.md): core's
 * label, coloured by its tone. The order detail, the rider's tasks and the dashboard all show
 * this one badge, so they agree to the minute. A timer role: its name says what it counts.
 */
export function SampleCountdown({
  expiresAt,
  size = 'sm',
}: {
  expiresAt: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const now = useSharedNow(TICK_MS);
  const countdown = sampleCountdown(expiresAt, new Date(now));
  const name = `Sample stability: ${countdown.label}`;
  return (
    <Tag
      color={TONE_COLORS[countdown.tone]}
      size={size}
      role="timer"
      aria-label={name}
      title={name}
      data-tone={countdown.tone}
      style={{ flexShrink: 0 }}
    >
      {countdown.label}
    </Tag>
  );
}
