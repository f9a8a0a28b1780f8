import { COUNTDOWN_TOTAL } from '@dastak/core/constants';

export type Countdown = {
  /** Share of the pie still to go, 0 to 100. */
  percent: number;
  /** Whole minutes to pickup; negative once it has passed. */
  minutesLeft: number;
  label: string;
  late: boolean;
};

/**
 * The pickup countdown pie counts the last COUNTDOWN_TOTAL (60) minutes before pickup (spec
 * §2.6, §9): full while pickup is further off, empty and late once it has passed.
 */
export function pickupCountdown(pickup: Date, now: Date): Countdown {
  const minutesLeft = Math.floor((pickup.getTime() - now.getTime()) / 60_000);
  const clamped = Math.min(Math.max(minutesLeft, 0), COUNTDOWN_TOTAL);
  const percent = (clamped / COUNTDOWN_TOTAL) * 100;
  if (minutesLeft < 0) {
    const late = -minutesLeft;
    return {
      percent: 0,
      minutesLeft,
      late: true,
      label: `${late} ${late === 1 ? 'min' : 'mins'} late`,
    };
  }
  if (minutesLeft > COUNTDOWN_TOTAL) {
    return { percent, minutesLeft, late: false, label: `More than ${COUNTDOWN_TOTAL} mins` };
  }
  return {
    percent,
    minutesLeft,
    late: false,
    label: `${minutesLeft} ${minutesLeft === 1 ? 'min' : 'mins'} left`,
  };
}
