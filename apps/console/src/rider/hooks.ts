import type { Reply } from '@dastak/core/api-replies';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { get } from './api';
import { getNotices, onChange, outbox } from './runtime';
import { getSession } from './session';

export type Tasks = Reply<'GET /rider-app/tasks/'>;
export type Task = Tasks['results'][number];
/**
 * The order of a task, with what the server adds in parallel work (issue 30): the tube labels
 * taken at collection, and the medicine / specific-time mark. Optional until every server sends
 * them.
 */
export type TaskOrder = NonNullable<Task['order']> & {
  tubeLabels?: string[];
  isMedicineAndSpecificTime?: boolean;
};

export function useOutbox() {
  return useSyncExternalStore(
    (l) => outbox.subscribe(l),
    () => outbox.snapshot(),
  );
}

export function useNotices() {
  return useSyncExternalStore(onChange, getNotices);
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
  );
}

/** Ticks every `ms` so countdowns move. */
export function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

const POLL_MS = 15_000;

/** Sign-out: no patient's name or address stays on the phone (the lists kept for offline). */
export function forgetCachedData(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('dastak-rider-tasks-')) localStorage.removeItem(key);
  }
}
const cacheKey = () => `dastak-rider-tasks-${getSession()?.user.id ?? 0}`;

function cached(): Tasks | null {
  try {
    const raw = localStorage.getItem(cacheKey());
    return raw ? (JSON.parse(raw) as Tasks) : null;
  } catch {
    return null;
  }
}

/** What makes a task 'new or changed' for the alert: its id, its order and that order's state. */
const fingerprint = (t: Task) => `${t.id}:${t.order?.id ?? ''}:${t.order?.state ?? ''}:${t.type}`;

let audio: AudioContext | null = null;
/** A short beep and a buzz: a new task came in. */
function alertRider() {
  navigator.vibrate?.([200, 100, 200]);
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.18);
  } catch {
    // No sound before the first tap on some phones; the vibration still runs.
  }
  document.body.dataset.taskAlerts = String(Number(document.body.dataset.taskAlerts ?? 0) + 1);
}

/**
 * The rider's queue: polled every 15 s while the app is open, and at once when it comes back to
 * the front, the network returns or an action was sent. The last answer is kept on the phone so
 * the list shows with no network.
 */
export function useTasks() {
  const [tasks, setTasks] = useState<Tasks | null>(cached);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const known = useRef<Set<string> | null>(tasks ? new Set(tasks.results.map(fingerprint)) : null);

  const load = useCallback(async () => {
    const answer = await get('/rider-app/tasks/', {});
    if (!answer.ok) return;
    const prints = answer.data.results.map(fingerprint);
    const before = known.current;
    // Only orders that came in or changed by someone else's hand: not what the rider just did.
    const own = new Set(outbox.snapshot().items.flatMap((i) => (i.orderId ? [i.orderId] : [])));
    if (
      before &&
      answer.data.results.some(
        (t, i) => !before.has(prints[i]!) && t.type !== 1 && !own.has(t.order?.id ?? -1),
      )
    )
      alertRider();
    known.current = new Set(prints);
    setTasks(answer.data);
    setUpdatedAt(new Date());
    try {
      localStorage.setItem(cacheKey(), JSON.stringify(answer.data));
    } catch {
      // Storage full: the list still shows, it is just not kept.
    }
  }, []);

  useEffect(() => {
    void load();
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    const now = () => void load();
    const onVisible = () => document.visibilityState === 'visible' && now();
    window.addEventListener('focus', now);
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', onVisible);
    const off = onChange(now);
    return () => {
      clearInterval(poll);
      window.removeEventListener('focus', now);
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', onVisible);
      off();
    };
  }, [load]);

  return { tasks, updatedAt, reload: load };
}
