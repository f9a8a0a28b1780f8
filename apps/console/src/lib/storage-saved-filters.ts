import { readJson, STORAGE_KEYS } from './storage';

/**
 * Each list's last applied filter set (spec §2.2: side-nav links carry the saved list filters),
 * stored as the list's query string under the signed-in user's id and the list's path.
 *
 * Outside the `dastak.` session prefix on purpose: a user's filters outlive their logout, and
 * the user id in the key keeps them from the next person to sign in on the same browser
 * (docs/decisions/0023).
 */
const PREFIX = 'dastak-filters.';

/** Sort keys alone are no filter: a set with nothing else clears the saved one. */
const SORT_KEYS = ['ordering', 'sorting'];

/** The id of the stored user, read as the session left it; null when nobody is signed in. */
function signedInUserId(): number | null {
  const user = readJson(STORAGE_KEYS.user);
  const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : null;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

const keyOf = (userId: number, listPath: string) => `${PREFIX}${userId}.${listPath}`;

/** The saved query string of the list at `listPath` (no leading '?'), or null. */
export function readSavedFilters(listPath: string): string | null {
  const userId = signedInUserId();
  if (userId === null) return null;
  try {
    return localStorage.getItem(keyOf(userId, listPath)) || null;
  } catch {
    return null;
  }
}

/** Remembers the query string a list was just filtered to; a set of sort keys alone clears it. */
export function saveListFilters(listPath: string, query: URLSearchParams): void {
  const userId = signedInUserId();
  if (userId === null) return;
  const filtersOnly = new URLSearchParams(query);
  for (const key of SORT_KEYS) filtersOnly.delete(key);
  try {
    if (filtersOnly.size === 0) localStorage.removeItem(keyOf(userId, listPath));
    else localStorage.setItem(keyOf(userId, listPath), query.toString());
  } catch {
    // Storage full or blocked: the list still works, the link just opens its defaults.
  }
}

/** A side-nav href with the list's saved filters in place of its default query string. */
export function withSavedFilters(href: string): string {
  const [path = href] = href.split('?');
  const saved = readSavedFilters(path);
  return saved ? `${path}?${saved}` : href;
}
