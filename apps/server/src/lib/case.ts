/** snake_case <-> camelCase for request keys (DESIGN.md: converted at one boundary). */
export const snakeToCamel = (s: string) =>
  s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const camelToSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  // Fastify's query parser makes objects whose prototype chain ends without Object (no constructor).
  const ctor = (v as { constructor?: unknown }).constructor;
  return ctor === Object || ctor === undefined;
}

export function keysToCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysToCamel);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[snakeToCamel(k)] = keysToCamel(v);
  return out;
}
