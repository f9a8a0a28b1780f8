import { TRUNCATE } from '../constants';

export const ELLIPSIS = '...';

/** First n characters plus '...' when longer than n; text of n or fewer is unchanged. */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n)}${ELLIPSIS}` : text;
}

export const truncateAddress = (text: string | null | undefined) =>
  truncate(text, TRUNCATE.ADDRESS);
export const truncatePatientName = (text: string | null | undefined) =>
  truncate(text, TRUNCATE.PATIENT_NAME);
export const truncateRiderName = (text: string | null | undefined) =>
  truncate(text, TRUNCATE.RIDER_NAME);
