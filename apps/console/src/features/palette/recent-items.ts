import { useCallback, useState } from 'react';

/** Something the palette opened: enough to show it again and to open it again. */
export type PaletteItem = {
  kind: 'order' | 'customer' | 'rider' | 'action';
  /** Unique across kinds, e.g. 'order:12'. */
  key: string;
  label: string;
  detail?: string;
  href: string;
};

/**
 * Items opened through the palette, newest first, per user. Outside the `dastak.` session prefix
 * like the saved list filters (docs/decisions/0023): they outlive a logout, and the user id in
 * the key keeps them from the next person to sign in on the same browser.
 */
const PREFIX = 'dastak-palette.recent.';
export const MAX_RECENT = 8;

const KINDS = new Set<PaletteItem['kind']>(['order', 'customer', 'rider', 'action']);

function isItem(value: unknown): value is PaletteItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    KINDS.has(v.kind as PaletteItem['kind']) &&
    typeof v.key === 'string' &&
    typeof v.label === 'string' &&
    (v.detail === undefined || typeof v.detail === 'string') &&
    typeof v.href === 'string' &&
    // Only paths inside the console: storage is outside our control.
    v.href.startsWith('/') &&
    !v.href.startsWith('//')
  );
}

export function readRecentItems(userId: number): PaletteItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(`${PREFIX}${userId}`) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first, drops an older copy of it, keeps at most MAX_RECENT. */
export function rememberItem(userId: number, item: PaletteItem): PaletteItem[] {
  const next = [item, ...readRecentItems(userId).filter((i) => i.key !== item.key)].slice(
    0,
    MAX_RECENT,
  );
  try {
    localStorage.setItem(`${PREFIX}${userId}`, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the history.
  }
  return next;
}

/** The signed-in user's recent items, read when the palette's body mounts (each opening). */
export function useRecentItems(userId: number | undefined) {
  const [items, setItems] = useState<PaletteItem[]>(() => (userId ? readRecentItems(userId) : []));
  const remember = useCallback(
    (item: PaletteItem) => {
      if (userId) setItems(rememberItem(userId, item));
    },
    [userId],
  );
  return { items, remember };
}
