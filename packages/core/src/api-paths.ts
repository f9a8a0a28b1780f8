import type { ApiCall } from './api-replies';
import { camelToSnake } from './wire-case';

/**
 * Calls by path (ADR 0020): the types a client needs to ask for '/orders/:vertical/:id/' with its
 * params. Type-only use of api-replies, so a client's bundle takes no schema from here.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The paths of one method's calls, as API_REPLIES spells them ('/orders/:vertical/:id/'). */
export type PathOf<M extends Method> = ApiCall extends infer C
  ? C extends `${M} ${infer P}`
    ? P
    : never
  : never;

/** The ':name' segments of a path. */
export type ParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<ParamName<P>, string | number>;

/** '/orders/:vertical/:id/' with { vertical: 'blood', id: 7 } -> '/orders/blood/7/'. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[];

/**
 * A call's query as the API reads it: snake_case keys, lists comma-joined, empty values left
 * out. '' or '?a=1&b=2'.
 */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(camelToSnake(key), Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
