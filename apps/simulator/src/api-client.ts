import {
  fillPath,
  type ParamName,
  type PathOf,
  type PathParams,
  type QueryValue,
  queryString,
} from '@dastak/core/api-paths';
import type { ApiCall, Reply } from '@dastak/core/api-replies';
import type { User } from '@dastak/core/entities/auth';

/**
 * A small fetch wrapper that speaks the Dastak API as the console and the rider app do. Calls are
 * typed by core's API_REPLIES: `api.get('/orders/:vertical/:id/', { params: { vertical, id } })`
 * is a Promise<Order>, with no reply type written here to get wrong (ADR 0020).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path} -> ${status || 'network error'}: ${detail}`);
  }
}

export interface Credentials {
  email: string;
  password: string;
}

type Query = Record<string, QueryValue>;

/** A call's options: a path with ':name' segments needs them, as params. */
type CallArgs<P extends string, Options> = [ParamName<P>] extends [never]
  ? [options?: Options & { params?: never }]
  : [options: Options & { params: PathParams<P> }];

type GetOptions = { query?: Query };
type PostOptions = { body?: unknown; headers?: Record<string, string> };
type GetArgs<P extends PathOf<'GET'>> = CallArgs<P, GetOptions>;
type GetReply<P extends PathOf<'GET'>> = Reply<`GET ${P}` & ApiCall>;

/**
 * The path as sent: params filled in, then the query with snake_case keys, as the console's
 * client writes it (empty values left out, lists joined with commas).
 */
function urlOf(
  path: string,
  params: Record<string, string | number> | undefined,
  query: Query = {},
): string {
  return `${fillPath(path, params)}${queryString(query)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Spaces logins out: the server allows 30 logins a minute per address, and every simulated
 * rider logs in from this one process. Refreshes are not limited and do not pass through here.
 */
export class LoginGate {
  private nextAt = 0;

  constructor(private readonly perMinute: number) {}

  async wait(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 60_000 / this.perMinute;
    if (at > now) await sleep(at - now);
  }

  /** After a 429 nobody logs in for a while. */
  backOff(ms: number): void {
    this.nextAt = Math.max(this.nextAt, Date.now() + ms);
  }
}

export class ApiClient {
  private token: string | null = null;
  private refreshToken: string | null = null;
  private renewing: Promise<void> | null = null;
  user: User | null = null;

  constructor(
    private readonly baseUrl: string,
    readonly credentials: Credentials,
    private readonly gate: LoginGate,
    /** Called once per finished request (for the error counter). */
    private readonly onResult: (ok: boolean, error?: ApiError) => void = () => {},
  ) {}

  get loggedIn(): boolean {
    return this.token !== null;
  }

  async login(): Promise<User> {
    for (let attempt = 0; ; attempt++) {
      await this.gate.wait();
      try {
        const res = (await this.send(
          'POST',
          '/auth/login/',
          { email: this.credentials.email, password: this.credentials.password, player_id: null },
          {},
        )) as Reply<'POST /auth/login/'>;
        this.token = res.token;
        this.refreshToken = res.refreshToken;
        this.user = res.user;
        return res.user;
      } catch (e) {
        if (e instanceof ApiError && e.status === 429 && attempt < 10) {
          this.gate.backOff(15_000);
          continue;
        }
        throw e;
      }
    }
  }

  /** `get('/location/regions/', { query: { vertical } })`: the reply as core types it. */
  get<P extends PathOf<'GET'>>(path: P, ...[options]: GetArgs<P>): Promise<GetReply<P>> {
    const { params, query } = (options ?? {}) as GetOptions & { params?: PathParams<P> };
    return this.request('GET', urlOf(path, params, query)) as Promise<GetReply<P>>;
  }

  /** `post('/orders/:vertical/', { params, body, headers })`; the body is sent as it is given. */
  post<P extends PathOf<'POST'>>(
    path: P,
    ...[options]: CallArgs<P, PostOptions>
  ): Promise<Reply<`POST ${P}` & ApiCall>> {
    const {
      params,
      body = {},
      headers = {},
    } = (options ?? {}) as PostOptions & { params?: PathParams<P> };
    return this.request('POST', urlOf(path, params), body, headers) as Promise<
      Reply<`POST ${P}` & ApiCall>
    >;
  }

  /** An authenticated call: renews the access token once on 401 and retries. */
  private async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    if (!this.token) await this.renew(false);
    try {
      const out = await this.authed(method, path, body, headers);
      this.onResult(true);
      return out;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) {
        this.onResult(false, e instanceof ApiError ? e : undefined);
        throw e;
      }
      await this.renew(e.detail === 'jwt expired');
      try {
        const out = await this.authed(method, path, body, headers);
        this.onResult(true);
        return out;
      } catch (again) {
        this.onResult(false, again instanceof ApiError ? again : undefined);
        throw again;
      }
    }
  }

  private async authed(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(method, path, body, {
          ...headers,
          authorization: `Bearer ${this.token}`,
        });
      } catch (e) {
        if (e instanceof ApiError && e.status === 429 && attempt < 3) {
          await sleep(2_000 * (attempt + 1));
          continue;
        }
        throw e;
      }
    }
  }

  /** One renewal at a time: a refresh when the token merely expired, else a fresh login. */
  private renew(expired: boolean): Promise<void> {
    this.renewing ??= (async () => {
      try {
        if (expired && this.refreshToken) {
          try {
            const res = (await this.send(
              'POST',
              '/auth/refresh-token',
              { refresh_token: this.refreshToken, email: this.credentials.email },
              {},
            )) as Reply<'POST /auth/refresh-token'>;
            this.token = res.token;
            this.refreshToken = res.refreshToken;
            return;
          } catch {
            // A rotated or revoked refresh token: log in again.
          }
        }
        this.token = null;
        await this.login();
      } finally {
        this.renewing = null;
      }
    })();
    return this.renewing;
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/api/v1${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (e) {
      throw new ApiError(0, e instanceof Error ? e.message : String(e), method, path);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (!res.ok) {
      const detail =
        json && typeof json === 'object' && 'detail' in json
          ? String((json as { detail: unknown }).detail)
          : text.slice(0, 200);
      throw new ApiError(res.status, detail, method, path);
    }
    return json;
  }
}

/** The GET paths whose reply is a page ({results, next}). */
export type PagedPath = {
  [P in PathOf<'GET'>]: GetReply<P> extends { results: unknown[]; next: string | null } ? P : never;
}[PathOf<'GET'>];
type PageItem<P extends PagedPath> = GetReply<P> extends { results: (infer T)[] } ? T : never;

/**
 * Paged lists: every page, following the page numbers (at most `maxPages`, default 50), 100 a
 * page: `allPages(api, '/location/regions/', { query: { vertical } })` is a Promise<Region[]>.
 */
export async function allPages<P extends PagedPath>(
  api: ApiClient,
  path: P,
  ...[options]: CallArgs<P, GetOptions & { maxPages?: number }>
): Promise<PageItem<P>[]> {
  const { maxPages = 50, query, ...rest } = options ?? {};
  const out: PageItem<P>[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const args = [{ ...rest, query: { ...query, page, pageSize: 100 } }] as unknown as GetArgs<P>;
    const res = (await api.get(path, ...args)) as {
      results: PageItem<P>[];
      next: string | null;
    };
    out.push(...res.results);
    if (!res.next) break;
  }
  return out;
}
