import { CUSTOMER_LOOKUP_LENGTH_MULTIPLE, PHONE_LENGTH } from '@dastak/core/constants';

/** The Customer Number field keeps digits only, capped at 11 (spec §5). */
export function cleanCustomerNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

/**
 * What the lookup for a typed number sends: the number itself at 11 digits, else its longest
 * prefix at a multiple of the constant (null below it). So a call only ever goes out for a text
 * of a length that fires (spec §5), and at 9 or 10 digits the 8-digit answer still speaks for
 * the number: a phone holding the longer text also holds its prefix.
 */
export function lookupTextFor(number: string): string | null {
  if (number.length === PHONE_LENGTH) return number;
  const length = number.length - (number.length % CUSTOMER_LOOKUP_LENGTH_MULTIPLE);
  return length > 0 ? number.slice(0, length) : null;
}

/** The create-customer link needs a complete, valid number. */
export function isFullCustomerNumber(number: string): boolean {
  return new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(number);
}

/**
 * 'No customer found' (spec §5): a number typed, no matches, no customer loaded, nothing in
 * flight. `found` is how many customers the lookup behind the number answered (null until it
 * has): only an answer of none proves there is no match, since a truncated answer for a prefix
 * may lack a match of the longer number.
 */
export function showNoCustomerFound(args: {
  number: string;
  found: number | null;
  customerLoaded: boolean;
  fetching: boolean;
}): boolean {
  return args.number.length > 0 && args.found === 0 && !args.customerLoaded && !args.fetching;
}

/** The lookup's hits that still match the number as typed now (it may be past the prefix). */
export function hitsForNumber<T extends { phone: string }>(hits: T[], number: string): T[] {
  return hits.filter((hit) => hit.phone.includes(number));
}

/** Linked Patients filter: case-insensitive substring of the display name. */
export function matchesPatientName(
  patient: { firstName: string; lastName: string },
  search: string,
): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return `${patient.firstName} ${patient.lastName}`.toLowerCase().includes(text);
}
