import { ON_TIME_RATE_DAYS } from '@dastak/core/constants';
import {
  endOfKarachiDay,
  karachiDateString,
  startOfKarachiDay,
  toKarachiIso,
} from '@dastak/core/rules/karachi-time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's pickup window in Karachi, as the panels send it (pickup_from, pickup_to). */
export type PickupWindow = { pickupFrom: string; pickupTo: string };

/**
 * Built from the Karachi date alone, so the window (and the query keys carrying it) stays the
 * same all day and moves at Karachi midnight, whatever the browser's zone.
 */
export function pickupWindowOf(karachiDate: string): PickupWindow {
  const day = new Date(`${karachiDate}T12:00:00+05:00`);
  return {
    pickupFrom: toKarachiIso(startOfKarachiDay(day)),
    pickupTo: toKarachiIso(endOfKarachiDay(day)),
  };
}

/** The first day of the on-time graph: six days back, so the bars end with today (spec §9). */
export function onTimeRangeStart(karachiDate: string): string {
  const noon = new Date(`${karachiDate}T12:00:00+05:00`).getTime();
  return karachiDateString(new Date(noon - (ON_TIME_RATE_DAYS - 1) * DAY_MS));
}

/** The ON_TIME_RATE_DAYS Karachi dates ending today, oldest first (one bar each). */
export function onTimeRangeDates(karachiDate: string): string[] {
  const noon = new Date(`${karachiDate}T12:00:00+05:00`).getTime();
  return Array.from({ length: ON_TIME_RATE_DAYS }, (_, i) =>
    karachiDateString(new Date(noon - (ON_TIME_RATE_DAYS - 1 - i) * DAY_MS)),
  );
}
