import type { NamedRef } from '@dastak/core/entities/common';
import { etagOf, versionFromIfMatch } from '@dastak/core/entities/versioning';
import { EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../plugins/auth';
import { conflict, type DomainError } from './domain-errors';

/**
 * Optimistic concurrency of form edits (docs/decisions/0056). A route reads the version the
 * client saw (If-Match) and who is editing into an Edit; the repository's UPDATE adds one to
 * `version` only `where version = expected`, or the service checks it under the row's lock.
 * Either way a stale edit writes nothing and answers 409 with the record as it is now.
 */

/** An edit's concurrency facts: the version read (undefined: no check) and the editor. */
export type Edit = { expected: number | undefined; by: number | null };

/** The version the client read, from If-Match; undefined without one (or with `*`). */
export const expectedVersion = (req: FastifyRequest): number | undefined =>
  versionFromIfMatch(req.headers['if-match']);

/** The edit a signed-in request makes: its If-Match and its user. */
export const editOf = (req: FastifyRequest): Edit => ({
  expected: expectedVersion(req),
  by: currentUser(req).id,
});

/** Sends the record's version as its ETag and hands the record back (for one-line routes). */
export function withETag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header('etag', etagOf(record.version));
  return record;
}

/**
 * Thrown inside an edit's transaction when the locked row is not at the version the client read:
 * the transaction rolls back, and editOrConflict turns it into the 409.
 */
export class StaleVersion extends Error {
  constructor() {
    super('stale version');
  }
}

export function assertVersion(row: { version: number }, expected: number | undefined) {
  if (expected !== undefined && row.version !== expected) throw new StaleVersion();
}

/** A conflict answered as 409 `{detail, current, modifiedBy}`: the record as its GET answers it, and its last editor. */
export const versionConflict = (current: unknown, modifiedBy: NamedRef | null) =>
  conflict(EDIT_CONFLICT.STALE, { current, modifiedBy });

/** Runs an edit; a StaleVersion from it becomes the conflict that `conflict()` builds after the rollback. */
export async function editOrConflict<T>(
  edit: () => Promise<T>,
  conflict: () => Promise<DomainError>,
): Promise<T> {
  try {
    return await edit();
  } catch (err) {
    if (err instanceof StaleVersion) throw await conflict();
    throw err;
  }
}
