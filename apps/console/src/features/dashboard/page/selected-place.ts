import { readString, writeValues } from '../../../lib/storage';

/**
 * The region (or city) chosen on a dashboard, remembered per vertical (spec §4: the first
 * fetched becomes the default for a vertical when none is selected). Under the `dastak.`
 * session prefix like the other per-vertical selections, so logout forgets it.
 */
export function readSelectedId(key: string): number | null {
  const value = Number(readString(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeSelectedId(key: string, id: number): void {
  writeValues({ [key]: String(id) });
}

/** The stored pick when it is still on offer, else the first on offer, else none yet. */
export function pickFrom<T extends { id: number }>(items: readonly T[], storedId: number | null) {
  return items.find((item) => item.id === storedId) ?? items[0] ?? null;
}
