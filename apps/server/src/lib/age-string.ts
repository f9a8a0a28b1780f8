import type { AgeUnit } from '@dastak/core/states';

// Patients, orders and dashboards all show a patient's age this way.
const UNIT_WORDS: Record<AgeUnit, [string, string]> = {
  YEARS: ['Year', 'Years'],
  MONTHS: ['Month', 'Months'],
  DAYS: ['Day', 'Days'],
};

/** '32 Years', '1 Month'; '' when the age is unknown (spec §3 ageString). */
export function ageString(age: number | null, unit: AgeUnit | null): string {
  if (age === null) return '';
  const [one, many] = UNIT_WORDS[unit ?? 'YEARS'];
  return `${age} ${age === 1 ? one : many}`;
}
