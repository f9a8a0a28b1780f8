import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, allPages, LoginGate } from './api-client';

/** A fake server: records each request and answers from `reply` by path. */
function fakeServer(reply: (url: URL, method: string) => unknown) {
  const sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[] =
    [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    sent.push({
      method,
      url: `${url.pathname}${url.search}`,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    const body =
      url.pathname === '/api/v1/auth/login/'
        ? { token: 't', refreshToken: 'r', user: { id: 1, email: 'a@b.c' } }
        : reply(url, method);
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return sent;
}

const client = () =>
  new ApiClient('http://sim.test', { email: 'a@b.c', password: 'p' }, new LoginGate(1_000));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the simulator speaks the API by core paths', () => {
  it('fills params and writes the query with snake_case keys', async () => {
    const sent = fakeServer(() => []);
    const api = client();
    await api.get('/orders/problem-strings/', { query: { vertical: 'blood' } });
    await api.get('/entity/customer-search/', { query: { search: '0300' } });
    await api.get('/orders/:vertical/:id/', { params: { vertical: 'xray', id: 7 } });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/auth/login/',
      'GET /api/v1/orders/problem-strings/?vertical=blood',
      'GET /api/v1/entity/customer-search/?search=0300',
      'GET /api/v1/orders/xray/7/',
    ]);
    expect(sent[1]?.body).toBeUndefined();
  });

  it('posts the body as given (snake_case stays), {} when there is none, with its headers', async () => {
    const sent = fakeServer(() => ({}));
    const api = client();
    await api.post('/orders/:vertical/', {
      params: { vertical: 'blood' },
      body: { time_slot: 's1', customer_address: 3 },
      headers: { 'idempotency-key': 'k' },
    });
    await api.post('/rider-app/offline/');
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/v1/orders/blood/',
      body: { time_slot: 's1', customer_address: 3 },
      headers: { 'idempotency-key': 'k', authorization: 'Bearer t' },
    });
    expect(sent[2]).toMatchObject({ url: '/api/v1/rider-app/offline/', body: {} });
  });

  it('allPages follows the pages after the query, 100 a page', async () => {
    const sent = fakeServer((url) => {
      const page = Number(url.searchParams.get('page'));
      return { count: 3, next: page < 2 ? 'more' : null, previous: null, results: [{ id: page }] };
    });
    const regions = await allPages(client(), '/location/regions/', { query: { vertical: 'xray' } });
    expect(regions.map((r) => r.id)).toEqual([1, 2]);
    expect(sent.slice(1).map((r) => r.url)).toEqual([
      '/api/v1/location/regions/?vertical=xray&page=1&page_size=100',
      '/api/v1/location/regions/?vertical=xray&page=2&page_size=100',
    ]);
  });
});
