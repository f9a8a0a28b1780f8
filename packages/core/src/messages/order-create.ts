/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them (docs/decisions/0042-feature-messages.md).
 */
import type { Vertical } from '../states';

const VERTICAL_NAMES: Record<Vertical, string> = { blood: 'Blood', xray: 'X-Ray' };

/** The create page's region trap and its return trips (docs/decisions/0058). */
export const ORDER_CREATE_MESSAGES = {
  /**
   * The 400 (on customerAddress) and the page's warning when the pin lies only in regions of
   * the other vertical: no region of this one can take the order.
   */
  addressOutsideVertical: (vertical: Vertical) =>
    `This address is in no ${VERTICAL_NAMES[vertical]} region. Pick another address or add one inside a ${VERTICAL_NAMES[vertical]} region.`,
  /** Where the pin does lie, after the sentence above: 'It lies in Lahore Central (X-Ray).' */
  addressLiesIn: (regions: { name: string; vertical: Vertical }[]) =>
    `It lies in ${regions.map((r) => `${r.name} (${VERTICAL_NAMES[r.vertical]})`).join(', ')}.`,
  /** A pin outside every region: the server books it as unverified (ADR 0003). */
  ADDRESS_OUTSIDE_EVERY_REGION:
    'This address is outside every region. Pick the region yourself: the order books as unverified until staff check the pin.',
  /** The Region field's hint when the chosen address set it. */
  REGION_FROM_ADDRESS: 'Set by the chosen address',
} as const;
