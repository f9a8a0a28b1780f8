import { call } from './api';
import { LocationTracker } from './location';
import { idbStore } from './outbox/idb-store';
import {
  classify,
  type Draft,
  memoryStore,
  Outbox,
  type OutboxItem,
  type SendOutcome,
} from './outbox/outbox';
import { getSession } from './session';

/**
 * The app's one outbox and one location tracker, and the loop that sends: at start, every
 * 15 s, when the phone comes back online, and right after anything is queued.
 */
export const outbox = new Outbox(typeof indexedDB === 'undefined' ? memoryStore() : idbStore());

export const tracker = new LocationTracker((pings) => {
  void queue({ kind: 'location', path: '/rider-app/location/', body: { pings } });
});

/** What a delivery's answer said about the tubes (the server's tube check), for the rider. */
export type TubeNotice = { key: string; missing: string[]; unknown: string[] };
let notices: TubeNotice[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
export const getNotices = () => notices;
export function dismissNotice(key: string) {
  notices = notices.filter((n) => n.key !== key);
  emit();
}
/** Called after each item the server accepted (the task list reloads). */
export function onChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function queue(draft: Draft): Promise<OutboxItem | null> {
  const session = getSession();
  if (!session) return null;
  const item = await outbox.enqueue(session.user.id, draft);
  void flush();
  return item;
}

/** An action on one order ('reached', 'collected', 'problem', 'patient-feedback'), queued. */
export function queueOrderAction(
  order: { id: number; number: string },
  kind: 'reached' | 'collected' | 'problem' | 'feedback',
  body: unknown,
): Promise<OutboxItem | null> {
  const step = kind === 'feedback' ? 'patient-feedback' : kind;
  return queue({
    kind,
    path: `/rider-app/orders/${order.id}/${step}/`,
    body,
    orderId: order.id,
    orderNumber: order.number,
  });
}

async function send(item: OutboxItem): Promise<SendOutcome> {
  const answer = await call<unknown>('POST', item.path, item.body, {
    'Idempotency-Key': item.key,
  });
  if (answer.ok) return { kind: 'ok', data: answer.data };
  const kind = classify(answer.status);
  if (kind === 'auth') return { kind: 'auth' };
  const detail = answer.detail ?? '';
  if (kind === 'retry') return { kind: 'retry', status: answer.status, detail };
  return { kind: 'refused', status: answer.status, detail };
}

function sent(item: OutboxItem, data: unknown) {
  const tubes = (data as { tubes?: { missing?: string[]; unknown?: string[] } } | null)?.tubes;
  if (item.kind === 'deliver' && tubes && (tubes.missing?.length || tubes.unknown?.length)) {
    notices = [
      ...notices,
      { key: item.key, missing: tubes.missing ?? [], unknown: tubes.unknown ?? [] },
    ];
  }
  emit();
}

let retryTimer: ReturnType<typeof setTimeout> | null = null;

export async function flush(): Promise<void> {
  const session = getSession();
  if (!session || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  const result = await outbox.drain(session.user.id, send, sent);
  if (result.stoppedBy === 'retry') {
    const wait = outbox.nextTryIn(session.user.id);
    if (retryTimer) clearTimeout(retryTimer);
    if (wait !== null) retryTimer = setTimeout(() => void flush(), Math.max(wait, 500));
  }
}

/** Starts the sending loop once for the page's life. */
export function startRuntime(): void {
  void outbox.load().then(flush);
  window.addEventListener('online', () => {
    void outbox.retryNow().then(flush);
  });
  setInterval(() => void flush(), 15_000);
}
