/** snake_case <-> camelCase for request keys (DESIGN.md: converted at one boundary). */
export const snakeToCamel = (s: string) =>
  s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const camelToSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A JSON-like object: its prototype, not a `.constructor` property a request can set, decides
 * (a body key named `constructor` once switched the conversion off for the whole body).
 * Fastify's query parser (fast-querystring) makes objects whose prototype is an empty object
 * with a null prototype; class instances (Date, Buffer) have Object.prototype further up.
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
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

export function keysToCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysToCamel);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    // Keys without '_' (most of them) skip the regex.
    setKey(out, k.includes('_') ? snakeToCamel(k) : k, keysToCamel(value[k]));
  }
  return out;
}
