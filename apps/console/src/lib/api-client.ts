import {
  fillPath,
  type ParamName,
  type PathOf,
  type PathParams,
  type QueryValue,
  queryString,
} from '@dastak/core/api-paths';
import type { ApiCall, Reply } from '@dastak/core/api-replies';
import { ERRORS } from '@dastak/core/messages';
import { keysToSnake } from '@dastak/core/wire-case';
import { emitAuthEvent } from './auth-events';
import {
  dropAccessToken,
  endSession,
  getAccessToken,
  getRefreshToken,
  getStoredUserJson,
  storeTokens,
} from './session';
import { showErrorToast } from './toast';

/**
 * The one way the console talks to the server (spec §7, §8): snake_case request keys, bearer
 * token, error toasts, and a silent refresh-and-retry when the access token has expired.
 * Responses already arrive in camelCase and are returned as they are.
 */

export const API_BASE = '/api/v1';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** No error toast; the caller shows its own outcome (e.g. feedback reads, spec §8). */
  silent?: boolean;
  /** Public calls (login, password reset, feedback) send no token and never refresh. */
  auth?: boolean;
  /** Extra request headers, e.g. the Idempotency-Key of a create. */
  headers?: Record<string, string>;
};

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly detail: string | undefined,
    readonly errors?: Record<string, string[]>,
    /** The whole error body: a stale edit's 409 carries `current` and `modifiedBy` (ADR 0056). */
    readonly body?: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

type RawResponse = { status: number; data: unknown; retryAfter: number | null };

/**
 * A read the server could not serve for a moment (503: restarting, or its database is) is sent
 * again after the Retry-After it names, up to this many times and this long a wait; writes are
 * not repeated (they may have been applied), their 503 reaches the user.
 */
const READ_RETRIES_ON_503 = 3;
const READ_RETRY_MAX_WAIT_S = 10;

function buildUrl(path: string, query: RequestOptions['query']): string {
  return `${API_BASE}${path}${queryString(query)}`;
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(keysToSnake(options.body));
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // An aborted query is not a failure the user needs to hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ERRORS.NETWORK);
  }
  // Seconds (the server sends no HTTP-date form); absent or unreadable: null.
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    data: await readBody(response),
    retryAfter: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
  } satisfies RawResponse;
}

/** `send`, again after Retry-After while a read meets 503 (READ_RETRIES_ON_503). */
async function sendRetryingReads(path: string, options: RequestOptions, token: string | null) {
  for (let tries = 0; ; tries++) {
    const result = await send(path, options, token);
    const retry = result.status === 503 && (options.method ?? 'GET') === 'GET';
    if (!retry || tries === READ_RETRIES_ON_503 || options.signal?.aborted) return result;
    const waitS = Math.min(result.retryAfter ?? 1, READ_RETRY_MAX_WAIT_S);
    await new Promise((resolve) => setTimeout(resolve, waitS * 1000));
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function detailOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') {
    return data.detail;
  }
  return undefined;
}

function errorsOf(data: unknown): Record<string, string[]> | undefined {
  if (data && typeof data === 'object' && 'errors' in data && data.errors) {
    return data.errors as Record<string, string[]>;
  }
  return undefined;
}

type RefreshOutcome =
  | { kind: 'ok'; token: string }
  | { kind: 'rejected'; detail?: string }
  | { kind: 'unreachable' };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** Single flight: every request that hits 'jwt expired' meanwhile waits for the same refresh. */
function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function runRefresh(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  const user = getStoredUserJson() as { email?: unknown } | null;
  const email = typeof user?.email === 'string' ? user.email : null;
  if (!refreshToken || !email) return { kind: 'rejected' };
  let result: RawResponse;
  try {
    result = await send(
      '/auth/refresh-token',
      { method: 'POST', body: { refreshToken, email } },
      null,
    );
  } catch {
    return { kind: 'unreachable' };
  }
  const data = result.data as { token?: unknown; refreshToken?: unknown } | null;
  if (result.status !== 200 || typeof data?.token !== 'string') {
    emitAuthEvent('tokenRefreshFail');
    return { kind: 'rejected', detail: detailOf(result.data) };
  }
  // A logout while the refresh was in flight wins: do not resurrect the session.
  if (getRefreshToken() !== refreshToken) return { kind: 'rejected' };
  storeTokens({ token: data.token, refreshToken: String(data.refreshToken) });
  emitAuthEvent('tokenRefresh');
  return { kind: 'ok', token: data.token };
}

