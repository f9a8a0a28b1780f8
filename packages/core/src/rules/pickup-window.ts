import {
  ORDER_CREATE_LEAD_MINUTES,
  ORDER_CREATE_MAX_DAYS_AHEAD,
  RESCHEDULE_LEAD_MINUTES,
  RESCHEDULE_MAX_DAYS_AHEAD,
} from '../constants';
import { karachiDateString, startOfKarachiDay } from './karachi-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Booking a new order (§2.8) or moving one (the assign/reschedule dialog's limits, §5, §9). */
export type PickupKind = 'create' | 'reschedule';

const LIMITS: Record<PickupKind, { leadMinutes: number; maxDaysAhead: number }> = {
  create: { leadMinutes: ORDER_CREATE_LEAD_MINUTES, maxDaysAhead: ORDER_CREATE_MAX_DAYS_AHEAD },
  reschedule: { leadMinutes: RESCHEDULE_LEAD_MINUTES, maxDaysAhead: RESCHEDULE_MAX_DAYS_AHEAD },
};

/**
 * When a pickup may be: from now plus the lead, up to the end of the Karachi day that is the
 * maximum number of days ahead. One window for the slots offered, the calendars and the server's
 * check, so a slot the dialog offers is never refused.
 */
export function pickupWindow(kind: PickupKind, now: Date): { earliest: Date; end: Date } {
  const { leadMinutes, maxDaysAhead } = LIMITS[kind];
  return {
    earliest: new Date(now.getTime() + leadMinutes * MINUTE),
    // Exclusive: the first instant after the last allowed day.
    end: new Date(startOfKarachiDay(now).getTime() + (maxDaysAhead + 1) * DAY),
  };
}

/** Where a pickup falls against its window. */
export function pickupFit(kind: PickupKind, pickup: Date, now: Date): 'soon' | 'far' | 'ok' {
  const { earliest, end } = pickupWindow(kind, now);
  if (pickup.getTime() < earliest.getTime()) return 'soon';
  if (pickup.getTime() >= end.getTime()) return 'far';
  return 'ok';
}

/** The window as the Karachi calendar dates a date picker offers (first and last day). */
export function pickupDateBounds(
  kind: PickupKind,
  now: Date,
): { minDate: string; maxDate: string } {
  const { earliest, end } = pickupWindow(kind, now);
  return {
    minDate: karachiDateString(earliest),
    maxDate: karachiDateString(new Date(end.getTime() - 1)),
  };
}
