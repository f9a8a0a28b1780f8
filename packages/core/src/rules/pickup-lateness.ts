import { COUNTDOWN_TOTAL } from '../constants';
import { ACTIVE_STATES, type OrderState } from '../states';

/**
 * How far past its pickup time an order is, in whole minutes, read from one clock reading.
 * Positive: minutes late; zero or negative: not late yet (minus the minutes left). The order
 * detail's 'Delayed by N mins' and its countdown both read this one number (and the server's
 * lateTimedelta too), so they cannot disagree: they used to floor in opposite directions and
 * showed 114 beside 115 for the same order.
 */
export function minutesPastPickup(pickup: Date, now: Date): number {
  return Math.floor((now.getTime() - pickup.getTime()) / 60_000);
}

/**
 * Whole minutes late while the sample is still to be collected (an active state, nothing
 * collected); null when the order is not late.
 */
export function lateMinutes(
  order: { state: string; pickup: Date; collectedAt: Date | null },
  now: Date,
): number | null {
  if (order.collectedAt || !ACTIVE_STATES.includes(order.state as OrderState)) return null;
  const minutes = minutesPastPickup(order.pickup, now);
  return minutes > 0 ? minutes : null;
}

export type Countdown = {
  /** Share of the pie still to go, 0 to 100. */
  percent: number;
  /** Whole minutes to pickup; negative once the order is late. */
  minutesLeft: number;
  label: string;
  late: boolean;
};

const mins = (n: number) => `${n} ${n === 1 ? 'min' : 'mins'}`;

/**
 * The order detail's pickup countdown pie counts the last COUNTDOWN_TOTAL (60) minutes before
 * pickup (spec §2.6, §9): full while pickup is further off, empty and late once it has passed.
 */
export function pickupCountdown(pickup: Date, now: Date): Countdown {
  const minutesLeft = -minutesPastPickup(pickup, now) || 0;
  if (minutesLeft < 0) {
    return { percent: 0, minutesLeft, late: true, label: `${mins(-minutesLeft)} late` };
  }
  const percent = (Math.min(minutesLeft, COUNTDOWN_TOTAL) / COUNTDOWN_TOTAL) * 100;
  const label =
    minutesLeft > COUNTDOWN_TOTAL
      ? `More than ${COUNTDOWN_TOTAL} mins`
      : `${mins(minutesLeft)} left`;
  return { percent, minutesLeft, late: false, label };
}
