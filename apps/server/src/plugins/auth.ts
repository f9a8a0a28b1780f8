import { ROUTE_ACCESS, type RouteAccess } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-errors';
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
 * declaration), authenticates Bearer tokens and refuses what the user may not do.
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

  app.addHook('onRequest', async (req) => {
    // routeOptions is a getter that builds a new object on every read: read it once.
    const route = req.routeOptions;
    const access = route.config?.access;
    // 404s have no route; the not-found handler answers them.
    if (!route.url) return;
    if (access === ROUTE_ACCESS.PUBLIC) return;
    if (!access) throw forbidden(); // undeclared routes are closed, never open
    req.user = await authenticate(req, opts.tokens);
    // Any signed-in user (the session's own routes, /auth/me/).
    if (access === ROUTE_ACCESS.SIGNED_IN) return;
    if (access === ROUTE_ACCESS.RIDER) {
      if (req.user.userType !== USER_TYPES.RIDER) throw forbidden();
      return;
    }
    // Everything else is a staff route: 'authenticated' means an authenticated staff user, so a
    // rider (or customer) token gets 403 whatever the route (ADR 0010), lookups included.
    if (req.user.userType !== USER_TYPES.STAFF) throw forbidden();
    if (access === ROUTE_ACCESS.AUTHENTICATED) return;
    if (!req.user.permissions.includes(access)) throw forbidden();
  });
});

async function authenticate(req: FastifyRequest, tokens: TokenService): Promise<AuthUser> {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (!match?.[1]) throw unauthorized();
  return tokens.verifyAccess(match[1]);
}

/** For handlers behind a non-public route: the user is always there. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
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
