import { BREAK_MESSAGES } from '../messages/attendance';
import type { ShiftState } from '../states';

export interface BreakableShift {
  state: ShiftState;
  startDatetime: Date | string;
  endDatetime: Date | string;
  breakAlreadyGiven: boolean;
  /** The rider's assignment to the weekly shift allows a break (false when it is gone). */
  allowBreak: boolean | null;
}

/**
 * Why a break can not be given on this rider shift now, as the server's 409 says it; null when it
 * can (spec §4 'Shift'). Once a shift; only while it runs: in progress (the rider has pinged) and
 * between its start and its end, since a ping in the 15 minutes before the start already puts
 * the shift in progress and a break given then would be used up before the shift begins
 * (ADR 0057); and only where the rider's assignment allows breaks. The server and the Break
 * button both ask this.
 */
export function breakRefusal(s: BreakableShift, now: Date | number): string | null {
  const at = typeof now === 'number' ? now : now.getTime();
  if (s.breakAlreadyGiven) return BREAK_MESSAGES.BREAK_ALREADY_GIVEN;
  const running =
    s.state === 'in-progress' &&
    new Date(s.startDatetime).getTime() <= at &&
    at < new Date(s.endDatetime).getTime();
  if (!running) return BREAK_MESSAGES.BREAK_NOT_IN_PROGRESS;
  if (!s.allowBreak) return BREAK_MESSAGES.BREAK_NOT_ALLOWED;
  return null;
}
