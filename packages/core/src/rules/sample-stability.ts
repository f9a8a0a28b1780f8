import type { Vertical } from '../states';

/**
 * Sample stability (docs/decisions/0048-sample-stability.md): each test may carry the
 * hours a collected sample stays fit for the lab, from collection to the collection centre. An
 * order's sample expires at collection + the shortest window among its tests. The server stores
 * that instant on the order when the rider collects (orders.sample_expires_at) and every screen
 * counts down from it with the rules below, so the order detail, the rider's queue and the
 * dashboard agree to the minute.
 */

/** A blood test without its own window: whole blood at room temperature, ADR 0048. */
export const DEFAULT_BLOOD_STABILITY_HOURS = 6;
/** Bounds of a configured window: one hour to a week. */
export const STABILITY_HOURS_MIN = 1;
export const STABILITY_HOURS_MAX = 168;
/**
 * A collected sample is at risk when its rider is estimated to reach the centre less than this
 * many minutes before it expires (or cannot be estimated and has less than this left).
 */
export const SAMPLE_AT_RISK_MINUTES = 30;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The window a test applies: its own, else the vertical's default (X-ray carries no sample). */
export function effectiveStabilityHours(test: {
  vertical: Vertical;
  stabilityHours: number | null;
}): number | null {
  if (test.vertical !== 'blood') return null;
  return test.stabilityHours ?? DEFAULT_BLOOD_STABILITY_HOURS;
}

/** When the sample collected at `collectedAt` stops being fit: the earliest window of its tests. */
export function sampleExpiry(
  collectedAt: Date,
  tests: readonly { vertical: Vertical; stabilityHours: number | null }[],
): Date | null {
  let hours: number | null = null;
  for (const t of tests) {
    const h = effectiveStabilityHours(t);
    if (h != null && (hours == null || h < hours)) hours = h;
  }
  return hours == null ? null : new Date(collectedAt.getTime() + hours * HOUR);
}

export type SampleTone = 'ok' | 'atRisk' | 'expired';

export interface SampleCountdown {
  /** Whole minutes left (negative once expired), rounded down so a screen never promises more. */
  minutesLeft: number;
  tone: SampleTone;
  /** 'Sample good for 2 h 05 min', 'Sample expired 12 mins ago' or '... 14 h 18 min ago'. */
  label: string;
}

/** Whole minutes as '45 min' or '2 h 05 min': the one way sample times are written. */
export function formatHoursMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** The countdown every screen shows for a sample expiring at `expiresAt`. */
export function sampleCountdown(expiresAt: Date | string, now: Date): SampleCountdown {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  const minutesLeft = Math.floor(ms / MINUTE);
  if (ms <= 0) {
    const ago = Math.max(1, Math.ceil(-ms / MINUTE));
    const text = ago < 60 ? `${ago} ${ago === 1 ? 'min' : 'mins'}` : formatHoursMinutes(ago);
    return { minutesLeft, tone: 'expired', label: `Sample expired ${text} ago` };
  }
  return {
    minutesLeft,
    tone: minutesLeft < SAMPLE_AT_RISK_MINUTES ? 'atRisk' : 'ok',
    label: `Sample good for ${formatHoursMinutes(minutesLeft)}`,
  };
}
