import type { OutboxItem, OutboxStore, Refusal } from './outbox';

/**
 * The outbox kept in IndexedDB, so a queued action survives the tab closing, the phone
 * restarting and the app being opened with no network (ADR 0063). A wrapper of a few lines
 * rather than the idb package: two object stores, five calls.
 */

const DB = 'dastak-rider';
const ITEMS = 'outbox';
const REFUSALS = 'refusals';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function open(): Promise<IDBDatabase> {
  const r = indexedDB.open(DB, 1);
  r.onupgradeneeded = () => {
    r.result.createObjectStore(ITEMS, { keyPath: 'key' });
    r.result.createObjectStore(REFUSALS, { keyPath: 'key' });
  };
  return request(r);
}

export function idbStore(): OutboxStore {
  let db: Promise<IDBDatabase> | null = null;
  const tx = async <T>(
    store: string,
    mode: IDBTransactionMode,
    act: (s: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    db ??= open();
    const t = (await db).transaction(store, mode);
    const result = await request(act(t.objectStore(store)));
    await new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
    return result;
  };
  return {
    items: () => tx(ITEMS, 'readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>),
    put: async (item) => {
      await tx(ITEMS, 'readwrite', (s) => s.put(item));
    },
    remove: async (key) => {
      await tx(ITEMS, 'readwrite', (s) => s.delete(key));
    },
    refusals: () => tx(REFUSALS, 'readonly', (s) => s.getAll() as IDBRequest<Refusal[]>),
    putRefusal: async (refusal) => {
      await tx(REFUSALS, 'readwrite', (s) => s.put(refusal));
    },
    removeRefusal: async (key) => {
      await tx(REFUSALS, 'readwrite', (s) => s.delete(key));
    },
  };
}
