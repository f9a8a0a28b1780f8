import type { Vertical } from '@dastak/core/states';

/**
 * Which order lists a typed term is looked up in. Order numbers are 'B-' or 'X-' then digits,
 * so a term with its letter names its vertical; bare digits not shaped like a phone (phones
 * start with 0) may be part of either vertical's numbers. Anything else is not an order number.
 */
export function orderVerticalsFor(term: string): Vertical[] {
  const lettered = /^([bx])-\d+$/i.exec(term);
  if (lettered) return [lettered[1]!.toLowerCase() === 'b' ? 'blood' : 'xray'];
  if (/^[1-9]\d{3,}$/.test(term)) return ['blood', 'xray'];
  return [];
}

/** The term the searches send: trimmed, and an order number's letter upper-cased. */
export function normaliseTerm(text: string): string {
  const term = text.trim();
  return /^[bx]-\d+$/i.test(term) ? term.toUpperCase() : term;
}

/** A lettered order number ('B-2611...') is no phone or name: people are not looked up for it. */
export const isPeopleTerm = (term: string): boolean =>
  term.length >= 2 && !/^[bx]-\d+$/i.test(term);
