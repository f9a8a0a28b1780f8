/**
 * Browser storage for the session and per-vertical selections. Everything that belongs to a
 * signed-in user lives under the `dastak.` prefix so logout can clear it in one sweep; the
 * device id lives outside that prefix because it identifies the browser, not the user.
 */

const SESSION_PREFIX = 'dastak.';
const DEVICE_ID_KEY = 'dastak-device.playerId';

export const STORAGE_KEYS = {
  token: `${SESSION_PREFIX}token`,
  refreshToken: `${SESSION_PREFIX}refreshToken`,
  user: `${SESSION_PREFIX}user`,
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes our session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(SESSION_PREFIX)) notify();
  });
}

/** Subscribes to session changes in this tab and in others; returns the unsubscribe. */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readString(key: string): string | null {
  return localStorage.getItem(key);
}

export function readJson(key: string): unknown {
  const text = localStorage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function writeValues(values: Record<string, string | object | null>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  notify();
}

export function removeValue(key: string): void {
  localStorage.removeItem(key);
  notify();
}

/** Logout: token, refresh token, user and every per-vertical selection go together. */
export function clearSessionStorage(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(SESSION_PREFIX)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
  notify();
}

/**
 * The push player id sent at login. Web push arrives in a later issue; until then each browser
 * gets a stable random id so the server can still tell devices apart.
 */
export function getDeviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    // randomUUID needs a secure context; staff may open the console over plain http on a LAN.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}
