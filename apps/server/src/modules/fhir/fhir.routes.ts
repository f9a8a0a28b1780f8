import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import { PERMISSIONS, ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { readResource, searchResources } from './fhir.service';
import { capabilityStatement } from './fhir-capability';
import { fhirContext } from './fhir-context';
import { FHIR_CONTENT_TYPE, operationOutcome } from './fhir-outcome';
import { RESOURCE_TYPES } from './fhir-resources';

/** The raw query string: FHIR parameters are read as sent (repeats, prefixes, `|`). */
const queryOf = (req: FastifyRequest) => {
  const at = req.url.indexOf('?');
  return at < 0 ? '' : req.url.slice(at + 1);
};

const fhir = (reply: FastifyReply) => reply.type(FHIR_CONTENT_TYPE);

/**
 * The read-only FHIR R4 API under /fhir (ADR 0068): a CapabilityStatement, and read and search of
 * Patient, ServiceRequest, Specimen and Task, for a caller with 'Can view order' (a staff user,
 * or an API key with that scope). Every error, the auth refusals included, is an OperationOutcome.
 */
export const fhirRoutes: FastifyPluginAsync = async (app) => {
  const c = fhirContext(app.config.PUBLIC_URL);

  // The app's errors are `{detail, errors}`; here they go out as an OperationOutcome. This hook
  // sees every answer of this scope, whoever raised it (auth, limits, the handlers, a 500).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
    let body: { detail?: unknown; errors?: Record<string, string[]>; resourceType?: string };
    try {
      body = JSON.parse(payload);
    } catch {
      return done(null, payload);
    }
    if (body?.resourceType === 'OperationOutcome' || typeof body?.detail !== 'string') {
      return done(null, payload);
    }
    fhir(reply);
    done(null, JSON.stringify(operationOutcome(reply.statusCode, body.detail, body.errors)));
  });

  // An unknown path is a 404, a known one's other method (a write: this API is read-only) a 405
  // with Allow, as everywhere else in the app (method-not-allowed.ts), both in FHIR.
  app.setNotFoundHandler({}, (req, reply) => {
    const allowed = app.allowedMethods(req.url.split('?', 1)[0] ?? '');
    if (allowed.length && !allowed.includes(req.method)) {
      return fhir(reply)
        .code(405)
        .header('allow', allowed.join(', '))
        .send(operationOutcome(405, HTTP_MESSAGES.METHOD_NOT_ALLOWED));
    }
    return fhir(reply).code(404).send(operationOutcome(404, ERRORS.NOT_FOUND));
  });

  // Public, as FHIR clients read it before they sign in; it holds no data.
  app.get(
    '/metadata',
    { config: { access: ROUTE_ACCESS.PUBLIC }, schema: { hide: true } },
    async (_req, reply) => fhir(reply).send(capabilityStatement(c)),
  );

  for (const type of RESOURCE_TYPES) {
    app.get(
      `/${type}`,
      { config: { access: PERMISSIONS.CAN_VIEW_ORDER }, schema: { hide: true } },
      async (req, reply) => fhir(reply).send(await searchResources(app.db, c, type, queryOf(req))),
    );
    app.get<{ Params: { id: string } }>(
      `/${type}/:id`,
      { config: { access: PERMISSIONS.CAN_VIEW_ORDER }, schema: { hide: true } },
      async (req, reply) => fhir(reply).send(await readResource(app.db, c, type, req.params.id)),
    );
  }
};
