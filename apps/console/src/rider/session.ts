/**
 * The rider's session on the phone: the access token, the refresh token (rotated on every
 * refresh, as the console's) and who signed in. Kept in localStorage so the rider stays signed
 * in across days; the refresh token outlives any access token.
 */
export type RiderSession = {
  token: string;
  refreshToken: string;
  user: { id: number; email: string; fullName: string };
};

const KEY = 'dastak-rider-session';
const listeners = new Set<() => void>();
let cached: RiderSession | null | undefined;

export function getSession(): RiderSession | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    cached = raw ? (JSON.parse(raw) as RiderSession) : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function setSession(session: RiderSession | null): void {
  cached = session;
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function updateTokens(token: string, refreshToken: string): void {
  const s = getSession();
  if (s) setSession({ ...s, token, refreshToken });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
