/**
 * The rider app's outbox (ADR 0063): every action and every batch of location pings is written
 * here first and sent in the order it was taken, each with the Idempotency-Key it got when
 * queued, so a replay after a lost answer never applies twice. A refusal (a 4xx: the order was
 * reassigned or cancelled meanwhile) leaves the queue as a card the rider reads; a network
 * failure or a 5xx waits and tries again, backing off. The store is an interface: IndexedDB on
 * the phone (idb-store.ts), memory in the unit tests.
 */

export type OutboxKind =
  | 'reached'
  | 'collected'
  | 'problem'
  | 'feedback'
  | 'deliver'
  | 'duty'
  | 'location';

export type OutboxItem = {
  /** The Idempotency-Key: made once when queued, sent with every try. */
  key: string;
  /** Order of queueing: items are sent strictly in this order. */
  seq: number;
  /** The rider who took the action: another rider signing in on the phone never sends it. */
  userId: number;
  kind: OutboxKind;
  /** Under /api/v1, e.g. '/rider-app/orders/12/reached/'. */
  path: string;
  body: unknown;
  orderId: number | null;
  orderNumber: string | null;
  queuedAt: string;
  attempts: number;
  /** Epoch ms before which the item is not tried again (back-off). */
  notBefore: number;
  lastError: string | null;
};

export type Refusal = {
  key: string;
  userId: number;
  kind: OutboxKind;
  orderId: number | null;
  orderNumber: string | null;
  status: number;
  detail: string;
  at: string;
};

export interface OutboxStore {
  items(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(key: string): Promise<void>;
  refusals(): Promise<Refusal[]>;
  putRefusal(refusal: Refusal): Promise<void>;
  removeRefusal(key: string): Promise<void>;
}

/** What one try of an item came to. */
export type SendOutcome =
  | { kind: 'ok'; data: unknown }
  /** Will not be accepted as it is: off the queue, onto a card. */
  | { kind: 'refused'; status: number; detail: string }
  /** Not this time (no network, a 5xx, a 429): stays first in the queue, tried again later. */
  | { kind: 'retry'; status: number; detail: string }
  /** The session ended: nothing more is sent until the rider signs in again. */
  | { kind: 'auth' };

/** An answer's status as the outbox reads it (0: no answer at all). */
export function classify(status: number): 'ok' | 'refused' | 'retry' | 'auth' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 0 || status >= 500 || status === 408 || status === 425 || status === 429)
    return 'retry';
  if (status === 401) return 'auth';
  return 'refused';
}

const BACKOFF_FIRST_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … up to 5 min between tries of the same item. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

export type Draft = Pick<OutboxItem, 'kind' | 'path' | 'body'> &
  Partial<Pick<OutboxItem, 'orderId' | 'orderNumber'>>;

export type DrainResult = {
  sent: number;
  refused: number;
  /** Why the drain stopped early: an item waits for its retry, or the session ended. */
  stoppedBy: 'retry' | 'auth' | null;
};

export type Snapshot = { items: readonly OutboxItem[]; refusals: readonly Refusal[] };

