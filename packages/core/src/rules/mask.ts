import { PUBLIC_LINKS } from '../constants';

/** The character that stands in for a hidden one on the public pages. */
export const MASK_CHAR = '•';

/**
 * A phone or email for the live-location page (ADR 0038): every character but the last
 * PUBLIC_LINKS.MASK_VISIBLE_CHARS becomes MASK_CHAR, so the person at the door can confirm it is
 * theirs while a forwarded link does not hand out a contact. Values no longer than twice that
 * show at most half their characters, so a short value is never shown whole.
 */
export function maskContact(value: string, visible: number = PUBLIC_LINKS.MASK_VISIBLE_CHARS) {
  const chars = [...value];
  const shown = Math.min(visible, Math.floor(chars.length / 2));
  return MASK_CHAR.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
}
