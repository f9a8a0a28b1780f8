import { z } from 'zod';
import { EDIT_CONFLICT } from '../messages/edit-conflict';
import { type NamedRef, namedRefSchema } from './common';

/**
 * Optimistic concurrency of the records staff edit in forms: customers, patients, addresses,
 * orders and shift schedules (docs/decisions/0056). Each carries `version`, its edit count; the
 * record's answers send it as an ETag too. An edit that sends `If-Match` with the version it
 * read changes the record only if nobody changed it meanwhile, else answers 409 with the record
 * as it is now (`current`) and who changed it last (`modifiedBy`). An edit without If-Match
 * behaves as before: the last write wins (API clients such as the simulator).
 */

export const versionSchema = z
  .number()
  .int()
  .positive()
  .describe('Edit count of the record; send it back as If-Match to edit it safely.');

/** A version as an entity tag: "3" (strong; the console and API clients send it back). */
export const etagOf = (version: number) => `"${version}"`;

/** One strong ETag ("3", or bare 3), or `*` (any version: no check). */
const IF_MATCH = /^\s*(?:\*|"[1-9]\d{0,8}"|[1-9]\d{0,8})\s*$/;

/** The request headers of an edit: If-Match, optional (route schemas; the OpenAPI lists it). */
export const ifMatchHeadersSchema = z.object({
  'if-match': z
    .string()
    .regex(IF_MATCH, { error: EDIT_CONFLICT.IF_MATCH_INVALID })
    .optional()
    .describe(
      'The ETag (version) the record was read with. When another edit came first the answer is 409 with `current` and `modifiedBy`; without the header the edit always applies.',
    ),
});

/** The version an If-Match header names; undefined when absent or `*` (edit whatever is there). */
export function versionFromIfMatch(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = value === undefined ? null : /^\s*"?(\d{1,9})"?\s*$/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/** Who made the record's last edit; null when unknown (before versions, or a background job). */
export const modifiedBySchema = namedRefSchema.nullable();

/** The 409 body of a stale edit. */
export type VersionConflict<T> = { detail: string; current: T; modifiedBy: NamedRef | null };

/** True when an error body is a stale-edit 409 (it carries the record as it is now). */
export function isVersionConflict(body: unknown): body is VersionConflict<unknown> {
  return !!body && typeof body === 'object' && 'current' in body && 'modifiedBy' in body;
}