export class Outbox {
  private snap: Snapshot = { items: [], refusals: [] };
  private readonly listeners = new Set<() => void>();
  private draining: Promise<DrainResult> | null = null;
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly clock: { now: () => number; uuid: () => string } = {
      now: () => Date.now(),
      uuid: () => crypto.randomUUID(),
    },
  ) {}

  /** Reads what a previous visit left queued (once). */
  load(): Promise<void> {
    this.loaded ??= this.refresh();
    return this.loaded;
  }

  private async refresh(): Promise<void> {
    const [items, refusals] = await Promise.all([this.store.items(), this.store.refusals()]);
    this.snap = {
      items: [...items].sort((a, b) => a.seq - b.seq),
      refusals: [...refusals].sort((a, b) => a.at.localeCompare(b.at)),
    };
    for (const l of this.listeners) l();
  }

  snapshot(): Snapshot {
    return this.snap;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async enqueue(userId: number, draft: Draft): Promise<OutboxItem> {
    await this.load();
    const items = await this.store.items();
    const seq = items.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
    const item: OutboxItem = {
      key: this.clock.uuid(),
      seq,
      userId,
      kind: draft.kind,
      path: draft.path,
      body: draft.body,
      orderId: draft.orderId ?? null,
      orderNumber: draft.orderNumber ?? null,
      queuedAt: new Date(this.clock.now()).toISOString(),
      attempts: 0,
      notBefore: 0,
      lastError: null,
    };
    await this.store.put(item);
    await this.refresh();
    return item;
  }

  /**
   * Sends the user's items in order, one at a time, until the queue is empty or one must wait.
   * One drain at a time: a second call while one runs gets the running one's result.
   */
  drain(
    userId: number,
    send: (item: OutboxItem) => Promise<SendOutcome>,
    onSent?: (item: OutboxItem, data: unknown) => void,
  ): Promise<DrainResult> {
    this.draining ??= this.run(userId, send, onSent).finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async run(
    userId: number,
    send: (item: OutboxItem) => Promise<SendOutcome>,
    onSent?: (item: OutboxItem, data: unknown) => void,
  ): Promise<DrainResult> {
    await this.load();
    const result: DrainResult = { sent: 0, refused: 0, stoppedBy: null };
    for (;;) {
      const items = (await this.store.items())
        .filter((i) => i.userId === userId)
        .sort((a, b) => a.seq - b.seq);
      const item = items[0];
      if (!item) break;
      if (item.notBefore > this.clock.now()) {
        result.stoppedBy = 'retry';
        break;
      }
      const outcome = await send(item);
      if (outcome.kind === 'ok') {
        await this.store.remove(item.key);
        result.sent += 1;
        onSent?.(item, outcome.data);
      } else if (outcome.kind === 'refused') {
        await this.store.putRefusal({
          key: item.key,
          userId: item.userId,
          kind: item.kind,
          orderId: item.orderId,
          orderNumber: item.orderNumber,
          status: outcome.status,
          detail: outcome.detail,
          at: new Date(this.clock.now()).toISOString(),
        });
        await this.store.remove(item.key);
        result.refused += 1;
      } else if (outcome.kind === 'retry') {
        const attempts = item.attempts + 1;
        await this.store.put({
          ...item,
          attempts,
          notBefore: this.clock.now() + backoffMs(attempts),
          lastError: outcome.detail,
        });
        result.stoppedBy = 'retry';
        await this.refresh();
        break;
      } else {
        result.stoppedBy = 'auth';
        break;
      }
      await this.refresh();
    }
    return result;
  }

  /** The wait before the first item may be tried again (0: now; null: nothing queued). */
  nextTryIn(userId: number): number | null {
    const first = this.snap.items.find((i) => i.userId === userId);
    if (!first) return null;
    return Math.max(0, first.notBefore - this.clock.now());
  }

  /** Online again: what waited on a back-off may go at once. */
  async retryNow(): Promise<void> {
    for (const item of await this.store.items()) {
      if (item.notBefore > 0) await this.store.put({ ...item, notBefore: 0 });
    }
    await this.refresh();
  }

  async dismiss(key: string): Promise<void> {
    await this.store.removeRefusal(key);
    await this.refresh();
  }

  /** Sign-out: the rider chose to drop what was not sent (they were warned). */
  async clear(userId: number): Promise<void> {
    for (const item of await this.store.items())
      if (item.userId === userId) await this.store.remove(item.key);
    for (const r of await this.store.refusals())
      if (r.userId === userId) await this.store.removeRefusal(r.key);
    await this.refresh();
  }
}

/** A store in memory: the unit tests', and the fallback where IndexedDB is missing. */
export function memoryStore(): OutboxStore {
  const items = new Map<string, OutboxItem>();
  const refusals = new Map<string, Refusal>();
  return {
    items: async () => [...items.values()].map((i) => ({ ...i })),
    put: async (item) => {
      items.set(item.key, { ...item });
    },
    remove: async (key) => {
      items.delete(key);
    },
    refusals: async () => [...refusals.values()],
    putRefusal: async (r) => {
      refusals.set(r.key, r);
    },
    removeRefusal: async (key) => {
      refusals.delete(key);
    },
  };
}
