import { useSyncExternalStore } from 'react';

/**
 * The current time (epoch ms), moving every `intervalMs`: relative times and countdowns stay
 * true without every cell running its own timer. One interval per period serves every
 * subscriber, and stops when the last one leaves.
 */
type Clock = { now: number; subscribe: (listener: () => void) => () => void };

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  const existing = clocks.get(intervalMs);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const clock: Clock = {
    now: Date.now(),
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        clock.now = Date.now();
        timer = setInterval(() => {
          clock.now = Date.now();
          for (const l of listeners) l();
        }, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
  clocks.set(intervalMs, clock);
  return clock;
}

export function useSharedNow(intervalMs: number): number {
  const clock = clockOf(intervalMs);
  return useSyncExternalStore(
    clock.subscribe,
    () => clock.now,
    () => clock.now,
  );
}

/** The clock of minute-grained cells: relative times ('in 2 hours'), today's date. */
export function useMinuteNow(): number {
  return useSharedNow(60_000);
}
