import { EMPTY } from '@dastak/core/messages';
import { formatPercent } from '@dastak/core/rules/on-time';

/** How the report tables print the API's numbers (the e2e spec reads them back the same way). */
const grouped = new Intl.NumberFormat('en-US');

export const formatCount = (n: number) => grouped.format(n);
export const formatPct = (n: number | null) => (n === null ? EMPTY.NA : `${formatPercent(n)}%`);
export const formatMinutes = (n: number | null) => (n === null ? EMPTY.NA : n.toFixed(1));
export const formatStars = (n: number | null) => (n === null ? EMPTY.NA : n.toFixed(2));
export const formatDecimal = (n: number, digits = 2) => n.toFixed(digits);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'dd MMM' of a yyyy-MM-dd Karachi date, for chart axes. */
export const shortDay = (date: string) =>
  `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''}`;
/** 'dd MMM yyyy' (spec §9), for table rows. */
export const longDay = (date: string) => `${shortDay(date)} ${date.slice(0, 4)}`;