function fail(error: ApiError, options: RequestOptions, toastMessage?: string): never {
  if (!options.silent && toastMessage) showErrorToast(toastMessage);
  throw error;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const sentToken = auth ? getAccessToken() : null;
  let result: RawResponse;
  try {
    result = await sendRetryingReads(path, options, sentToken);
    if (auth && result.status === 401 && detailOf(result.data) === ERRORS.JWT_EXPIRED) {
      // Another request may already have refreshed; then the stored token is newer than ours.
      const stored = getAccessToken();
      const outcome: RefreshOutcome =
        stored && stored !== sentToken ? { kind: 'ok', token: stored } : await refreshAccessToken();
      if (outcome.kind === 'unreachable') throw new ApiError(0, ERRORS.NETWORK);
      if (outcome.kind === 'rejected') {
        endSession();
        fail(new ApiError(401, ERRORS.JWT_EXPIRED), options, outcome.detail);
      }
      result = await sendRetryingReads(path, options, outcome.token);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) fail(error, options, ERRORS.NETWORK);
    throw error;
  }

  const { status, data } = result;
  if (status >= 200 && status < 300) return data as T;
  const detail = detailOf(data);
  const error = new ApiError(status, detail, errorsOf(data), data);
  if (status >= 500) {
    console.error(`[api] ${options.method ?? 'GET'} ${path} -> ${status}`, data);
    // A 503 says in words why and that it passes (restarting, database away); a 500 says nothing.
    fail(error, options, status === 503 && detail ? detail : ERRORS.SERVER);
  }
  if (status === 401 && auth) dropAccessToken();
  // A stale edit (409 with the record as it is now) is the form's to show, with who changed what.
  if (status === 409 && data && typeof data === 'object' && 'current' in data) fail(error, options);
  fail(error, options, detail ?? ERRORS.GENERIC);
}

/**
 * Opens a long-lived GET whose body the caller reads as a stream (the realtime events, spec
 * §7): the same bearer token and 'jwt expired' refresh as every call, but no toasts (the caller
 * shows its own banner) and the body left unread. Throws ApiError on a non-2xx answer; a network
 * failure rejects as fetch does.
 */
export async function openStream(
  path: string,
  options: { query?: RequestOptions['query']; signal?: AbortSignal },
): Promise<Response> {
  const open = (token: string | null) =>
    fetch(buildUrl(path, options.query), {
      headers: {
        Accept: 'text/event-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      cache: 'no-store',
      signal: options.signal,
    });
  const sentToken = getAccessToken();
  let response = await open(sentToken);
  if (response.status === 401) {
    const detail = detailOf(await readBody(response));
    if (detail !== ERRORS.JWT_EXPIRED) {
      dropAccessToken();
      throw new ApiError(401, detail);
    }
    const stored = getAccessToken();
    const outcome: RefreshOutcome =
      stored && stored !== sentToken ? { kind: 'ok', token: stored } : await refreshAccessToken();
    if (outcome.kind === 'unreachable') throw new ApiError(0, ERRORS.NETWORK);
    if (outcome.kind === 'rejected') {
      endSession();
      throw new ApiError(401, ERRORS.JWT_EXPIRED);
    }
    response = await open(outcome.token);
  }
  if (!response.ok) throw new ApiError(response.status, detailOf(await readBody(response)));
  return response;
}

type Method = NonNullable<RequestOptions['method']>;

/** A call's options: a path with ':name' segments needs them, for their params. */
type CallArgs<P extends string> = [ParamName<P>] extends [never]
  ? [options?: Omit<RequestOptions, 'method'> & { params?: never }]
  : [options: Omit<RequestOptions, 'method'> & { params: PathParams<P> }];

function call<M extends Method>(method: M) {
  return <P extends PathOf<M>>(
    path: P,
    ...[options]: CallArgs<P>
  ): Promise<Reply<`${M} ${P}` & ApiCall>> => {
    const { params, ...rest } = (options ?? {}) as RequestOptions & { params?: PathParams<P> };
    return apiRequest(fillPath(path, params), { ...rest, method });
  };
}

/**
 * The calls of the API by method, typed by what each answers (core's API_REPLIES, the schemas
 * the server serialises with): `api.get('/orders/:vertical/:id/', { params: { vertical, id } })`
 * is a Promise<Order> with no cast to get wrong (ADR 0020, "Response schemas").
 */
export const api = {
  get: call('GET'),
  post: call('POST'),
  put: call('PUT'),
  patch: call('PATCH'),
  delete: call('DELETE'),
};
