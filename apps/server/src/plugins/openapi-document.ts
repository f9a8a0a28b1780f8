import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  type ErrorStatus,
  errorResponseComponents,
  errorResponseRef,
  errorSchema,
} from './openapi-errors';
import { ERROR_STATUSES_KEY } from './openapi-operation';
import { toWireCase } from './openapi-wire-case';

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];
type Operation = Record<string, unknown> & { operationId?: string; responses?: object };
type Doc = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The whole-document half of the OpenAPI transform: the shared Error schema and error
 * responses, each operation's 4xx answers as references to them, and operationIds made unique.
 */
export function openapiDocumentTransform(input: TransformObjectInput) {
  const doc = jsonSchemaTransformObject(input) as Doc;
  const schemas = { ...doc.components?.schemas };
  // Zod schemas registered with an id become components; their request ("Input") side is
  // what a client sends, so it is snake_case like the inline request schemas.
  for (const [name, schema] of Object.entries(schemas)) {
    if (name.endsWith('Input')) schemas[name] = toWireCase(schema);
  }
  doc.components = {
    ...doc.components,
    schemas: { ...schemas, Error: errorSchema },
    responses: { ...doc.components?.responses, ...errorResponseComponents() },
  };

  const seen = new Map<string, number>();
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const statuses = (operation[ERROR_STATUSES_KEY] ?? []) as ErrorStatus[];
      delete operation[ERROR_STATUSES_KEY];
      const responses = { ...operation.responses } as Record<string, unknown>;
      for (const status of statuses) responses[status] ??= errorResponseRef(status);
      operation.responses = responses;

      // Two paths that differ only in punctuation would derive the same id; routes are
      // registered in a fixed order, so the numbered one is stable.
      if (operation.operationId) {
        const count = (seen.get(operation.operationId) ?? 0) + 1;
        seen.set(operation.operationId, count);
        if (count > 1) operation.operationId = `${operation.operationId}${count}`;
      }
    }
  }
  return doc;
}
