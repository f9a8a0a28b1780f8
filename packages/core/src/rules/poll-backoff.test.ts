import { describe, expect, it } from 'vitest';
import { LIVE_LOCATION_BACKOFF_MAX_MS, LIVE_LOCATION_POLL_MS } from '../constants';
import { nextPollMs, parseRetryAfter } from './poll-backoff';

describe('nextPollMs', () => {
  it('polls at the period after an answer', () => {
    expect(nextPollMs({ ok: true, status: 200 }, 0)).toBe(LIVE_LOCATION_POLL_MS);
  });

  it("waits the server's Retry-After after a 429, never less than the period, at most the cap", () => {
    expect(nextPollMs({ ok: false, status: 429, retryAfterSeconds: 42 }, 1)).toBe(42_000);
    expect(nextPollMs({ ok: false, status: 429, retryAfterSeconds: 1 }, 1)).toBe(
      LIVE_LOCATION_POLL_MS,
    );
    expect(nextPollMs({ ok: false, status: 429, retryAfterSeconds: 86_400 }, 1)).toBe(
      LIVE_LOCATION_BACKOFF_MAX_MS,
    );
  });

  it('doubles the wait for each failure in a row (a 429 without Retry-After too), up to the cap', () => {
    const waits = [1, 2, 3, 4, 10].map((n) => nextPollMs({ ok: false, status: 0 }, n));
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, LIVE_LOCATION_BACKOFF_MAX_MS]);
    expect(nextPollMs({ ok: false, status: 429, retryAfterSeconds: null }, 2)).toBe(20_000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    expect(parseRetryAfter('17')).toBe(17);
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
