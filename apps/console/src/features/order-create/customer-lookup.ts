import { CUSTOMER_LOOKUP_LENGTH_MULTIPLE, PHONE_LENGTH } from '@dastak/core/constants';

/** The Customer Number field keeps digits only, capped at 11 (spec §5). */
export function cleanCustomerNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

/**
 * The lookup fires when the typed length is a multiple of the constant or exactly 11 (spec §5;
 * 4, see docs/decisions/0016-order-create.md): one call per few keystrokes, not per keystroke.
 */
export function shouldLookUp(number: string): boolean {
  const n = number.length;
  return n > 0 && (n === PHONE_LENGTH || n % CUSTOMER_LOOKUP_LENGTH_MULTIPLE === 0);
}

/** The create-customer link needs a complete, valid number. */
export function isFullCustomerNumber(number: string): boolean {
  return new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(number);
}

/** 'No customer found': a number typed, no matches, no customer loaded, nothing in flight. */
export function showNoCustomerFound(args: {
  number: string;
  matches: number;
  customerLoaded: boolean;
  fetching: boolean;
  looked: boolean;
}): boolean {
  return (
    args.number.length > 0 &&
    args.looked &&
    args.matches === 0 &&
    !args.customerLoaded &&
    !args.fetching
  );
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
