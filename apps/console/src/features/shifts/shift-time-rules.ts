import { shiftScheduleUpdateSchema } from '@dastak/core/entities/shifts';
import { VALIDATION } from '@dastak/core/messages';

export type TimeErrors = { startTime?: string; endTime?: string };

/**
 * Start and end as the core schema checks them (spec §5): a message under each field when start
 * is after end, 'Required field' when one is empty. Empty object when both are fine.
 */
export function checkShiftTimes(startTime: string, endTime: string): TimeErrors {
  const errors: TimeErrors = {};
  if (!startTime) errors.startTime = VALIDATION.REQUIRED;
  if (!endTime) errors.endTime = VALIDATION.REQUIRED;
  if (errors.startTime || errors.endTime) return errors;
  const parsed = shiftScheduleUpdateSchema.safeParse({ startTime, endTime });
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'startTime' || field === 'endTime') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** Field messages of a 400 answer ({errors: {start_time: [...]}}), by form field. */
export function timeErrorsFrom(errors: Record<string, string[]> | undefined): TimeErrors {
  const out: TimeErrors = {};
  const start = errors?.start_time?.[0] ?? errors?.startTime?.[0];
  const end = errors?.end_time?.[0] ?? errors?.endTime?.[0];
  if (start) out.startTime = start;
  if (end) out.endTime = end;
  return out;
}
