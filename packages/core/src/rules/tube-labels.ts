import { TUBE_LABEL_MAX, TUBE_LABEL_MIN } from '../constants';

/**
 * Tube labels (ADR 0062): the Code 128 text on a sample tube, as the rider scans or types it.
 * Scanners and keyboards differ in case and stray spaces, so a label is compared normalised.
 */

const LABEL_PATTERN = new RegExp(`^[A-Z0-9-]{${TUBE_LABEL_MIN},${TUBE_LABEL_MAX}}$`);

/** Trimmed and upper-cased. */
export const normalizeTubeLabel = (raw: string) => raw.trim().toUpperCase();

/** True for a normalised label of 4–40 characters of A–Z, 0–9 and '-'. */
export const isValidTubeLabel = (label: string) => LABEL_PATTERN.test(label);

export type HandoverCheck = {
  /** Tubes the orders carry (expected), in their order. */
  checked: string[];
  /** Expected tubes that were scanned at the centre. */
  handedOver: string[];
  /** Expected tubes not scanned. */
  missing: string[];
  /** Scanned labels no order being delivered carries. */
  unknown: string[];
};

/**
 * Compares the tubes the orders carry with the labels scanned at the centre. Both sides are
 * normalised and de-duplicated; the order of `expected` is kept, `unknown` keeps scan order.
 */
export function reconcileHandover(
  expectedLabels: readonly string[],
  scannedLabels: readonly string[],
): HandoverCheck {
  const checked = [...new Set(expectedLabels.map(normalizeTubeLabel))];
  const scanned = [...new Set(scannedLabels.map(normalizeTubeLabel))].filter(Boolean);
  const expected = new Set(checked);
  const seen = new Set(scanned);
  return {
    checked,
    handedOver: checked.filter((l) => seen.has(l)),
    missing: checked.filter((l) => !seen.has(l)),
    unknown: scanned.filter((l) => !expected.has(l)),
  };
}
