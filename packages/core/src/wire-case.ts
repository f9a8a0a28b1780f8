/**
 * The API speaks snake_case on the wire (spec §7) and the code camelCase (DESIGN.md): the one
 * conversion every side uses, the server's request boundary, the console's and customer pages'
 * clients, the demo's inserts, the OpenAPI document and the e2e API clients.
 */

export const snakeToCamel = (key: string) =>
  key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export const camelToSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A JSON-like object: its prototype, not a `.constructor` property a request can set, decides
 * (a body key named `constructor` once switched the conversion off for the whole body).
 * Fastify's query parser (fast-querystring) makes objects whose prototype is an empty object
 * with a null prototype; class instances (Date, File, Buffer) have Object.prototype further up
 * and pass through unchanged.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Every key is data: `__proto__` becomes an own property, never the output's prototype. */
function setKey(out: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    out[key] = value;
  }
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setKey(out, convert(key), convertKeys(value[key], convert));
  return out;
}

/** Deep snake_case → camelCase of plain objects and arrays (what a request carries in). */
export function keysToCamel(value: unknown): unknown {
  // Keys without '_' (most of them) skip the regex.
  return convertKeys(value, (key) => (key.includes('_') ? snakeToCamel(key) : key));
}

/** Deep camelCase → snake_case of plain objects and arrays (what a client sends). */
export function keysToSnake(value: unknown): unknown {
  return convertKeys(value, camelToSnake);
}
