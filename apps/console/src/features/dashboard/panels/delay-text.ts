/**
 * 'Delayed by N mins': the words of core's formatDelay (rules/format.ts), kept here because that
 * module's time-zone formatter (date-fns-tz, ~9 kB gzip) would join the dashboard's first download
 * for one sentence. If core moves formatDelay into a module of its own, use that instead.
 */
export function delayText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `Delayed by ${whole} ${whole === 1 ? 'min' : 'mins'}`;
}
