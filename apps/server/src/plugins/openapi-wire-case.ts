import { camelToSnake, keysToSnake } from '@dastak/core/wire-case';

type JsonSchema = Record<string, unknown>;

const isObject = (v: unknown): v is JsonSchema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Keywords whose value is one subschema, or a list of them, or a name -> subschema map whose
// names are schema names (not property names, so they keep their spelling).
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['$defs', 'definitions'];

/**
 * The request schemas are written in camelCase because the case boundary (case-boundary.ts)
 * camelCases request keys before validation; on the wire a client sends snake_case. This
 * rewrites a request body or querystring JSON schema into what the client must send:
 * property names, `required` lists and object defaults, through nested objects, arrays and
 * unions. Values (enums, patterns) are data and stay as they are.
 */
export function toWireCase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toWireCase);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = { ...schema };
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, sub]) => [camelToSnake(key), toWireCase(sub)]),
    );
  }
  if (Array.isArray(schema.required)) {
    out.required = schema.required.map((key) =>
      typeof key === 'string' ? camelToSnake(key) : key,
    );
  }
  if (isObject(schema.default)) out.default = keysToSnake(schema.default);
  for (const key of [...SUBSCHEMA, ...SUBSCHEMA_LISTS]) {
    if (key in schema) out[key] = toWireCase(schema[key]);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const defs = schema[key];
    if (isObject(defs)) {
      out[key] = Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, toWireCase(v)]));
    }
  }
  return out;
}
