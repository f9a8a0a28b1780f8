/** A small fetch wrapper that speaks the Dastak API as the console and the rider app do. */

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

export interface LoggedInUser {
  id: number;
  email: string;
  userType: number;
  firstName: string;
  lastName: string;
  userPermissions: { name: string }[];
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
  user: LoggedInUser | null = null;

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

  async login(): Promise<LoggedInUser> {
    for (let attempt = 0; ; attempt++) {
      await this.gate.wait();
      try {
        const res = await this.send<{ token: string; refreshToken: string; user: LoggedInUser }>(
          'POST',
          '/auth/login/',
          { email: this.credentials.email, password: this.credentials.password, player_id: null },
          {},
        );
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

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
    return this.request<T>('POST', path, body, headers);
  }

  /** An authenticated call: renews the access token once on 401 and retries. */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    if (!this.token) await this.renew(false);
    try {
      const out = await this.authed<T>(method, path, body, headers);
      this.onResult(true);
      return out;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) {
        this.onResult(false, e instanceof ApiError ? e : undefined);
        throw e;
      }
      await this.renew(e.detail === 'jwt expired');
      try {
        const out = await this.authed<T>(method, path, body, headers);
        this.onResult(true);
        return out;
      } catch (again) {
        this.onResult(false, again instanceof ApiError ? again : undefined);
        throw again;
      }
    }
  }

  private async authed<T>(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send<T>(method, path, body, {
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
            const res = await this.send<{ token: string; refreshToken: string }>(
              'POST',
              '/auth/refresh-token',
              { refresh_token: this.refreshToken, email: this.credentials.email },
              {},
            );
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

  private async send<T>(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<T> {
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
    return json as T;
  }
}

/** Paged lists: every page, following the page numbers (at most `maxPages`). */
export async function allPages<T>(api: ApiClient, path: string, maxPages = 50): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= maxPages; page++) {
    const res = await api.get<{ results: T[]; next: string | null }>(
      `${path}${sep}page=${page}&page_size=100`,
    );
    out.push(...res.results);
    if (!res.next) break;
  }
  return out;
}
