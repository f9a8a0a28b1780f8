/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them (docs/decisions/0042-feature-messages.md).
 */

import { formatHoursMinutes } from '../rules/sample-stability';

/** Sample stability windows (docs/decisions/0048-sample-stability.md). */
export const STABILITY_MESSAGES = {
  HOURS_RANGE: 'Stability must be a whole number of hours from 1 to 168',
  WINDOW_SAVED: 'Stability window saved',
  /** The dashboard list of samples on the road and its empty state. */
  IN_TRANSIT_TITLE: 'Samples on the road',
  NONE_IN_TRANSIT: 'No samples on the road',
  /** Why a sample is at risk, in a dispatcher's words. */
  AT_RISK_CAUSE: (minutesToSpare: number, center: string) =>
    minutesToSpare < 0
      ? `Reaches ${center} ${formatHoursMinutes(-minutesToSpare)} after the sample expires`
      : `Reaches ${center} only ${formatHoursMinutes(minutesToSpare)} before the sample expires`,
  NO_POSITION_CAUSE: 'Rider position unknown; little time left',
  /** The delivery has no collection centre to ride to (the vertical has no active centre). */
  NO_CENTER_CAUSE: 'No collection centre for the delivery; little time left',
  /** Web push to the region's dispatchers. */
  PUSH_TITLE: (number: string) => `Sample at risk: ${number}`,
  PUSH_BODY: (rider: string, countdown: string) => `${rider} · ${countdown}`,
} as const;
