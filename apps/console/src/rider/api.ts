import { fillPath, type PathOf, type PathParams, queryString } from '@dastak/core/api-paths';
import type { ApiCall, Reply } from '@dastak/core/api-replies';
import { keysToSnake } from '@dastak/core/wire-case';
import { getSession, setSession, updateTokens } from './session';

/**
 * The rider app's fetch to /api/v1 (no query library): snake_case bodies out, camelCase answers
 * in, the bearer token, and a silent refresh when the access token has expired, one refresh at
 * a time however many calls hit it (the console's rule, apps/console/src/lib/api-client.ts).
 * A network failure is a status 0 answer: the caller (often the outbox) decides what follows.
 */
export type Answer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; detail: string | null };

const BASE = '/api/v1';
const JWT_EXPIRED = 'jwt expired';

async function raw(
  method: string,
  path: string,
  body: unknown,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: unknown }> {
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  if (body !== undefined) h['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(keysToSnake(body)),
    });
  } catch {
    return { status: 0, data: null };
  }
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  return { status: response.status, data };
}

const detailOf = (data: unknown): string | null =>
  data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string'
    ? data.detail
    : null;

type Refresh = 'ok' | 'rejected' | 'unreachable';
let refreshing: Promise<Refresh> | null = null;

function refresh(): Promise<Refresh> {
  refreshing ??= (async (): Promise<Refresh> => {
    const session = getSession();
    if (!session) return 'rejected';
    const { status, data } = await raw(
      'POST',
      '/auth/refresh-token',
      { refreshToken: session.refreshToken, email: session.user.email },
      null,
    );
    if (status === 0) return 'unreachable';
    const reply = data as Reply<'POST /auth/refresh-token'> | null;
    if (status !== 200 || !reply?.token) return 'rejected';
    // Signed out while the refresh ran: do not bring the session back.
    if (getSession()?.refreshToken !== session.refreshToken) return 'rejected';
    updateTokens(reply.token, reply.refreshToken);
    return 'ok';
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A call with the session's token; 401 with no way to refresh ends the session. */
export async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer<T>> {
  const sent = getSession()?.token ?? null;
  let result = await raw(method, path, body, sent, headers);
  if (result.status === 401 && detailOf(result.data) === JWT_EXPIRED) {
    const stored = getSession()?.token ?? null;
    const outcome: Refresh = stored && stored !== sent ? 'ok' : await refresh();
    if (outcome === 'unreachable') return { ok: false, status: 0, detail: null };
    if (outcome === 'rejected') {
      setSession(null);
      return { ok: false, status: 401, detail: detailOf(result.data) };
    }
    result = await raw(method, path, body, getSession()?.token ?? null, headers);
  }
  if (result.status === 401) setSession(null);
  if (result.status >= 200 && result.status < 300)
    return { ok: true, status: result.status, data: result.data as T };
  return { ok: false, status: result.status, detail: detailOf(result.data) };
}

/** A typed read: the answer's type comes from core's API_REPLIES. */
export function get<P extends PathOf<'GET'>>(
  path: P,
  params: PathParams<P>,
  query: Record<string, string | number> = {},
): Promise<Answer<Reply<`GET ${P}` & ApiCall>>> {
  return call('GET', `${fillPath(path, params)}${queryString(query)}`);
}

/** A typed write sent now (login, logout); actions go through the outbox instead. */
export function post<P extends PathOf<'POST'>>(
  path: P,
  params: PathParams<P>,
  body: unknown,
  headers?: Record<string, string>,
): Promise<Answer<Reply<`POST ${P}` & ApiCall>>> {
  return call('POST', fillPath(path, params), body, headers);
}

/** Signs in by email or mobile number (ADR 0063). */
export async function login(name: string, password: string): Promise<Answer<RiderLogin>> {
  const { status, data } = await raw('POST', '/auth/rider-login/', { login: name, password }, null);
  if (status !== 200) return { ok: false, status, detail: detailOf(data) };
  return { ok: true, status, data: data as RiderLogin };
}
export type RiderLogin = Reply<'POST /auth/rider-login/'>;

/** Ends the session on the server too (its refresh token revoked); offline, only here. */
export async function logout(): Promise<void> {
  const session = getSession();
  if (session) await post('/auth/logout/', {}, { refreshToken: session.refreshToken });
  setSession(null);
}
