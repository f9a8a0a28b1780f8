import { ROUTE_ACCESS, type RouteAccess } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../lib/domain-errors';
import type { AuthUser, TokenService } from '../modules/auth/tokens';

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's schemas (tests walk them: every id field, every text field). */
  schema: FastifySchema | undefined;
}

/**
 * Every route declares `config.access`: a permission name, 'authenticated' (any staff user),
 * 'rider', 'signed-in' (staff or rider) or 'public' (DESIGN.md). This plugin records the route table (a test fails on a route without a
 * declaration), authenticates Bearer tokens (JWTs, and API keys by their `dsk_live_` prefix,
 * ADR 0066) and refuses what the user may not do.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: a scope's own onRoute hook (declarePublic) runs after this one.
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get schema() {
          return route.schema as FastifySchema | undefined;
        },
      });
    }
  });

  // A callback hook, not an async one: a console resends the same token all day, and for a token
  // verified before the whole check runs without a promise (ADR 0022).
  app.addHook('onRequest', (req, _reply, done) => {
    // routeOptions is a getter that builds a new object on every read: read it once.
    const route = req.routeOptions;
    const access = route.config?.access;
    // 404s have no route; the not-found handler answers them.
    if (!route.url || access === ROUTE_ACCESS.PUBLIC) return done();
    if (!access) return done(forbidden()); // undeclared routes are closed, never open
    const token = bearerToken(req);
    if (!token) return done(unauthenticated());
    // The hit path makes no closure: under tsx every function made per request is also named
    // at run time (esbuild's keepNames), which showed in the profile (ADR 0046).
    const known = opts.tokens.knownAccess(token);
    if (known) {
      req.user = known;
      return done(refusal(access, known));
    }
    opts.tokens.verifyAccess(token).then(
      (user) => {
        req.user = user;
        done(refusal(access, user));
      },
      (err: Error) => done(err),
    );
  });
});

/** Why `user` may not use a route of this access, or undefined when it may. */
function refusal(access: RouteAccess, user: AuthUser): Error | undefined {
  // An API key (ADR 0066) reaches only routes gated by a permission among its scopes: never a
  // staff-wide ('authenticated'), session ('signed-in') or rider route.
  if (user.apiKey) {
    return access !== ROUTE_ACCESS.SIGNED_IN &&
      access !== ROUTE_ACCESS.RIDER &&
      access !== ROUTE_ACCESS.AUTHENTICATED &&
      user.permissions.includes(access)
      ? undefined
      : forbidden();
  }
  // Any signed-in user (the session's own routes, /auth/me/).
  if (access === ROUTE_ACCESS.SIGNED_IN) return undefined;
  if (access === ROUTE_ACCESS.RIDER) {
    return user.userType === USER_TYPES.RIDER ? undefined : forbidden();
  }
  // Everything else is a staff route: 'authenticated' means an authenticated staff user, so a
  // rider (or customer) token gets 403 whatever the route (ADR 0010), lookups included.
  if (user.userType !== USER_TYPES.STAFF) return forbidden();
  if (access === ROUTE_ACCESS.AUTHENTICATED) return undefined;
  return user.permissions.includes(access) ? undefined : forbidden();
}

const BEARER = 'Bearer ';

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  // The form every client sends, 'Bearer <token>' (a token starts with a visible ASCII
  // character), without running the regular expression on every request (ADR 0022).
  const first = header.charCodeAt(BEARER.length);
  if (header.startsWith(BEARER) && first > 32 && first < 127) return header.slice(BEARER.length);
  return header.match(/^Bearer\s+(.+)$/i)?.[1];
}

/** For handlers behind a non-public route: the user is always there. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
    tokens: TokenService;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
