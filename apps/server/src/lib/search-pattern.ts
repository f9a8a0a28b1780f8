/**
 * A user's search text as an ILIKE substring pattern (spec §5: case-insensitive pattern match;
 * input containing a backslash matches nothing). Returns null when nothing can match, so callers
 * answer an empty list without asking the database.
 */
export function containsPattern(search: string): string | null {
  if (search.includes('\\')) return null;
  return `%${search.replace(/[%_]/g, (c) => `\\${c}`)}%`;
}
