/**
 * Parses a typed date field (dd/MM/yyyy, spec §2.7: Date of Birth, Pickup Date) into the
 * YYYY-MM-DD the API takes; anything that is not a real calendar date is no date at all (the
 * schema then says 'Required field').
 */
export function parseDateField(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d, m, y] = match;
  const day = Number(d);
  const month = Number(m);
  const year = Number(y);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
