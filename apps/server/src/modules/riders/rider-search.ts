/**
 * A search box's text as an ILIKE pattern (spec §5): case-insensitive substring; '%' and '_'
 * match themselves. Input containing a backslash matches nothing (null); empty means no search.
 */
export function searchPattern(search: string | undefined): string | null | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  if (text.includes('\\')) return null;
  return `%${text.replace(/[%_]/g, (c) => `\\${c}`)}%`;
}
