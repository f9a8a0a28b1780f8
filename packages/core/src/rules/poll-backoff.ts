import { LIVE_LOCATION_BACKOFF_MAX_MS, LIVE_LOCATION_POLL_MS } from '../constants';

/**
 * The wait before a customer page polls again (docs/decisions/0052-rate-limits.md): its period
 * after an answer; after a 429, the server's Retry-After (never less than the period); after any
 * other failure, the period doubled for each failure in a row. Never more than maxMs.
 */
export function nextPollMs(
  answer: { ok: boolean; status: number; retryAfterSeconds?: number | null },
  failuresInRow: number,
  periodMs: number = LIVE_LOCATION_POLL_MS,
  maxMs: number = LIVE_LOCATION_BACKOFF_MAX_MS,
): number {
  if (answer.ok) return periodMs;
  if (answer.status === 429 && answer.retryAfterSeconds && answer.retryAfterSeconds > 0)
    return Math.min(maxMs, Math.max(periodMs, answer.retryAfterSeconds * 1000));
  return Math.min(maxMs, periodMs * 2 ** Math.max(0, failuresInRow - 1));
}

/** Retry-After in seconds (RFC 9110: a number of seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
