import { useSyncExternalStore } from 'react';

/**
 * The current time, moving once a minute: relative times ('in 2 hours') stay true without every
 * cell running its own timer. One interval serves every subscriber.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useMinuteNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
