/** Off time shown beside on time on the dashboard graph (spec §9). */
export function offTimePercent(onTime: number | null | undefined): number {
  // No on-time data (or none on time) counts as fully off time.
  if (onTime == null || !Number.isFinite(onTime) || onTime <= 0) return 100;
  return 100 - onTime;
}

/** Percentages show 2 decimals; a missing value reads as 0.00. */
export function formatPercent(value: number | null | undefined): string {
  return (value != null && Number.isFinite(value) ? value : 0).toFixed(2);
}
