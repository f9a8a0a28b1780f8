import { ERRORS } from '@dastak/core/messages';

/**
 * What went wrong, in the domain's words. Services, jobs and the rider app's calls throw these;
 * only the HTTP edge (plugins/errors.ts, HTTP_STATUS) turns a code into a status, so a job that
 * calls a service asks "was it refused?" (isDomainError), not "was the status under 500?".
 */
export type DomainErrorCode =
  /** A field or the body is not acceptable as given; `errors` names the fields. */
  | 'invalid'
  /** No signed-in user, or a session that has ended. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** Nothing of that id, or nothing this caller may know exists. */
  | 'not_found'
  /** A rule refuses the change in the record's present state (an order already delivered). */
  | 'refused'
  /** The request collides with another write: a stale version, a reused key, a second answer. */
  | 'conflict'
  /** It existed, and no longer can be used (an expired public link). */
  | 'expired'
  /** Too many tries; `retryAfterSeconds` says when to come back. */
  | 'rate_limited';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** The sentence the console shows (spec §8), from core's messages. */
    readonly detail: string,
    readonly options: {
      /** Per-field messages, keyed by the field's path. */
      errors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      /** More of the answer beside `detail`: a stale edit's `current` and `modifiedBy` (ADR 0056). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;

export const invalid = (detail: string, errors?: Record<string, string[]>) =>
  new DomainError('invalid', detail, { errors });
/** One field refused, with the same message as the detail (a form shows it under the field). */
export const invalidField = (field: string, message: string) =>
  invalid(message, { [field]: [message] });
export const unauthenticated = (detail: string = ERRORS.NOT_AUTHENTICATED) =>
  new DomainError('unauthenticated', detail);
export const forbidden = (detail: string = ERRORS.PERMISSION_DENIED) =>
  new DomainError('forbidden', detail);
export const notFound = () => new DomainError('not_found', ERRORS.NOT_FOUND);
export const refused = (detail: string, errors?: Record<string, string[]>) =>
  new DomainError('refused', detail, { errors });
export const conflict = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('conflict', detail, { extra });
export const expired = (detail: string) => new DomainError('expired', detail);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', ERRORS.TOO_MANY_REQUESTS, { retryAfterSeconds });
