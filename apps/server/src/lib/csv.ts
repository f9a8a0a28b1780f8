/**
 * CSV cells and records for the downloads and listing emails (orders, attendance): one way to
 * write a cell, so every export makes formula starts harmless alike.
 */

// A spreadsheet runs a cell starting with these as a formula (CSV injection); tab and CR too,
// as some spreadsheets strip them and then read what follows.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts made harmless with a leading quote, then quoted as RFC 4180 asks. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with the CRLF line break of RFC 4180. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
