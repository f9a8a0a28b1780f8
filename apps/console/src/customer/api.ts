import { fillPath, type PathOf, type PathParams } from '@dastak/core/api-paths';
import type { ApiCall, Reply } from '@dastak/core/api-replies';
import { parseRetryAfter } from '@dastak/core/rules/poll-backoff';
import { keysToSnake } from '@dastak/core/wire-case';

/**
 * Plain fetch to the public API (no TanStack Query here). Request bodies are sent snake_case,
 * answers arrive camelCase (the server converts at its boundary). A network failure is a
 * status 0 answer, so each page decides where it leads, and nothing ever toasts.
 */
export type ApiAnswer<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      detail: string | null;
      /** A 429's Retry-After, in seconds (the page waits that long before asking again). */
      retryAfterSeconds: number | null;
    };

export async function publicApi<M extends 'GET' | 'PUT' | 'PATCH', P extends PathOf<M>>(
  method: M,
  path: P,
  params: PathParams<P>,
  body?: unknown,
): Promise<ApiAnswer<Reply<`${M} ${P}` & ApiCall>>> {
  type T = Reply<`${M} ${P}` & ApiCall>;
  let response: Response;
  try {
    response = await fetch(`/api/v1${fillPath(path, params)}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(keysToSnake(body)),
    });
  } catch {
    return { ok: false, status: 0, detail: null, retryAfterSeconds: null };
  }
  const data = (await response.json().catch(() => null)) as (T & { detail?: string }) | null;
  if (response.ok && data !== null) return { ok: true, status: response.status, data };
  return {
    ok: false,
    status: response.status,
    detail: typeof data?.detail === 'string' ? data.detail : null,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  };
}
