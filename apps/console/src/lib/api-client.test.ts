import { ERRORS } from '@dastak/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client reads and writes the session in localStorage and announces auth events on window:
// a Map and an EventTarget stand in for them (the console project runs in node).
vi.mock('./toast', () => ({ showErrorToast: vi.fn(), showSuccessToast: vi.fn() }));
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, String(v)),
  removeItem: (k: string) => store.delete(k),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
});
vi.stubGlobal('window', new EventTarget());

const { apiRequest } = await import('./api-client');
const { showErrorToast } = await import('./toast');

type Call = { url: string; auth: string | null; body: unknown };

/** A fake server: 'jwt expired' for the old token, a slow refresh that hands out 'new'. */
function fakeServer(refresh: { status: number; delayMs: number }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).Authorization ?? null;
    const body = init.body ? JSON.parse(String(init.body)) : null;
    calls.push({ url, auth, body });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url.includes('/auth/refresh-token')) {
      await new Promise((r) => setTimeout(r, refresh.delayMs));
      return refresh.status === 200
        ? json(200, { token: 'new', refreshToken: 'refresh-2' })
        : json(refresh.status, { detail: 'Refresh token is invalid.' });
    }
    if (auth !== 'Bearer new') return json(401, { detail: ERRORS.JWT_EXPIRED });
    return json(200, { url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  store.clear();
  store.set('dastak.token', 'old');
  store.set('dastak.refreshToken', 'refresh-1');
  store.set('dastak.user', JSON.stringify({ email: 'agent@dastak.local' }));
});
afterEach(() => vi.mocked(showErrorToast).mockClear());

describe('the api client when the access token has expired', () => {
  it('refreshes once for requests that fail together, and retries each with the new token', async () => {
    const calls = fakeServer({ status: 200, delayMs: 30 });
    const answers = await Promise.all([
      apiRequest<{ url: string }>('/orders/blood/'),
      apiRequest<{ url: string }>('/riders/'),
      apiRequest<{ url: string }>('/customers/'),
    ]);
    expect(answers.map((a) => a.url)).toEqual([
      '/api/v1/orders/blood/',
      '/api/v1/riders/',
      '/api/v1/customers/',
    ]);
    const refreshes = calls.filter((c) => c.url.includes('/auth/refresh-token'));
    expect(refreshes).toHaveLength(1);
    // snake_case on the wire, the stored user's email with the refresh token.
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-1', email: 'agent@dastak.local' });
    expect(store.get('dastak.token')).toBe('new');
    expect(store.get('dastak.refreshToken')).toBe('refresh-2');
    expect(calls.filter((c) => c.auth === 'Bearer new')).toHaveLength(3);
  });

  it('ends the session when the refresh is refused, and every waiting request fails', async () => {
    const calls = fakeServer({ status: 401, delayMs: 10 });
    const results = await Promise.allSettled([
      apiRequest('/orders/blood/'),
      apiRequest('/riders/'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((c) => c.url.includes('/auth/refresh-token'))).toHaveLength(1);
    expect(store.has('dastak.token')).toBe(false);
    expect(store.has('dastak.refreshToken')).toBe(false);
  });
});

describe('the api client when the server answers 503', () => {
  /** 503 with Retry-After: 0 the first `failures` times, then 200. */
  function restartingServer(failures: number) {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push(`${init.method} ${url}`);
        const down = seen.length <= failures;
        return new Response(JSON.stringify(down ? { detail: ERRORS.DATABASE_UNAVAILABLE } : {}), {
          status: down ? 503 : 200,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      }),
    );
    store.set('dastak.token', 'new');
    return seen;
  }

  it('reads again after Retry-After, and the user never hears of it', async () => {
    const seen = restartingServer(2);
    await expect(apiRequest('/riders/')).resolves.toEqual({});
    expect(seen).toEqual(Array(3).fill('GET /api/v1/riders/'));
    expect(showErrorToast).not.toHaveBeenCalled();
  });

  it('does not repeat a write, which may have been applied: the user is told', async () => {
    const seen = restartingServer(1);
    await expect(apiRequest('/riders/', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(1);
    expect(showErrorToast).toHaveBeenCalledWith(ERRORS.DATABASE_UNAVAILABLE);
  });
});
