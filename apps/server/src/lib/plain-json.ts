/**
 * A route serializer that writes the handler's value as JSON without validating it first.
 *
 * Why: the app's serializer parses every response with its zod schema, which for a 20-row orders
 * page costs more CPU than the rest of the request's JavaScript (ADR 0012). Hot list routes whose
 * body the service builds field by field from its own SQL use this one; their schema stays on the
 * route for the API docs, and their tests parse real responses with it.
 *
 * A top-level field holding RawJson is written as its text, unparsed: the orders list's items
 * come from the database as the API's JSON text (migration 0015), and parsing them only to
 * stringify them again was most of the list's own CPU (ADR 0012).
 */
export const plainJsonSerializer = () => (data: unknown) => {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  const values = Object.values(data);
  if (!values.some((v) => v instanceof RawJson)) return JSON.stringify(data);
  const fields = Object.entries(data)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${v instanceof RawJson ? v.text : JSON.stringify(v)}`);
  return `{${fields.join(',')}}`;
};

/** JSON text written elsewhere (the database), placed in a reply body as it is. */
class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text in the shape of T, for a field of a body that plainJsonSerializer writes. It is typed
 * as T so the route's response type still holds; the route's tests parse real answers with its
 * schema, which is what makes the text really a T.
 */
export function rawJson<T>(text: string): T {
  return new RawJson(text) as unknown as T;
}
