/**
 * A Pakistani mobile number as a rider types it (0300 1234567, +92 300 1234567, 0092300…) in
 * the form numbers are stored in, 03001234567; anything else as its digits.
 */
export function localPhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.startsWith('0092')) return `0${digits.slice(4)}`;
  if (digits.startsWith('92') && digits.length === 12) return `0${digits.slice(2)}`;
  return digits;
}
